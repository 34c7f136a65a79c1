package summary

import (
	"go/constant"
	"go/types"
	"slices"
	"time"

	"golang.org/x/tools/go/ssa"
)

// A key built from the clock read only to the day. A calendar day taken
// from time.Now() (now.Format(time.DateOnly), now.Date(),
// now.Truncate(24*time.Hour)) is the same value for every delivery made
// that day: a redelivery builds the key the first delivery built, so it
// deduplicates like a key from job data, where time.Now() itself,
// UnixNano() or a layout with hours is new on every delivery (random-key).
// The trace of a random key stops at such a call (trace.source), and a
// function whose results see a time.Time parameter only through one says
// so in its summary (DayParams), so its callers do not take the clock they
// pass for the source of its results (digest.Due(now, …) returning the
// dates owed today). What is left is a redelivery that crosses midnight
// (noon for Round): docs/rules.md#rule-random-key.

// dayGranular reports whether call reads a time.Time only to the day or
// coarser: its result is one value for every instant of a calendar day.
func dayGranular(c *ssa.CallCommon) bool {
	callee := c.StaticCallee()
	if callee == nil {
		return false
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok || obj == nil {
		return false
	}
	recv := obj.Type().(*types.Signature).Recv()
	if recv == nil || !clockTime(recv.Type()) {
		return false
	}
	switch obj.Name() {
	case "Date", "Year", "Month", "Day", "YearDay", "Weekday", "ISOWeek":
		return true
	case "Format", "AppendFormat":
		k, ok := c.Args[len(c.Args)-1].(*ssa.Const)
		return ok && k.Value != nil && k.Value.Kind() == constant.String && dayLayout(constant.StringVal(k.Value))
	case "Truncate", "Round":
		k, ok := c.Args[len(c.Args)-1].(*ssa.Const)
		if !ok || k.Value == nil || k.Value.Kind() != constant.Int {
			return false
		}
		d, exact := constant.Int64Val(k.Value)
		return exact && time.Duration(d) >= 24*time.Hour
	}
	return false
}

// dayLayout reports whether a time layout prints every instant of a day
// alike: no hour, minute, second, fraction or AM/PM in it. Formatting
// instants across one day with it says so for every layout element.
func dayLayout(layout string) bool {
	day := time.Date(2006, 1, 2, 0, 0, 0, 0, time.UTC)
	first := day.Format(layout)
	for _, at := range []time.Duration{13*time.Hour + 37*time.Minute + 11*time.Second + 123456789, 24*time.Hour - 1} {
		if day.Add(at).Format(layout) != first {
			return false
		}
	}
	return true
}

// dayParams are fn's time.Time parameters (1-based, receiver first) that
// its results derive from only through a day-granular read: reached by a
// trace of the results that goes through such reads, and not by one that
// stops there.
func (w *walker) dayParams() []int {
	fn := w.fn
	var clock []int
	for i, p := range fn.Params {
		if clockTime(p.Type()) {
			clock = append(clock, i+1)
		}
	}
	if len(clock) == 0 || fn.Signature.Results().Len() == 0 {
		return nil
	}
	var results []ssa.Value
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			results = append(results, ret.Results...)
		}
	}
	reached := func(throughDay bool) map[int]bool {
		t := &trace{w: w, fn: func(*types.Func) bool { return false }, field: func(types.Type, string) bool { return false },
			result: func(*Summary) string { return "" }, seen: map[ssa.Value]bool{}, throughDay: throughDay}
		for _, r := range results {
			t.source(r, 0)
		}
		m := map[int]bool{}
		for _, p := range t.params {
			m[p.param] = true
		}
		return m
	}
	all, cut := reached(true), reached(false)
	var out []int
	for _, p := range clock {
		if all[p] && !cut[p] {
			out = append(out, p)
		}
	}
	return out
}

// withoutDayParams drops from a call's arguments the ones the callee's
// results see only to the day (its summary's DayParams).
func withoutDayParams(args []ssa.Value, s *Summary) []ssa.Value {
	if s == nil || len(s.DayParams) == 0 {
		return args
	}
	out := make([]ssa.Value, 0, len(args))
	for i, a := range args {
		if !slices.Contains(s.DayParams, i+1) {
			out = append(out, a)
		}
	}
	return out
}
