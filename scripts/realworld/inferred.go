package main

// The precision of name inference (issue 27): where the tool cannot follow
// a call it reads its kind from the call's names (by: name, a detail
// "inferred from the name …" or "inferred from the path …"). A reviewer
// reads each distinct inferred call's implementation and says whether it
// does what was inferred; testdata/realworld/inferred/<app>.yaml keeps what
// they concluded, and this file scores the inventory against it.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/jobeffects/jobeffects/inventory/schema"
)

// inferredLabels is one application's file of reviewed inferences.
type inferredLabels struct {
	Name     string          `yaml:"name"`
	Notes    string          `yaml:"notes"`
	Inferred []inferredLabel `yaml:"inferred"`
}

// inferredLabel is a reviewer's reading of one distinct inferred call.
type inferredLabel struct {
	Target    string   `yaml:"target"`    // the effect's target, as the inventory spells it
	Inferred  effectOp `yaml:"inferred"`  // what the tool inferred (the key, with target)
	Actual    effectOp `yaml:"actual"`    // what the reviewer reads the implementation to do
	Confirmed bool     `yaml:"confirmed"` // the implementation does the inferred kind with the inferred idempotency
	Cause     string   `yaml:"cause"`     // why a rejected inference is wrong, one of causes (required when not confirmed)
	Evidence  []string `yaml:"evidence"`  // file:line of the implementation read (module-relative, or module@version/file:line)
	Note      string   `yaml:"note"`
}

// effectOp is the part of an effect an inference decides.
type effectOp struct {
	Kind       string `yaml:"kind"`       // the inventory's kinds, and none: no effect outside the process
	Operation  string `yaml:"operation"`  // the inventory's operations
	Idempotent string `yaml:"idempotent"` // true | false | unknown
}

// causes are why an inference is rejected, so that the rejections group by
// the inference rule to fix.
var causes = map[string]string{
	"in-memory":            "a value in the process (accessor, setter, handle, predicate) read as a store or a request",
	"idempotent-as-insert": "an idempotent write (ON CONFLICT DO NOTHING, find-or-create, create-if-absent) inferred a non-idempotent insert",
	"repeating-as-set":     "a call that repeats an effect (a notification, a transition that fails when repeated) inferred an idempotent set",
	"other-party":          "a request to another party's API or a person notified, inferred an internal write or publish",
	"get-that-writes":      "a getter that writes",
	"word":                 "a word of the name read in another sense",
}

// inferredKey identifies an inference: the same target inferred as
// another kind or operation is another inference, to be read again.
type inferredKey struct{ Target, Kind, Operation string }

func (k inferredKey) String() string {
	return fmt.Sprintf("%s (%s %s)", k.Target, k.Kind, k.Operation)
}

// inferredScore is the precision of inference on one application.
type inferredScore struct {
	Targets    int            `json:"targets"`   // distinct inferred calls in the inventory
	Labelled   int            `json:"labelled"`  // of them, read by a reviewer
	Confirmed  int            `json:"confirmed"` // of them, confirmed
	Precision  float64        `json:"precision"` // confirmed / labelled (0 when none labelled)
	IdemAgrees int            `json:"idempotency_agrees"`
	Unlabelled []string       `json:"unlabelled,omitempty"` // sorted
	Rejected   []string       `json:"rejected,omitempty"`   // sorted, with the reviewer's reading
	Stale      []string       `json:"stale,omitempty"`      // labels the inventory no longer infers, sorted
	ByCause    map[string]int `json:"rejected_by_cause,omitempty"`
}

func causeNames() string {
	var names []string
	for c := range causes {
		names = append(names, c)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// readInferredLabels reads dir/<name>.yaml; a missing file is no labels.
func readInferredLabels(dir, name string) (*inferredLabels, error) {
	path := filepath.Join(dir, name+".yaml")
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &inferredLabels{Name: name}, nil
	}
	if err != nil {
		return nil, err
	}
	return parseInferredLabels(path, data)
}

func parseInferredLabels(path string, data []byte) (*inferredLabels, error) {
	var l inferredLabels
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&l); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	seen := map[inferredKey]bool{}
	for i, e := range l.Inferred {
		k := e.key()
		switch {
		case e.Target == "" || e.Inferred.Kind == "" || e.Inferred.Operation == "":
			return nil, fmt.Errorf("%s: entry %d needs target and inferred kind and operation", path, i+1)
		case e.Actual.Kind == "" || e.Actual.Operation == "" || e.Actual.Idempotent == "":
			return nil, fmt.Errorf("%s: %s: actual needs kind, operation and idempotent", path, k)
		case len(e.Evidence) == 0:
			return nil, fmt.Errorf("%s: %s: no evidence", path, k)
		case seen[k]:
			return nil, fmt.Errorf("%s: %s labelled twice", path, k)
		case !e.Confirmed && causes[e.Cause] == "":
			return nil, fmt.Errorf("%s: %s: rejected, with cause %q not one of %s", path, k, e.Cause, causeNames())
		case e.Confirmed && e.Cause != "":
			return nil, fmt.Errorf("%s: %s: confirmed, with a cause", path, k)
		}
		seen[k] = true
	}
	return &l, nil
}

