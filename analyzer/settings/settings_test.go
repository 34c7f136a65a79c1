package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const trigger = `create function bump() returns trigger language plpgsql as $$
begin
  update counters set n = n + 1;
  return new;
end $$;
create trigger t after insert on ledger for each row execute function bump();
`

// tree writes files (slash paths) under a new directory.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	write(t, dir, files)
	return dir
}

func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func paths(in []Input, root string) string {
	var out []string
	for _, x := range in {
		rel, _ := filepath.Rel(root, x.Path)
		out = append(out, filepath.ToSlash(rel))
	}
	return strings.Join(out, " ")
}

func TestModuleRootAndConfig(t *testing.T) {
	root := tree(t, map[string]string{"go.mod": "module x\n", "a/b/x.go": "package b\n"})
	sub := filepath.Join(root, "a", "b")
	if got := moduleRoot(sub); got != root {
		t.Errorf("ModuleRoot = %q, want %q", got, root)
	}
	if got := findConfig(root); got != "" {
		t.Errorf("findConfig without a config = %q", got)
	}
	write(t, root, map[string]string{".jobeffects.yaml": "effects: []\n"})
	if got := findConfig(root); got != filepath.Join(root, ".jobeffects.yaml") {
		t.Errorf("findConfig = %q", got)
	}
}

// The inputs are every file the resolution reads, whatever its name: the
// config, the baseline it names, the migrations its globs match.
func TestInputsAreWhatIsRead(t *testing.T) {
	root := tree(t, map[string]string{
		"go.mod":           "module x\n",
		".jobeffects.yaml": "migrations: [\"db/*.pgsql\"]\nbaseline: known.inv\n",
		"db/1.pgsql":       trigger,
		"db/readme.txt":    "not matched",
		"known.inv":        "schema: jobeffects/inventory/v1\nhandlers: []\n",
		"jobs/x.go":        "package jobs\n",
	})
	req := Request{Dir: filepath.Join(root, "jobs"), Module: true}
	sess := NewSession()
	s, err := sess.Load(req)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := paths(s.Inputs, root), ".jobeffects.yaml db/1.pgsql known.inv"; got != want {
		t.Errorf("inputs %q, want %q", got, want)
	}
	if s.Triggers.Len() != 1 || s.Baseline == nil {
		t.Errorf("triggers %d, baseline %v", s.Triggers.Len(), s.Baseline)
	}
	if in := inputs(req); Digest(in) != s.Digest {
		t.Errorf("Inputs (hashing only) differs from what Load read: %v", in)
	}
	recs := sess.Resolved()
	if len(recs) != 1 || len(NewSession().Resolved()) != 0 {
		t.Fatalf("a session records its own resolutions: %v", recs)
	}
	if !Verify(recs) {
		t.Fatal("unchanged files do not verify")
	}
	for _, change := range []map[string]string{
		{"db/1.pgsql": trigger + "-- edited\n"},
		{"db/2.pgsql": trigger},
		{"known.inv": "schema: jobeffects/inventory/v1\nhandlers: [] # edited\n"},
	} {
		write(t, root, change)
		if Verify(recs) {
			t.Errorf("after writing %v the recorded resolution still verifies", change)
		}
		recs = []Record{{Request: normalise(req, moduleRoot), All: true, Digest: Digest(inputs(req))}}
	}
}

// A -config elsewhere: its globs are relative to its own directory.
func TestConfigElsewhere(t *testing.T) {
	mod := tree(t, map[string]string{"go.mod": "module x\n"})
	other := tree(t, map[string]string{"cfg.yaml": "migrations: [\"db/*.sql\"]\n", "db/1.sql": trigger})
	req := Request{Dir: mod, Module: true, Flags: Flags{Config: filepath.Join(other, "cfg.yaml")}}
	if got, want := paths(inputs(req), other), "cfg.yaml db/1.sql"; got != want {
		t.Errorf("inputs %q, want %q", got, want)
	}
}

