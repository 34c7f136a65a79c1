package wholeprogram

import (
	"reflect"
	"testing"
)

func TestChainMatch(t *testing.T) {
	for _, c := range []struct {
		pattern, chain string
		want           bool
	}{
		{"gorm:update", "gorm:update", true},
		{"gorm:update", "gorm:create", false},
		{"ent:*:create", "ent:customers:create", true},
		{"ent:customers:*", "ent:customers:update-one", true},
		{"ent:*:*", "ent:users:delete", true},
		{"ent:users:*", "ent:customers:create", false},
		{"ent:*:create", "ent:customers:update", false},
		{"ent:*", "ent:customers:create", false},
	} {
		if got := chainMatch(c.pattern, c.chain); got != c.want {
			t.Errorf("chainMatch(%q, %q) = %v, want %v", c.pattern, c.chain, got, c.want)
		}
	}
}

func TestWithOps(t *testing.T) {
	if got, want := withOps([]string{"ent:customers:{op}"}, []string{"create", "delete"}), []string{"ent:customers:create", "ent:customers:delete"}; !reflect.DeepEqual(got, want) {
		t.Errorf("withOps = %v, want %v", got, want)
	}
	if got, want := withOps([]string{"ent:*:{op}"}, nil), []string{"ent:*:*"}; !reflect.DeepEqual(got, want) {
		t.Errorf("withOps without filter = %v, want %v", got, want)
	}
	if got, want := withOps([]string{"gorm:create"}, []string{"x"}), []string{"gorm:create"}; !reflect.DeepEqual(got, want) {
		t.Errorf("withOps without {op} = %v, want %v", got, want)
	}
}
