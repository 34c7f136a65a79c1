package settings

import (
	"fmt"
	"path/filepath"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

// Outside lists, for -safe, the local directories outside the module that
// the build would load code from: a go.mod replace directive with a
// directory path (=> ../shared), and a go.work's use and replace
// directives outside the workspace's directory. -safe refuses to analyse
// such a module: the go command would parse (and the type checker quote)
// files the pull request does not contain. gomod and gowork are the files
// the go command uses (go env GOMOD, GOWORK; "" or "off" when none).
//
// Each problem is "file:line: message".
func Outside(gomod, gowork string) ([]string, error) {
	var out []string
	if gomod != "" && gomod != "/dev/null" {
		data, err := readLimited(gomod, maxFileSize)
		if err != nil {
			return nil, err
		}
		f, err := modfile.Parse(gomod, data, nil)
		if err != nil {
			return nil, fmt.Errorf("%s: does not parse", gomod)
		}
		root := filepath.Dir(gomod)
		for _, r := range f.Replace {
			if p := localDir(r.New); p != "" && !insideResolved(root, p) {
				out = append(out, fmt.Sprintf("%s:%d: replace %s => %s: a directory outside the module", gomod, r.Syntax.Start.Line, r.Old.Path, r.New.Path))
			}
		}
	}
	if gowork != "" && gowork != "off" {
		data, err := readLimited(gowork, maxFileSize)
		if err != nil {
			return nil, err
		}
		f, err := modfile.ParseWork(gowork, data, nil)
		if err != nil {
			return nil, fmt.Errorf("%s: does not parse", gowork)
		}
		root := filepath.Dir(gowork)
		for _, u := range f.Use {
			if !insideResolved(root, u.Path) {
				out = append(out, fmt.Sprintf("%s:%d: use %s: a directory outside the workspace", gowork, u.Syntax.Start.Line, u.Path))
			}
		}
		for _, r := range f.Replace {
			if p := localDir(r.New); p != "" && !insideResolved(root, p) {
				out = append(out, fmt.Sprintf("%s:%d: replace %s => %s: a directory outside the workspace", gowork, r.Syntax.Start.Line, r.Old.Path, r.New.Path))
			}
		}
	}
	return out, nil
}

// localDir is the directory of a replacement that is a file path (no
// version), or "".
func localDir(v module.Version) string {
	if v.Version != "" {
		return ""
	}
	return v.Path
}

// insideResolved reports whether p (relative to root unless absolute)
// resolves inside root.
func insideResolved(root, p string) bool {
	if !filepath.IsAbs(p) {
		p = filepath.Join(root, p)
	}
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	return within(filepath.Clean(p), root)
}
