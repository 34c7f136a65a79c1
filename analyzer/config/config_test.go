package config

import (
	"strings"
	"testing"
)

func TestParseErrorsNameFileLineAndField(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"effects:\n  - {func: a.B, kind: email, risk: awful}\n", "cfg.yaml:2:5: effects[0]: risk \"awful\""},
		{"guards:\n  - {func: a.Claim}\n  - {exec: 1}\n", "cfg.yaml:3:5: guards[1]: needs func"},
		{"effects:\n  - {func: a.B, kind: email, colour: red}\n", "cfg.yaml:2:30: unknown field colour in an effects or guards entry"},
		{"effects: [\n", "cfg.yaml:1:1: did not find expected node content"},
		{"handlers: 3\n", "cfg.yaml:1:11: want a list of handlers entries, got 3"},
		{"retries: 3\n", "cfg.yaml:1:1: unknown field retries in the config"},
		{"effects:\n  - {func: a.B, kind: email, calls: [-1]}\n", "cfg.yaml:2:5: effects[0]: a.B: calls[0]: argument index -1 is negative"},
		{"effects:\n  - {func: a.B, kind: emial, op: send}\n", "cfg.yaml:2:5: effects[0]: kind \"emial\" is not one of db_write, db_read"},
		{"effects:\n  - {func: a.B, kind: email, op: sned}\n", "cfg.yaml:2:5: effects[0]: op \"sned\" is not one of claim"},
	} {
		_, err := Parse("cfg.yaml", []byte(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v, want an error containing %q", tc.text, err, tc.want)
		}
	}
}

func TestEmptyConfigIsValid(t *testing.T) {
	c, err := Parse("cfg.yaml", nil)
	if err != nil || len(c.Effects)+len(c.Guards) != 0 {
		t.Fatalf("empty config: %v, %+v", err, c)
	}
}

func TestGuardsAreClaims(t *testing.T) {
	c, err := Parse("cfg.yaml", []byte("guards:\n  - {func: app.ClaimOnce, exec: 1, key: 2}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if g := c.Guards[0]; !g.Claim || g.Risk != "safe" {
		t.Errorf("guard entry %+v", g)
	}
}

// FuzzParse: any text gives a config or an error naming the file; never a panic.
func FuzzParse(f *testing.F) {
	f.Add([]byte("guards:\n  - {func: app.ClaimOnce, exec: 1, key: 2, duplicate_error: [app.ErrDup]}\n"))
	f.Add([]byte("effects:\n  - {func: \"(*app.Mailer).Send\", kind: email, op: send, risk: high}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := Parse("fuzz.yaml", data)
		if err != nil && !strings.HasPrefix(err.Error(), "fuzz.yaml") {
			t.Fatalf("error does not name the file: %v", err)
		}
	})
}

func TestRulesEntries(t *testing.T) {
	c, err := Parse("x.yaml", []byte("rules: [-unresolved, check-then-act]\n"))
	if err != nil || len(c.Rules) != 2 {
		t.Fatalf("%v %v", c, err)
	}
	_, err = Parse("x.yaml", []byte("rules:\n  - -unresolved\n  - unguardd\n"))
	if err == nil || !strings.Contains(err.Error(), "x.yaml:3:5: rules[1]: unknown rule \"unguardd\"") {
		t.Errorf("got %v", err)
	}
}

// infer: false turns name inference off; absent, it is on. The config's
// effects are marked as the user's (by: config).
func TestInferSwitchAndUserModels(t *testing.T) {
	for text, off := range map[string]bool{"": false, "infer: true\n": false, "infer: false\n": true} {
		c, err := Parse("cfg.yaml", []byte(text))
		if err != nil || c.NoInfer() != off {
			t.Errorf("Parse(%q): NoInfer %v, err %v; want %v", text, c.NoInfer(), err, off)
		}
	}
	if _, err := Parse("cfg.yaml", []byte("infer: maybe\n")); err == nil {
		t.Error("infer: maybe is not a boolean")
	}
	c, err := Parse("cfg.yaml", []byte("effects:\n  - {func: a.B, kind: email, op: send, risk: high}\n"))
	if err != nil || !c.Effects[0].User || c.Effects[0].By() != "config" {
		t.Errorf("a config model: %+v, %v", c.Effects, err)
	}
	var none *Config
	if none.NoInfer() {
		t.Error("no config: inference is on")
	}
}

// A registrations entry is read in the catalog's schema
// (catalog.Registration); its errors keep the config's words.
func TestRegistrationErrors(t *testing.T) {
	for text, want := range map[string]string{
		"registrations:\n  - {func: a.B, handler: 1, bogus: 2}\n": "c.yaml:2:29: unknown field bogus in a registrations entry",
		"registrations: 3\n":      "c.yaml:1:16: want a list of registrations entries, got 3",
		"registrations:\n  - 3\n": "c.yaml:2:5: want a registrations entry, got 3",
	} {
		if _, err := Parse("c.yaml", []byte(text)); err == nil || err.Error() != want {
			t.Errorf("Parse(%q): %v, want %s", text, err, want)
		}
	}
	c, err := Parse("c.yaml", []byte("registrations:\n  - {func: a.Register, name: 0, handler: 1}\n"))
	if err != nil || len(c.Registrations) != 1 || c.Registrations[0].Framework != "declared" || c.Registrations[0].Source != "c.yaml:2:5 (registrations[0])" {
		t.Errorf("a registration: %+v, %v", c.Registrations, err)
	}
}
