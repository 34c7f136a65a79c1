// Package prometheus is a stub of the Prometheus client for the fixtures.
package prometheus

type Counter interface{ Inc() }

type CounterVec struct{ m map[string]Counter }

func (v *CounterVec) WithLabelValues(lvs ...string) Counter { return v.m[lvs[0]] }
