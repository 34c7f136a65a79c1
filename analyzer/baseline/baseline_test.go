package baseline

import (
	"strings"
	"testing"
)

const inv = `schema: jobeffects/inventory/v1
summary: {handlers: 2, findings: 2}
handlers:
  - task: credit
    handler: example.com/shop/jobs.(*Deps).Credit
    findings:
      - rule: unguarded
        position: jobs/credit.go:13
        message: 'unguarded: handler (*jobs.Deps).Credit (asynq task "credit") repeats its side effects when a job is delivered twice: insert into ledger (medium) at internal/store/store.go:14 is not guarded; path: jobs/credit.go:20 (*jobs.Deps).Credit → internal/store/store.go:14 (*store.Store).AddEntry; asynq Unique at cmd/enqueue/main.go:9 only stops a second enqueue'
  - task: split
    findings:
      - rule: guard-separate-tx
        position: jobs/split.go:40
        message: 'guard-separate-tx: the claim at jobs/split.go:40 commits separately'
`

func TestKnown(t *testing.T) {
	s, err := Parse("b.yaml", []byte(inv))
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 2 {
		t.Errorf("Len = %d, want 2", s.Len())
	}
	const base = `unguarded: handler (*jobs.Deps).Credit (asynq task "credit") repeats its side effects when a job is delivered twice: insert into ledger (medium) at internal/store/store.go:%s is not guarded; path: jobs/credit.go:%s (*jobs.Deps).Credit → internal/store/store.go:%s (*store.Store).AddEntry`
	at := func(l1, l2, l3 string) string {
		r := strings.Replace(base, "%s", l1, 1)
		r = strings.Replace(r, "%s", l2, 1)
		return strings.Replace(r, "%s", l3, 1)
	}
	for _, c := range []struct {
		name, rule, pos, msg string
		want                 bool
	}{
		{"same", "unguarded", "jobs/credit.go:13:6", at("14", "20", "14"), true},
		{"lines moved", "unguarded", "jobs/credit.go:30:6", at("18", "37", "18"), true},
		{"worse effect", "unguarded", "jobs/credit.go:13:6", strings.Replace(at("14", "20", "14"), "insert into ledger (medium)", "charge stripe (critical)", 1), false},
		{"other file", "unguarded", "jobs/debit.go:13:6", at("14", "20", "14"), false},
		{"other rule", "random-key", "jobs/credit.go:13:6", at("14", "20", "14"), false},
		{"pitfall", "guard-separate-tx", "jobs/split.go:41:3", "guard-separate-tx: the claim at jobs/split.go:41 commits separately", true},
		{"hygiene never", "stale-ignore", "jobs/split.go:41:3", "stale-ignore: x", false},
	} {
		if got := s.Known(c.rule, c.pos, c.msg); got != c.want {
			t.Errorf("%s: Known = %v, want %v", c.name, got, c.want)
		}
	}
	var none *Set
	if none.Known("unguarded", "a.go:1", "x") || none.Len() != 0 {
		t.Error("a nil set knows nothing")
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{"", "b.yaml: empty baseline"},
		{"schema: other/v2\nhandlers: []\n", "b.yaml:1: schema \"other/v2\""},
		{"schema: jobeffects/inventory/v1\nhandlers: [\n", "b.yaml:2:1: did not find"},
		{"schema: jobeffects/inventory/v1\nhandlers: 7\n", "b.yaml:2:11: want the handlers of an inventory, got 7"},
	} {
		_, err := Parse("b.yaml", []byte(c.data))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want prefix %q", c.data, err, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(inv))
	f.Add([]byte("schema: jobeffects/inventory/v1\n"))
	f.Add([]byte("handlers: [{findings: [{rule: x}]}]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("f.yaml", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.yaml") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		s.Known("unguarded", "a.go:1:1", "m")
	})
}
