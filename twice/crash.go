package twice

import (
	"context"
	"errors"
	"strings"
	"sync"
)

// ErrCrashed is the error an instrumented boundary returns for a delivery
// that the harness has crashed: the process is gone, nothing more happens.
var ErrCrashed = errors.New("twice: delivery crashed (injected)")

// delivery is what the harness knows of one running delivery: the effect
// points it passed, and where it is to crash.
type delivery struct {
	mu      sync.Mutex
	points  []string // what each effect point was, in order
	crashAt int      // crash right after this point (1-based); 0: never
	crashed bool
	cancel  context.CancelCauseFunc
}

type deliveryKey struct{}

// withDelivery returns ctx carrying d, cancelled (with ErrCrashed as its
// cause) when d crashes.
func withDelivery(ctx context.Context, d *delivery) (context.Context, context.CancelCauseFunc) {
	ctx, cancel := context.WithCancelCause(ctx)
	d.cancel = cancel
	return context.WithValue(ctx, deliveryKey{}, d), cancel
}

func deliveryOf(ctx context.Context) *delivery {
	d, _ := ctx.Value(deliveryKey{}).(*delivery)
	return d
}

// Effect records that an effect has just happened for the delivery ctx
// belongs to: what names it in reports ("insert into ledger",
// "POST api.stripe.com/v1/charges"). Instrumented boundaries call it after
// the effect is done (a statement executed, a commit returned, a response
// received); a test's own fakes (a mailer, a bus) call it the same way.
//
// When this point is where the harness crashes the delivery, Effect
// cancels the delivery's context; the effect itself stands. It returns
// ErrCrashed if the delivery had crashed before, and nil outside a
// delivery of this package.
func Effect(ctx context.Context, what string) error {
	d := deliveryOf(ctx)
	if d == nil {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.crashed {
		return ErrCrashed
	}
	d.points = append(d.points, what)
	if len(d.points) == d.crashAt {
		d.crashed = true
		d.cancel(ErrCrashed)
	}
	return nil
}

// Crashed returns ErrCrashed if the delivery ctx belongs to has crashed:
// a boundary calls it before doing anything and refuses when it is not nil.
func Crashed(ctx context.Context) error {
	d := deliveryOf(ctx)
	if d == nil {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.crashed {
		return ErrCrashed
	}
	return nil
}

// Internal returns a context for the harness's and adapters' own
// bookkeeping (a queue marking a job running or completed): it keeps
// ctx's values but not its delivery, so its statements are not the
// handler's effects, and it is not cancelled when the delivery crashes.
func Internal(ctx context.Context) context.Context {
	return context.WithValue(context.WithoutCancel(ctx), deliveryKey{}, (*delivery)(nil))
}

func (d *delivery) snapshot() (points []string, crashed bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]string(nil), d.points...), d.crashed
}

// IsWrite reports whether the SQL statement is an effect point: a
// statement that writes (insert, update, delete, merge, DDL, a
// data-modifying WITH) or a commit. Reads, begin, rollback, savepoints
// and SET are not. A SELECT that calls a function which writes is not
// seen as a write; mark it with Effect if it matters.
func IsWrite(sql string) bool {
	w := firstWords(sql, 1)
	switch w {
	case "insert", "update", "delete", "merge", "upsert", "replace", "copy", "truncate",
		"create", "alter", "drop", "grant", "revoke", "call", "do", "commit", "end":
		return true
	case "with":
		return cteWrite(strings.ToLower(sql)) != ""
	}
	return false
}

// cteWrite returns the text from the first data-modifying statement of a
// WITH query on ("update river_job set …"), or "" if it has none. A
// row lock (for update, for no key update) and an upsert's "do update"
// are not one; comments are ignored.
func cteWrite(s string) string {
	for {
		i := strings.Index(s, "/*")
		if i < 0 {
			break
		}
		j := strings.Index(s[i:], "*/")
		if j < 0 {
			s = s[:i]
			break
		}
		s = s[:i] + " " + s[i+j+2:]
	}
	f := strings.Fields(strings.NewReplacer("(", " ( ", ")", " ) ", ",", " , ").Replace(s))
	for i, w := range f {
		switch w {
		case "insert", "delete", "merge":
		case "update":
			if i > 0 && (f[i-1] == "for" || f[i-1] == "key" || f[i-1] == "do") {
				continue
			}
		default:
			continue
		}
		return strings.Join(f[i:], " ")
	}
	return ""
}

// Statement names an SQL statement in reports: its first words, lower
// case, without the column and value lists ("insert into ledger",
// "update accounts", "commit"; "with … delete from processed_jobs" for a
// data-modifying WITH).
func Statement(sql string) string {
	s := strings.ToLower(strings.Join(strings.Fields(skipComments(sql)), " "))
	if firstWords(s, 1) == "with" {
		if w := cteWrite(s); w != "" {
			return "with … " + Statement(w)
		}
	}
	if i := strings.IndexAny(s, "(;"); i >= 0 {
		s = s[:i]
	}
	words := strings.Fields(s)
	n := len(words)
	switch {
	case n == 0:
		return "statement"
	case words[0] == "insert" || words[0] == "delete" || words[0] == "merge":
		n = min(n, 3) // insert into t, delete from t
	default:
		n = min(n, 2) // update t, commit
	}
	return strings.Join(words[:n], " ")
}

// firstWords returns the first n words of sql in lower case, skipping
// leading comments and parentheses.
func firstWords(sql string, n int) string {
	f := strings.FieldsFunc(strings.ToLower(skipComments(sql)), func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '(' || r == ';'
	})
	if len(f) > n {
		f = f[:n]
	}
	return strings.Join(f, " ")
}

// skipComments drops leading whitespace, comments and parentheses.
func skipComments(sql string) string {
	s := strings.TrimSpace(sql)
	for {
		switch {
		case strings.HasPrefix(s, "--"):
			i := strings.IndexByte(s, '\n')
			if i < 0 {
				return ""
			}
			s = strings.TrimSpace(s[i+1:])
		case strings.HasPrefix(s, "/*"):
			i := strings.Index(s, "*/")
			if i < 0 {
				return ""
			}
			s = strings.TrimSpace(s[i+2:])
		case strings.HasPrefix(s, "("):
			s = strings.TrimSpace(s[1:])
		default:
			return s
		}
	}
}
