package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// mirrors is the directory of git mirrors (-mirrors).
var mirrors string

// prepare returns the directory holding the application's sources,
// unpacking them into work the first time.
func prepare(l *label, work string) (string, error) {
	var src string
	var err error
	switch {
	case l.Source.Module != "":
		src, err = fromProxy(l.Source.Module, filepath.Join(work, "src", l.Name))
	case l.Source.Repo != "" && l.Source.Commit != "":
		src, err = fromMirror(l.Source.Repo, l.Source.Commit, "", filepath.Join(work, "src", l.Name))
	default:
		return "", fmt.Errorf("%s: the source needs module, or repo and commit", l.Name)
	}
	if err != nil {
		return "", err
	}
	return src, replaceModules(l, src, work)
}

// replaceModules unpacks the label's modules the proxy does not serve and
// points the application's go.mod at them (an absolute directory replace,
// which needs no go.sum entry for the module itself).
func replaceModules(l *label, src, work string) error {
	for _, m := range l.Modules {
		dst := filepath.Join(work, "src", l.Name+".deps", strings.ReplaceAll(m.Path, "/", "+"))
		if _, err := fromMirror(m.Repo, m.Commit, m.Dir, dst); err != nil {
			return fmt.Errorf("%s: module %s: %v", l.Name, m.Path, err)
		}
		edit := exec.Command("go", "mod", "edit", "-replace="+m.Path+"="+filepath.Join(dst, filepath.FromSlash(m.Dir)))
		edit.Dir = filepath.Join(src, l.Dir)
		if out, err := edit.CombinedOutput(); err != nil {
			return fmt.Errorf("%s: go mod edit -replace %s: %v\n%s", l.Name, m.Path, err, out)
		}
	}
	return nil
}

// fromProxy copies a module downloaded from the proxy to dst (the module
// cache is read-only) and drops replace directives that point into its
// repository, as its users see it.
func fromProxy(module, dst string) (string, error) {
	if done(dst) {
		return dst, nil
	}
	out, err := exec.Command("go", "mod", "download", "-json", module).Output()
	if err != nil {
		return "", fmt.Errorf("go mod download %s: %v", module, err)
	}
	var m struct{ Dir, Error string }
	if err := json.Unmarshal(out, &m); err != nil || m.Dir == "" {
		return "", fmt.Errorf("go mod download %s: %s", module, m.Error)
	}
	os.RemoveAll(dst)
	// cp -r needs dst's parent: a fresh -work holds no src directory yet.
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return "", err
	}
	if out, err := exec.Command("cp", "-r", m.Dir, dst).CombinedOutput(); err != nil {
		return "", fmt.Errorf("cp -r %s %s: %v: %s", m.Dir, dst, err, out)
	}
	if err := exec.Command("chmod", "-R", "u+w", dst).Run(); err != nil {
		return "", err
	}
	dropRelativeReplaces(dst)
	return dst, finish(dst)
}

// fromMirror writes the tree of commit from a git mirror to dst, only the
// directory sub of it when sub is not empty (a module in a subdirectory;
// its files keep their paths under dst). Files the mirror lacks (it keeps
// no blobs of 4 MiB and more) are skipped.
func fromMirror(repo, commit, sub, dst string) (string, error) {
	if done(dst) {
		return dst, nil
	}
	gitDir := filepath.Join(mirrors, strings.Replace(repo, "/", "+", 1), "repo")
	if _, err := os.Stat(gitDir); err != nil {
		return "", fmt.Errorf("no mirror of %s at %s (git clone --mirror https://github.com/%s %s, or point -mirrors or $JOBEFFECTS_MIRRORS at a directory of mirrors)", repo, gitDir, repo, gitDir)
	}
	os.RemoveAll(dst)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return "", err
	}
	git := func(args ...string) ([]byte, error) {
		return exec.Command("git", append([]string{"--git-dir=" + gitDir}, args...)...).Output()
	}
	args := []string{"ls-tree", "-r", "-z", commit}
	if sub != "" {
		args = append(args, "--", strings.TrimSuffix(sub, "/")+"/")
	}
	list, err := git(args...)
	if err != nil {
		return "", fmt.Errorf("%s@%s: git ls-tree: %v", repo, commit, err)
	}
	for _, entry := range bytes.Split(list, []byte{0}) {
		meta, path, ok := strings.Cut(string(entry), "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 || f[1] != "blob" || f[0] == "120000" {
			continue // submodules, symlinks
		}
		data, err := git("cat-file", "blob", f[2])
		if err != nil {
			continue // not in the mirror
		}
		target := filepath.Join(dst, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(target, data, 0o644); err != nil {
			return "", err
		}
	}
	return dst, finish(dst)
}

// dropRelativeReplaces removes replace directives with relative paths,
// which point into a repository the module was published from.
func dropRelativeReplaces(dir string) {
	cmd := exec.Command("go", "mod", "edit", "-json")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return
	}
	var mod struct {
		Replace []struct {
			Old struct{ Path string }
			New struct{ Path string }
		}
	}
	if json.Unmarshal(out, &mod) != nil {
		return
	}
	for _, r := range mod.Replace {
		if strings.HasPrefix(r.New.Path, ".") {
			drop := exec.Command("go", "mod", "edit", "-dropreplace="+r.Old.Path)
			drop.Dir = dir
			drop.Run()
		}
	}
}

func done(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, ".realworld-ready"))
	return err == nil
}

func finish(dir string) error {
	return os.WriteFile(filepath.Join(dir, ".realworld-ready"), nil, 0o644)
}
