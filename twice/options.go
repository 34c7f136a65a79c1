package twice

import (
	"context"
	"fmt"
	"time"
)

// Mode is a way of delivering a job more than once.
type Mode int

// The modes, in the order Run runs them.
const (
	// Sequential delivers N times one after another; every delivery but
	// the last loses its ack, so the queue delivers again.
	Sequential Mode = iota + 1
	// Concurrent starts N deliveries together: the broker redelivering
	// while the first run is still going (a visibility timeout, River's
	// rescuer).
	Concurrent
	// Crash abandons a delivery right after each effect point in turn,
	// before its completion/ack, then delivers once more.
	Crash
)

func (m Mode) String() string {
	switch m {
	case Sequential:
		return "sequential"
	case Concurrent:
		return "concurrent"
	case Crash:
		return "crash"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// Options says how to deliver and what to observe. Only Observers is
// required, and Reset when more than one run is made (the concurrent and
// crash modes) unless every observer is a Resetter.
type Options struct {
	// Name names the job in reports; Check uses the test's name if empty.
	Name string
	// Deliveries is N, the number of deliveries in the sequential and
	// concurrent modes (default 2).
	Deliveries int
	// Modes to run (default all three). The first delivery of the
	// sequential run is always made: its state is the one every mode is
	// compared with.
	Modes []Mode
	// Observers read the state after one delivery and after N.
	Observers []Observer
	// Reset restores the fixture before each run (truncate and seed the
	// tables, clear fakes). Every run starts from what it leaves; Run
	// checks that it leaves the same state each time.
	Reset func(ctx context.Context) error
	// MaxCrashPoints bounds the crash runs (default 32): a run for each
	// of the first MaxCrashPoints effect points of one delivery.
	MaxCrashPoints int
	// Timeout bounds each delivery (default 30s).
	Timeout time.Duration
	// Static is what the static inventory says of this handler's effects;
	// messages about a set it names quote it, and say so when it names
	// none (jobeffects twice-tests fills it from the inventory).
	Static []Static
}

// Static is one effect as the static inventory lists it.
type Static struct {
	// Target is the table or target the effect changes, as the observers
	// name their sets: "ledger", "api.stripe.com/v1/payment_intents".
	Target string
	// Says is the inventory's verdict on it, quoted in messages:
	// "insert, unguarded, internal/store/store.go:17".
	Says string
}

func (o Options) withDefaults() Options {
	if o.Deliveries == 0 {
		o.Deliveries = 2
	}
	if len(o.Modes) == 0 {
		o.Modes = []Mode{Sequential, Concurrent, Crash}
	}
	if o.MaxCrashPoints == 0 {
		o.MaxCrashPoints = 32
	}
	if o.Timeout == 0 {
		o.Timeout = 30 * time.Second
	}
	return o
}

func (o Options) has(m Mode) bool {
	for _, x := range o.Modes {
		if x == m {
			return true
		}
	}
	return false
}
