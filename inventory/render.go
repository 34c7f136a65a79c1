package inventory

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/jobeffects/jobeffects/inventory/schema"
	"go.yaml.in/yaml/v3"
)

// YAML renders the inventory.
func YAML(inv *schema.Inventory) ([]byte, error) {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(inv); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteSummary writes a short human summary: counts, then one line per
// handler that is not safe or has findings.
func WriteSummary(w io.Writer, inv *schema.Inventory) error {
	s := inv.Summary
	_, err := fmt.Fprintf(w, "%d handlers: %d critical, %d high, %d medium, %d safe, %d unknown; %d findings\n",
		s.Handlers, s.Risk.Critical, s.Risk.High, s.Risk.Medium, s.Risk.Safe, s.Risk.Unknown, s.Findings)
	if err != nil {
		return err
	}
	if n := len(inv.Incomplete); n > 0 {
		if _, err := fmt.Fprintf(w, "incomplete: %d %s not analysed, their handlers missing (listed under incomplete:)\n", n, plural(n, "package")); err != nil {
			return err
		}
	}
	for _, h := range inv.Handlers {
		if h.Risk == "safe" && len(h.Findings) == 0 {
			continue
		}
		var rules []string
		for _, f := range h.Findings {
			if f.Suppressed == "" {
				rules = append(rules, f.Rule)
			}
		}
		status := "ok"
		if len(rules) > 0 {
			status = strings.Join(rules, ", ")
		} else if h.Guard != nil {
			status = "guarded (" + h.Guard.Kind + ")"
		}
		task := h.Task
		if task == "" {
			task = "(no task name)"
		}
		if h.EffectConfidence == "medium" {
			status += "; inferred from names"
		}
		if _, err := fmt.Fprintf(w, "  %-8s %-24s %s  %s  [%s]\n", h.Risk, task, h.Handler, h.Position, status); err != nil {
			return err
		}
	}
	return nil
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
