package effect

import "testing"

// TestSafeTwins: a safe act listed with and without its check-then-act
// is listed once, with the issue; a medium one stays listed twice (its
// copy is the run a later delivery repeats), and so does a safe one
// whose copy differs in more than the issue (another path).
func TestSafeTwins(t *testing.T) {
	post := func(risk Risk, issue string, path ...string) Effect {
		e := Effect{Kind: KindHTTP, Op: "post", Target: "/entities", Risk: risk, Detail: "a computation", By: ByName}
		for _, p := range path {
			e.Path = append(e.Path, Hop{Pos: p, Func: "f"})
		}
		if issue != "" {
			e.Issue, e.IssuePos = issue, "a.go:3"
		}
		return e
	}
	for _, tc := range []struct {
		name string
		in   []Effect
		want int
	}{
		{"safe twins", []Effect{post(Safe, ""), post(Safe, "check-then-act", "a.go:9"), post(Safe, "", "a.go:9")}, 2},
		{"safe twin merged", []Effect{post(Safe, "", "a.go:9"), post(Safe, "check-then-act", "a.go:9")}, 1},
		{"medium kept", []Effect{post(Medium, "", "a.go:9"), post(Medium, "check-then-act", "a.go:9")}, 2},
		{"other path kept", []Effect{post(Safe, "", "a.go:8"), post(Safe, "check-then-act", "a.go:9")}, 2},
		{"no issue", []Effect{post(Safe, "", "a.go:9"), post(Safe, "", "a.go:9")}, 2},
	} {
		got := SafeTwins(tc.in)
		if len(got) != tc.want {
			t.Errorf("%s: %d effects, want %d: %+v", tc.name, len(got), tc.want, got)
		}
		if tc.name == "safe twin merged" && len(got) == 1 && got[0].Issue != "check-then-act" {
			t.Errorf("%s: kept the copy without the issue", tc.name)
		}
	}
}
