package effect

// Over says that an effect runs only over a collection held in a field of
// a parameter of the summarised function: it sits in a range over the
// field (for _, job := range js.jobs { push(job) }) or behind a test that
// the field is not empty (if len(js.jobs) == 0 { return nil }). A caller
// that passes its own parameter there hands it up; one that passes a
// value it made itself decides it (summary/collected.go): where every
// fill of that field the caller reaches runs only after a claim, a second
// delivery finds the collection empty and runs nothing.
type Over struct {
	// Param is the parameter (receiver first; free variables after the
	// parameters, as Exec counts them).
	Param int
	// Target is the field, named as a memory write to it is
	// ("jobscheduler.JobScheduler.jobs").
	Target string
}
