package rivertwice

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
)

// deliveryTB is the testing.TB rivertest's worker gets for one delivery.
// rivertest fails its test when a worked job leaves no completion — which
// is what a second delivery racing the first over the same job can do
// (the first holds the row, the second's completion never comes). That is
// an outcome of the delivery, not a failure of the user's test: its
// failures become the delivery's error, and Fatal ends WorkJob, not the
// test. Everything else (Helper, Logf, Cleanup, TempDir) is the test's.
type deliveryTB struct {
	testing.TB
	mu     sync.Mutex
	failed []string
}

// abortDelivery is what FailNow panics with; Deliver recovers it.
type abortDelivery struct{}

func (d *deliveryTB) record(msg string) {
	d.mu.Lock()
	d.failed = append(d.failed, msg)
	d.mu.Unlock()
}

func (d *deliveryTB) Error(args ...any)                 { d.record(fmt.Sprint(args...)) }
func (d *deliveryTB) Errorf(format string, args ...any) { d.record(fmt.Sprintf(format, args...)) }
func (d *deliveryTB) Fail()                             { d.record("failed") }
func (d *deliveryTB) FailNow()                          { d.record("failed"); panic(abortDelivery{}) }
func (d *deliveryTB) Fatal(args ...any)                 { d.record(fmt.Sprint(args...)); panic(abortDelivery{}) }
func (d *deliveryTB) Fatalf(format string, args ...any) {
	d.record(fmt.Sprintf(format, args...))
	panic(abortDelivery{})
}

func (d *deliveryTB) Failed() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.failed) > 0
}

// err is the delivery's error from what rivertest reported, nil if none.
func (d *deliveryTB) err() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.failed) == 0 {
		return nil
	}
	return errors.New("rivertest: " + strings.Join(d.failed, "; "))
}

// work runs fn with a deliveryTB, turning its FailNow into a return.
func work(tb testing.TB, fn func(testing.TB) error) (err error) {
	d := &deliveryTB{TB: tb}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(abortDelivery); !ok {
				panic(r)
			}
		}
		err = errors.Join(err, d.err())
	}()
	return fn(d)
}
