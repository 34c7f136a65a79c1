package settings

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// confine checks, under -safe, that path resolves (symbolic links
// followed) inside dir, resolved too: a module must not make the analysis
// read the machine's other files through a link. A path that does not
// exist is left to the read, which says so.
func confine(path, dir, what string) error {
	if dir == "" {
		return fmt.Errorf("%s: %s is outside any module (-safe)", path, what)
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		return fmt.Errorf("%s: %s cannot be resolved (-safe)", path, what)
	}
	base, err := filepath.EvalSymlinks(dir)
	if err != nil {
		base = dir
	}
	if !within(real, base) {
		return fmt.Errorf("%s: %s is a symbolic link to a file outside the module: refused (-safe)", path, what)
	}
	return nil
}

// within reports whether path lies in dir (both clean and absolute, or
// both relative to the same directory).
func within(path, dir string) bool {
	path, _ = filepath.Abs(path)
	dir, _ = filepath.Abs(dir)
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// redact replaces, under -safe, a parse error about a file by one that
// keeps the file and line but not the parser's message: YAML and SQL
// parsers quote the text they stopped at ("want a mapping, got root:x:0:0",
// `syntax error at or near "TOKEN"`), which could be a secret the file is
// a link to.
func (r *resolver) redact(err error, path, what string) error {
	if !r.req.Safe || err == nil {
		return err
	}
	return errors.New(redactLine(err.Error(), path, what))
}

func redactLine(msg, path, what string) string {
	loc := path
	if rest, ok := strings.CutPrefix(msg, path+":"); ok {
		if n := leadingDigits(rest); n != "" {
			loc += ":" + n
		}
	}
	return fmt.Sprintf("%s: %s (the parser's message is not shown under -safe: it can quote the file)", loc, what)
}

func leadingDigits(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if _, err := strconv.Atoi(s[:i]); err != nil {
		return ""
	}
	return s[:i]
}

// redactAll redacts the migrations' parse errors ("file:line: message").
func redactAll(errs []string, files []triggers.File) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = e
		for _, f := range files {
			if strings.HasPrefix(e, f.Path+":") {
				out[i] = redactLine(e, f.Path, "a statement that does not parse")
				break
			}
		}
	}
	return out
}
