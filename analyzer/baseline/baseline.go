package baseline

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/yamlerr"
	"github.com/jobeffects/jobeffects/inventory/schema"
)

// Set is the known findings of a baseline.
type Set struct {
	Path  string
	known map[string][]string // rule and file → messages without line numbers
	n     int
}

// Parse reads a baseline; errors are "file:line: ...".
func Parse(path string, data []byte) (*Set, error) {
	var f schema.Inventory
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: empty baseline (write one with: jobeffects inventory -o %s ./...)", path, path)
		}
		return nil, yamlerr.Format(path, data, err, yamlerr.Words{"[]schema.Handler": "the handlers of an inventory"})
	}
	if f.Schema != schema.ID {
		return nil, fmt.Errorf("%s:1: schema %q: a baseline is an inventory of schema %s (jobeffects inventory -o %s ./...)", path, f.Schema, schema.ID, path)
	}
	s := &Set{Path: path, known: map[string][]string{}}
	add := func(x schema.Finding) {
		k := where(x.Rule, x.Position)
		s.known[k] = append(s.known[k], lineCol.ReplaceAllString(x.Message, "$1"))
		s.n++
	}
	for _, h := range f.Handlers {
		for _, x := range h.Findings {
			add(x)
		}
	}
	// The claim tables' findings (prune-before-retry, claim-never-pruned).
	for _, t := range f.ClaimTables {
		for _, x := range t.Findings {
			add(x)
		}
	}
	return s, nil
}

// Len is the number of known findings.
func (s *Set) Len() int {
	if s == nil {
		return 0
	}
	return s.n
}

// Known reports whether a finding is in the baseline. pos and msg use
// module-relative paths, as the inventory does.
func (s *Set) Known(rule, pos, msg string) bool {
	if s == nil || rule == rules.BadIgnore || rule == rules.StaleIgnore {
		return false
	}
	msg = lineCol.ReplaceAllString(msg, "$1")
	for _, m := range s.known[where(rule, pos)] {
		// The inventory may add notes (enqueue dedup found in another
		// package) after "; ": the finding is the same.
		if m == msg || strings.HasPrefix(m, msg+"; ") || strings.HasPrefix(msg, m+"; ") {
			return true
		}
	}
	return false
}

// lineCol matches the ":line" or ":line:col" after a Go or SQL file name.
var lineCol = regexp.MustCompile(`(\.go|\.sql):\d+(:\d+)?`)

func where(rule, pos string) string {
	return rule + "\x00" + lineCol.ReplaceAllString(pos, "$1")
}

// Fingerprint identifies a finding the way the baseline matches it: by
// rule, file and message without line numbers, so that it survives lines
// moving (SARIF's partialFingerprints). pos and msg are module-relative.
func Fingerprint(rule, pos, msg string) string {
	sum := sha256.Sum256([]byte(where(rule, pos) + "\x00" + lineCol.ReplaceAllString(msg, "$1")))
	return hex.EncodeToString(sum[:16])
}
