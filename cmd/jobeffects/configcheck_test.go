package main

import (
	"strings"
	"testing"
)

// regModule registers its handler through an in-house function a config
// describes (registrations:).
var regModule = map[string]string{
	"reg/reg.go": `package reg

import "example.com/ledger/jobs"

// Reg is the application's own registry.
func Reg(name string, h func(string) error) {}

func Wire() { Reg("ledger:add", jobs.Add) }
`,
}

// A registration whose argument indexes do not fit the function is an
// error naming the config's line, as a guard's is; a registration naming
// no function is warned about, as the other sections are.
func TestRegistrationChecks(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, reg string
		code      int
		want      string
	}{
		{"index past the parameters", "{func: example.com/ledger/reg.Reg, task: \"5\", handler: 9}", 2,
			".jobeffects.yaml:4:5 (registrations[0]): example.com/ledger/reg.Reg: handler: argument 9, but example.com/ledger/reg.Reg has 2 arguments (counted from 0, the receiver excluded)"},
		{"name past the parameters", "{func: example.com/ledger/reg.Reg, name: 4, handler: 1}", 2,
			".jobeffects.yaml:4:5 (registrations[0]): example.com/ledger/reg.Reg: name: argument 4, but example.com/ledger/reg.Reg has 2 arguments"},
		{"no such function", "{func: example.com/ledger/reg.Nope, name: 0, handler: 1}", 0,
			"jobeffects: warning: .jobeffects.yaml:4:5 (registrations[0]): func example.com/ledger/reg.Nope matches no function of the loaded packages"},
		{"fits", "{func: example.com/ledger/reg.Reg, name: 0, handler: 1}", 1, "reg.go:8:"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := tinyModule(t, regModule)
			writeTree(t, dir, map[string]string{".jobeffects.yaml": storeModel + "registrations:\n  - " + c.reg + "\n"})
			// The directive would make Add a handler anyway: drop it.
			writeTree(t, dir, map[string]string{"jobs/jobs.go": strings.Replace(ledgerModule["jobs/jobs.go"], "//jobeffects:handler ledger:add\n", "", 1)})
			_, stderr, code := runCmdEnv(t, dir, []string{"JOBEFFECTS_CACHE=off"}, binary, "./...")
			if code != c.code || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, want %d; stderr:\n%s\nwant it to contain:\n%s", code, c.code, stderr, c.want)
			}
		})
	}
}

// A config past the size limit is refused at once, with a message saying
// why (a 50 MB one ran for minutes).
func TestConfigSizeLimit(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{".jobeffects.yaml": storeModel + "# " + strings.Repeat("x", 1<<20) + "\n"})
	_, stderr, code := runCmdEnv(t, dir, []string{"JOBEFFECTS_CACHE=off"}, binary, "./...")
	if code != 2 || !strings.Contains(stderr, ".jobeffects.yaml: larger than 1 MiB: refused") {
		t.Errorf("exit %d, want 2; stderr:\n%.500s", code, stderr)
	}
}
