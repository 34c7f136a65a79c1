package settings

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/discovery"
)

// The config's registrations are merged into discovery's rules here
// (config knows nothing of discovery): after the catalog's, with the
// place the config declares them; without a config the rules are the
// catalog's.
func TestRulesMergeRegistrations(t *testing.T) {
	builtin, err := discovery.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	dir := tree(t, map[string]string{
		"go.mod":           "module example.com/m\n",
		".jobeffects.yaml": "registrations:\n  - {func: example.com/m/jobs.Register, name: 0, handler: 1}\n",
	})
	s, err := NewSession().LoadConfig(ForConfig(Flags{Config: dir + "/.jobeffects.yaml"}))
	if err != nil {
		t.Fatal(err)
	}
	regs := s.Rules.Registrations
	if len(regs) != len(builtin.Registrations)+1 {
		t.Fatalf("%d registrations, want the catalog's %d and one", len(regs), len(builtin.Registrations))
	}
	r := regs[len(regs)-1]
	if r.Func != "example.com/m/jobs.Register" || r.Framework != "declared" || r.Handler != 1 || r.Source == "" {
		t.Errorf("the config's registration: %+v", r)
	}
	none, err := NewSession().LoadConfig(Request{})
	if err != nil || none.Rules != builtin {
		t.Errorf("no config: rules %p, want the catalog's %p (%v)", none.Rules, builtin, err)
	}
}
