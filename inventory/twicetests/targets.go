package twicetests

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/jobeffects/jobeffects/inventory/schema"
)

// observed is what a handler's skeleton observes, from its effects.
type observed struct {
	tables  []string      // PostgreSQL tables it writes
	targets []string      // HTTP targets ("api.stripe.com/v1/payment_intents")
	static  []staticEntry // Options.Static
	todo    []string      // effects no built-in observer sees
}

type staticEntry struct{ target, says string }

// paymentHosts maps the catalog's payment targets ("stripe
// payment_intents") to the API's host and path prefix, as the HTTP
// recorder names requests. Providers not listed get a TODO.
var paymentHosts = map[string]string{
	"stripe": "api.stripe.com/v1/",
}

var tableName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)?$`)

// observe sorts h's effects into observers.
func observe(h schema.Handler) observed {
	var o observed
	seen := map[string]bool{}
	add := func(list *[]string, s string) {
		if !seen[s] {
			seen[s] = true
			*list = append(*list, s)
		}
	}
	for _, e := range h.SideEffects {
		says := verdict(e)
		switch e.Kind {
		case "db_read":
			continue // reads change nothing
		case "db_write":
			if e.Operation == "complete" || !tableName.MatchString(e.Target) {
				continue // the queue's own bookkeeping (River's job, step)
			}
			add(&o.tables, e.Target)
			o.static = append(o.static, staticEntry{e.Target, says})
		case "http":
			add(&o.targets, e.Target)
			o.static = append(o.static, staticEntry{e.Target, says})
		case "payment":
			provider, resource, _ := strings.Cut(e.Target, " ")
			if host, ok := paymentHosts[provider]; ok && resource != "" {
				t := host + resource
				add(&o.targets, t)
				o.static = append(o.static, staticEntry{t, says})
				continue
			}
			o.todo = append(o.todo, todo(e))
		case "dynamic_call":
			o.todo = append(o.todo, fmt.Sprintf("%s (%s): the inventory cannot tell what it does; observe what it changes", e.Target, e.Evidence))
		default:
			o.todo = append(o.todo, todo(e))
			if e.Target != "" {
				o.static = append(o.static, staticEntry{e.Target, says})
			}
		}
	}
	sort.Strings(o.tables)
	sort.Strings(o.targets)
	return o
}

// verdict is the inventory's word on one effect, for Options.Static.
func verdict(e schema.SideEffect) string {
	state := "unguarded"
	switch {
	case e.Issue != "":
		state = e.Issue
	case e.Guarded:
		state = "guarded (" + e.GuardKind + ")"
	case e.Idempotent == true:
		state = "idempotent"
	}
	s := fmt.Sprintf("%s %s, %s, %s", e.Kind, e.Operation, e.Risk, state)
	if e.Detail != "" && strings.HasPrefix(e.Detail, "in trigger") {
		s += ", " + e.Detail
	}
	return s + " at " + e.Evidence
}

func todo(e schema.SideEffect) string {
	return fmt.Sprintf("%s %s %s (%s): a twice.Observer over a fake that records it", e.Kind, e.Operation, e.Target, e.Evidence)
}
