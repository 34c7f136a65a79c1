package summary

import (
	"testing"
	"time"
)

func TestParseInterval(t *testing.T) {
	day := 24 * time.Hour
	for in, want := range map[string]time.Duration{
		"14 days": 14 * day, "1 day 12 hours": 36 * time.Hour, "2 weeks": 14 * day, "90 min": 90 * time.Minute,
		"1 month": 30 * day, "36:00:00": 0, "7d": 7 * day, "1 year": 365 * day, "12:30:00": 12*time.Hour + 30*time.Minute,
	} {
		got, ok := parseInterval(in)
		if in == "36:00:00" {
			if ok {
				t.Errorf("%q: read as %v, want not read (hours past 23)", in, got)
			}
			continue
		}
		if !ok || got != want {
			t.Errorf("%q: got %v %v, want %v", in, got, ok, want)
		}
	}
	if _, ok := parseInterval("forever"); ok {
		t.Error("forever read as an interval")
	}
}
