package main

import (
	"strings"
	"testing"
)

func TestFormatList(t *testing.T) {
	t.Parallel()
	var f formatList
	for _, v := range []string{"text", "sarif=out.sarif", "json"} {
		if err := f.Set(v); err != nil {
			t.Fatalf("Set(%q): %v", v, err)
		}
	}
	if err := f.check(); err != nil || f.String() != "text,sarif=out.sarif,json" {
		t.Errorf("%s: %v", f.String(), err)
	}
	for _, bad := range []string{"xml", "sarif=", ""} {
		if err := (&formatList{}).Set(bad); err == nil {
			t.Errorf("Set(%q) accepted", bad)
		}
	}
	two := formatList{{format: "json"}, {format: "sarif"}}
	if err := two.check(); err == nil || !strings.Contains(err.Error(), "both write to stdout") {
		t.Errorf("json and sarif on stdout: %v", err)
	}
}
