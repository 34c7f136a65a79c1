package twice

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// An Observer reads one kind of state the handler changes: tables, the
// requests sent to an API, the mails a fake mailer received.
type Observer interface {
	// Observe returns the current state. It is called after Reset and
	// after each mode's deliveries, never during a delivery.
	Observe(ctx context.Context) (State, error)
}

// State is what an Observer saw: named sets (a table, an HTTP target) of
// items (a row, a request). Items are compared as multisets: order does
// not matter, repetitions do. A set present with no items is shown as 0.
type State map[string][]string

// Describer is implemented by Observers that phrase their own changes
// ("inserted 1 row into ledger (1 → 2)"); others get a generic sentence.
type Describer interface {
	Describe(c Change) string
}

// Resetter is implemented by Observers that keep their own record (an
// HTTPRecorder): the harness calls Reset after Options.Reset.
type Resetter interface {
	Reset(ctx context.Context) error
}

// Change is how one set differs between the state after one delivery and
// the state after a mode's deliveries.
type Change struct {
	Mode Mode
	// Subject says which deliveries: "second delivery", "3 concurrent
	// deliveries", "the redelivery after a crash after effect 1 of 3
	// (insert into processed_jobs)".
	Subject string
	Set     string
	// Before and After are the set's sizes after one delivery and after
	// the mode's deliveries.
	Before, After int
	// Added are the items only the mode's state has, Removed those only
	// the state after one delivery has; both sorted.
	Added, Removed []string

	obs int // index of the observer in Options.Observers
}

// Lost reports whether the mode's deliveries left less than one delivery
// did: an effect was lost.
func (c Change) Lost() bool { return len(c.Removed) > len(c.Added) }

// Repeated reports whether the mode's deliveries left more than one
// delivery did: an effect happened again.
func (c Change) Repeated() bool { return len(c.Added) > len(c.Removed) }

// observed is one observer's state, named for reports.
type observed struct {
	name  string
	state State
}

func observeAll(ctx context.Context, obs []Observer) ([]observed, error) {
	out := make([]observed, len(obs))
	for i, o := range obs {
		s, err := o.Observe(ctx)
		if err != nil {
			return nil, fmt.Errorf("observing %s: %w", observerName(o), err)
		}
		for k, v := range s {
			v = append([]string(nil), v...)
			sort.Strings(v)
			s[k] = v
		}
		out[i] = observed{observerName(o), s}
	}
	return out, nil
}

func observerName(o Observer) string {
	if s, ok := o.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", o)
}

// diff returns the changes from one (after one delivery) to n, per
// observer and set, sorted by set name; describe phrases each.
func diff(obs []Observer, one, n []observed, mode Mode, subject string) []Change {
	var out []Change
	for i := range obs {
		a, b := one[i].state, n[i].state
		for _, set := range setNames(a, b) {
			added, removed := multisetDiff(a[set], b[set])
			if len(added) == 0 && len(removed) == 0 {
				continue
			}
			out = append(out, Change{
				Mode: mode, Subject: subject, Set: set,
				Before: len(a[set]), After: len(b[set]),
				Added: added, Removed: removed, obs: i,
			})
		}
	}
	return out
}

// describe phrases c with o's Describer, or generically.
func describe(o Observer, c Change) string {
	if d, ok := o.(Describer); ok {
		if s := d.Describe(c); s != "" {
			return s
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s has %d %s where one delivery leaves %d", c.Subject, c.Set, c.After, plural(c.After, "item", "items"), c.Before)
	if len(c.Added) > 0 {
		fmt.Fprintf(&b, "; more: %s", clip(c.Added[0], 120))
	}
	if len(c.Removed) > 0 {
		fmt.Fprintf(&b, "; missing: %s", clip(c.Removed[0], 120))
	}
	return b.String()
}

func setNames(a, b State) []string {
	seen := map[string]bool{}
	var names []string
	for _, s := range []State{a, b} {
		for k := range s {
			if !seen[k] {
				seen[k] = true
				names = append(names, k)
			}
		}
	}
	sort.Strings(names)
	return names
}

// multisetDiff returns b−a and a−b of two sorted multisets, sorted.
func multisetDiff(a, b []string) (added, removed []string) {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			i++
			j++
		case a[i] < b[j]:
			removed = append(removed, a[i])
			i++
		default:
			added = append(added, b[j])
			j++
		}
	}
	removed = append(removed, a[i:]...)
	added = append(added, b[j:]...)
	return added, removed
}

// sameState reports whether two observations are equal, and the first
// difference if not.
func sameState(a, b []observed) (bool, string) {
	for i := range a {
		for _, set := range setNames(a[i].state, b[i].state) {
			added, removed := multisetDiff(a[i].state[set], b[i].state[set])
			if len(added) > 0 {
				return false, fmt.Sprintf("%s %s: %s", a[i].name, set, clip(added[0], 120))
			}
			if len(removed) > 0 {
				return false, fmt.Sprintf("%s %s: no longer %s", a[i].name, set, clip(removed[0], 120))
			}
		}
	}
	return true, ""
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
