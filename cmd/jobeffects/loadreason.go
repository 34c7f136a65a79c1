package main

import (
	"regexp"
	"strings"
)

// cgoFatal is the C compiler stopping in a cgo preamble, as the go command
// prints it: "…/crypto/olm/account.go:4:11: fatal error: olm/olm.h: No
// such file or directory".
var cgoFatal = regexp.MustCompile(`(?m)^\S+\.go:\d+:\d+: (fatal error: .*)$`)

// stableReason is the reason a package is left out, as the inventory
// records it. The go command runs the C compiler on a package's cgo files
// concurrently and reports the first failure it collects, so which file a
// missing header is reported at changes from run to run (dendrite's
// mautrix/crypto/olm: account.go one run, inboundgroupsession.go the
// next). The recorded reason keeps the package header and the compiler's
// message without that file, so the same input gives the same inventory;
// stderr still prints the go command's message as it came.
func stableReason(reason string) string {
	m := cgoFatal.FindStringSubmatch(reason)
	if m == nil {
		return reason
	}
	head := ""
	if first, _, _ := strings.Cut(reason, "\n"); strings.Contains(first, "# ") {
		head = first + "\n"
	}
	return head + "cgo: " + m[1] + " (in the package's cgo files; the go command names whichever file its C compiler stopped at first)"
}