func TestConfigSizeLimit(t *testing.T) {
	root := tree(t, map[string]string{"go.mod": "module x\n", ".jobeffects.yaml": "# " + strings.Repeat("x", MaxConfigSize) + "\n"})
	_, err := NewSession().LoadConfig(Request{Dir: root})
	if err == nil || !strings.Contains(err.Error(), "larger than 1 MiB: refused") {
		t.Errorf("a config over the limit: %v", err)
	}
}

// Under -safe, a file the module names must resolve inside it, and errors
// do not quote files.
func TestSafeConfines(t *testing.T) {
	secret := tree(t, map[string]string{"secret": "root:x:0:0:SECRET_TOKEN\n"})
	target := filepath.Join(secret, "secret")
	for _, c := range []struct {
		name  string
		files map[string]string
		link  string // linked to the secret
		want  string
	}{
		{"config", map[string]string{}, ".jobeffects.yaml", ".jobeffects.yaml: the config is a symbolic link to a file outside the module: refused (-safe)"},
		{"baseline", map[string]string{".jobeffects.yaml": "baseline: base.yaml\n"}, "base.yaml", "base.yaml: the baseline is a symbolic link to a file outside the module: refused (-safe)"},
		{"migration", map[string]string{}, "migrations/evil.sql", "migrations/evil.sql: the migration is a symbolic link to a file outside the module: refused (-safe)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := tree(t, map[string]string{"go.mod": "module x\n"})
			write(t, root, c.files)
			link := filepath.Join(root, filepath.FromSlash(c.link))
			os.MkdirAll(filepath.Dir(link), 0o755)
			if err := os.Symlink(target, link); err != nil {
				t.Skip(err)
			}
			_, err := NewSession().Load(Request{Dir: root, Module: true, Flags: Flags{Safe: true}})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want it to contain %q", err, c.want)
			}
			if err != nil && strings.Contains(err.Error(), "SECRET") {
				t.Errorf("the error quotes the file: %v", err)
			}
			// Without -safe the link is followed (the user's own module).
			if _, err := NewSession().Load(Request{Dir: root, Module: true}); err != nil && strings.Contains(err.Error(), "refused") {
				t.Errorf("without -safe: %v", err)
			}
		})
	}
}

// Under -safe, parse errors keep the file and line, not the message.
func TestSafeRedacts(t *testing.T) {
	root := tree(t, map[string]string{
		"go.mod":               "module x\n",
		".jobeffects.yaml":     "baseline: base.yaml\n",
		"base.yaml":            "root:x:0:0:SECRET_TOKEN\n",
		"migrations/1.sql":     "create trigger x SECRET_TOKEN;\n",
		"migrations/trig.sql":  trigger,
		"migrations/other.sql": "select 1;\n",
	})
	_, err := NewSession().Load(Request{Dir: root, Module: true, Flags: Flags{Safe: true}})
	if err == nil || strings.Contains(err.Error(), "SECRET") || !strings.Contains(err.Error(), "base.yaml:1: not a valid baseline") {
		t.Errorf("baseline error under -safe: %v", err)
	}
	// (A resolution is made once per process: another module.)
	root2 := tree(t, nil)
	os.CopyFS(root2, os.DirFS(root))
	write(t, root2, map[string]string{".jobeffects.yaml": ""})
	s, err := NewSession().Load(Request{Dir: root2, Module: true, Flags: Flags{Safe: true}})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Triggers.Errors) != 1 || strings.Contains(s.Triggers.Errors[0], "SECRET") || !strings.Contains(s.Triggers.Errors[0], "1.sql:1: a statement that does not parse") {
		t.Errorf("migration errors under -safe: %q", s.Triggers.Errors)
	}
}

func TestOutsideReplaces(t *testing.T) {
	root := tree(t, map[string]string{
		"go.mod":  "module x\n\nreplace example.com/a => ./vendored/a\n\nreplace example.com/b => ../b\n\nreplace example.com/c => example.com/c v1.0.0\n",
		"go.work": "go 1.26\n\nuse .\nuse ../elsewhere\n",
	})
	got, err := Outside(filepath.Join(root, "go.mod"), filepath.Join(root, "go.work"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		filepath.Join(root, "go.mod") + ":5: replace example.com/b => ../b: a directory outside the module",
		filepath.Join(root, "go.work") + ":4: use ../elsewhere: a directory outside the workspace",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Outside:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
