package infer

import (
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// Telemetry reads a database increment the way a reviewer reads a
// heartbeat: the table's name says it keeps heartbeats or telemetry
// (operation_heartbeats) and every column the statement accumulates onto
// counts passes (success_count = success_count + 1, sample_count +
// excluded.sample_count), with no word of a business quantity (balance,
// usage, credit: names.yaml heartbeats.amounts). A second delivery that
// runs the pass again counts one more pass that did run, as a metric
// does; nothing anyone reads as the job's result is duplicated. Only with
// on (name inference): -strict and infer: false keep the increment. nil
// when the names do not plainly say so, for an increment the code did not
// decide (a catalog model, a read-modify-write whose columns are not
// known) and for every other effect.
func Telemetry(e *effect.Effect, on bool) *effect.Reading {
	t, err := names()
	if err != nil || !on || e.Kind != effect.KindDBWrite || e.By != effect.ByCode || e.Accumulates == "" {
		return nil
	}
	if e.Op != "upsert-increment" && e.Op != "update-increment" {
		return nil
	}
	tables, counters, amounts := set(t.Heartbeats.Tables), set(t.Heartbeats.Counters), set(t.Heartbeats.Amounts)
	said := ""
	for _, w := range words(e.Target) {
		if tables[w] {
			said = w
		}
	}
	if said == "" {
		return nil
	}
	cols := strings.Split(e.Accumulates, ",")
	for _, c := range cols {
		ws := words(c)
		if len(ws) == 0 || !counters[ws[len(ws)-1]] {
			return nil
		}
		for _, w := range ws {
			if amounts[w] {
				return nil
			}
		}
	}
	return &effect.Reading{Kind: e.Kind, Op: e.Op, Risk: effect.Safe, Path: true,
		Why: "decided by name: heartbeat telemetry (the table " + e.Target + " says " + said + ", and " + strings.Join(cols, ", ") +
			" count passes): a redelivery counts one more pass that did run, nothing the job produces is repeated"}
}
