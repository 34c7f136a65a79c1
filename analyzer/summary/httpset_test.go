package summary

import "testing"

func TestIdentified(t *testing.T) {
	for p, want := range map[string]bool{
		"/crm/v3/objects/deals/{}": true,
		"/orders/1":                true,
		"/orders/1/":               true,
		"/crm/v3/objects/deals":    false,
		"/{}":                      false,
		"/orders/{}/items":         false,
		"/orders/v{}":              false,
		"":                         false,
	} {
		if got := identified(p); got != want {
			t.Errorf("identified(%q) = %v, want %v", p, got, want)
		}
	}
}
