package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Under -safe a file the module names must resolve inside it: a symbolic
// link to the machine's other files is refused, and no error quotes a
// file. A replace directive to a directory outside the module is refused
// too (its code is not the pull request's).
func TestSafeConfinesByResolvedPath(t *testing.T) {
	t.Parallel()
	secret := filepath.Join(writeTree(t, t.TempDir(), map[string]string{"secret": "root:x:0:0:SECRET_TOKEN create trigger\n"}), "secret")
	for _, c := range []struct {
		name  string
		files map[string]string
		link  string // a symbolic link to secret
		want  string
	}{
		{"baseline", map[string]string{".jobeffects.yaml": storeModel + "baseline: base.yaml\n"}, "base.yaml",
			"base.yaml: the baseline is a symbolic link to a file outside the module: refused (-safe)"},
		{"migration", map[string]string{".jobeffects.yaml": storeModel}, "migrations/evil.sql",
			"migrations/evil.sql: the migration is a symbolic link to a file outside the module: refused (-safe)"},
		{"config", nil, ".jobeffects.yaml",
			".jobeffects.yaml: the config is a symbolic link to a file outside the module: refused (-safe)"},
		{"bad config", map[string]string{".jobeffects.yaml": "effects: SECRET_TOKEN\n"}, "",
			".jobeffects.yaml:1: not a valid config (the parser's message is not shown under -safe: it can quote the file)"},
		{"replace outside", map[string]string{"go.mod": ledgerModule["go.mod"] + "\nreplace example.com/other => ../other\n"}, "",
			"go.mod:5: replace example.com/other => ../other: a directory outside the module"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := tinyModule(t, c.files)
			if c.link != "" {
				link := filepath.Join(dir, filepath.FromSlash(c.link))
				os.MkdirAll(filepath.Dir(link), 0o755)
				if err := os.Symlink(secret, link); err != nil {
					t.Skip(err)
				}
			}
			_, stderr, code := runCmdEnv(t, dir, []string{"JOBEFFECTS_CACHE=off"}, binary, "-safe", "./...")
			if code != 2 || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, want 2; stderr:\n%s\nwant it to contain:\n%s", code, stderr, c.want)
			}
			if strings.Contains(stderr, "SECRET") {
				t.Errorf("an error quotes the file:\n%s", stderr)
			}
		})
	}
}
