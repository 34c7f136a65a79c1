package main

import "testing"

// TestStableReason: a cgo header missing is recorded without the file the
// go command happened to compile first; other reasons are kept as they are.
func TestStableReason(t *testing.T) {
	a := "-: # maunium.net/go/mautrix/crypto/olm\n/m/crypto/olm/account.go:4:11: fatal error: olm/olm.h: No such file or directory\n    4 | // #include <olm/olm.h>\n      |           ^~~~~~~~~~~\ncompilation terminated."
	b := "-: # maunium.net/go/mautrix/crypto/olm\n/m/crypto/olm/inboundgroupsession.go:4:11: fatal error: olm/olm.h: No such file or directory\n    4 | // #include <olm/olm.h>\n      |           ^~~~~~~~~~~\ncompilation terminated."
	want := "-: # maunium.net/go/mautrix/crypto/olm\ncgo: fatal error: olm/olm.h: No such file or directory (in the package's cgo files; the go command names whichever file its C compiler stopped at first)"
	if got := stableReason(a); got != want {
		t.Errorf("stableReason(a) = %q, want %q", got, want)
	}
	if stableReason(a) != stableReason(b) {
		t.Errorf("the two runs' reasons differ: %q, %q", stableReason(a), stableReason(b))
	}
	other := "/m/x.go:3:2: undefined: foo"
	if got := stableReason(other); got != other {
		t.Errorf("stableReason(%q) = %q, want it unchanged", other, got)
	}
}