func (e inferredLabel) key() inferredKey {
	return inferredKey{e.Target, e.Inferred.Kind, e.Inferred.Operation}
}

// inferredEffects returns the inventory's distinct inferred calls with the
// idempotency inferred for each.
func inferredEffects(inv *schema.Inventory) map[inferredKey]string {
	out := map[inferredKey]string{}
	for _, h := range inv.Handlers {
		for _, e := range h.SideEffects {
			if e.By == "name" {
				out[inferredKey{e.Target, e.Kind, e.Operation}] = fmt.Sprint(e.Idempotent)
			}
		}
	}
	return out
}

// scoreInferred compares the inventory's inferences with the labels.
func scoreInferred(inv *schema.Inventory, l *inferredLabels) *inferredScore {
	got := inferredEffects(inv)
	byKey := map[inferredKey]inferredLabel{}
	for _, e := range l.Inferred {
		byKey[e.key()] = e
	}
	s := &inferredScore{Targets: len(got)}
	for k, idem := range got {
		e, ok := byKey[k]
		if !ok {
			s.Unlabelled = append(s.Unlabelled, k.String())
			continue
		}
		s.Labelled++
		if e.Confirmed {
			s.Confirmed++
		} else {
			s.Rejected = append(s.Rejected, fmt.Sprintf("%s: reads as %s %s (idempotent %s) [%s]", k, e.Actual.Kind, e.Actual.Operation, e.Actual.Idempotent, e.Cause))
			if s.ByCause == nil {
				s.ByCause = map[string]int{}
			}
			s.ByCause[e.Cause]++
		}
		if e.Actual.Idempotent == idem {
			s.IdemAgrees++
		}
	}
	for k := range byKey {
		if _, ok := got[k]; !ok {
			s.Stale = append(s.Stale, k.String())
		}
	}
	if s.Labelled > 0 {
		s.Precision = float64(s.Confirmed) / float64(s.Labelled)
	}
	sort.Strings(s.Unlabelled)
	sort.Strings(s.Rejected)
	sort.Strings(s.Stale)
	return s
}

// printInferred prints the precision of inference per application and in
// total; verbose lists the unlabelled, rejected and stale inferences.
func printInferred(w io.Writer, scores []score, verbose bool) {
	fmt.Fprintln(w, "\n| application | inferred calls | labelled | confirmed | precision | idempotency agrees |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|")
	var tot inferredScore
	byCause := map[string]int{}
	for _, s := range scores {
		if s.Inferred == nil {
			continue
		}
		i := s.Inferred
		for c, n := range i.ByCause {
			byCause[c] += n
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d | %s | %d |\n", s.Name, i.Targets, i.Labelled, i.Confirmed, percent(i.Confirmed, i.Labelled), i.IdemAgrees)
		tot.Targets += i.Targets
		tot.Labelled += i.Labelled
		tot.Confirmed += i.Confirmed
		tot.IdemAgrees += i.IdemAgrees
	}
	fmt.Fprintf(w, "| **all** | %d | %d | %d | %s | %d |\n", tot.Targets, tot.Labelled, tot.Confirmed, percent(tot.Confirmed, tot.Labelled), tot.IdemAgrees)
	if len(byCause) > 0 {
		fmt.Fprintln(w, "\n| rejected because | inferences |")
		fmt.Fprintln(w, "|---|---:|")
		names := make([]string, 0, len(byCause))
		for c := range byCause {
			names = append(names, c)
		}
		sort.Slice(names, func(a, b int) bool {
			if byCause[names[a]] != byCause[names[b]] {
				return byCause[names[a]] > byCause[names[b]]
			}
			return names[a] < names[b]
		})
		for _, c := range names {
			fmt.Fprintf(w, "| %s: %s | %d |\n", c, causes[c], byCause[c])
		}
	}
	if !verbose {
		return
	}
	for _, s := range scores {
		if s.Inferred == nil {
			continue
		}
		for _, t := range s.Inferred.Rejected {
			fmt.Fprintf(w, "%s: inferred, rejected: %s\n", s.Name, t)
		}
		for _, t := range s.Inferred.Unlabelled {
			fmt.Fprintf(w, "%s: inferred, unlabelled: %s\n", s.Name, t)
		}
		for _, t := range s.Inferred.Stale {
			fmt.Fprintf(w, "%s: inferred label no longer inferred: %s\n", s.Name, t)
		}
	}
}

func percent(n, d int) string {
	if d == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f %%", 100*float64(n)/float64(d))
}
