package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFromMirrorSubdir: a module in a subdirectory of its repository
// (modules[].dir) is unpacked alone, its files under the same path.
func TestFromMirrorSubdir(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	work := t.TempDir()
	src := filepath.Join(work, "w")
	for name, body := range map[string]string{"go.mod": "module example.com/root\n", "sub/mod/go.mod": "module example.com/root/sub/mod\n", "sub/mod/a.go": "package mod\n"} {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(dir string, args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	run(src, "init", "-q")
	run(src, "add", ".")
	run(src, "commit", "-q", "-m", "x")
	commit := run(src, "rev-parse", "HEAD")
	mirrors = filepath.Join(work, "mirrors")
	run(work, "clone", "-q", "--mirror", src, filepath.Join(mirrors, "o+n", "repo"))

	dst := filepath.Join(work, "dst")
	if _, err := fromMirror("o/n", commit, "sub/mod", dst); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dst, "sub", "mod", "a.go")); err != nil {
		t.Errorf("the subdirectory's file is missing: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dst, "go.mod")); err == nil {
		t.Errorf("the repository's root go.mod was unpacked too")
	}
}
