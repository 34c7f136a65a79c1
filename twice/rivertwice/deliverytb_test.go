package rivertwice

import (
	"errors"
	"strings"
	"testing"
)

// rivertest's failures during a delivery are the delivery's error: Fatal
// ends the work, not the test, and an error of the work is kept with it.
func TestDeliveryTB(t *testing.T) {
	err := work(t, func(tb testing.TB) error {
		tb.Errorf("first %d", 1)
		tb.Fatal("test worker internal error: no job completions received")
		t.Error("Fatal did not end the work")
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), "rivertest: first 1; test worker internal error: no job completions received") {
		t.Errorf("err = %v", err)
	}
	own := errors.New("the job failed")
	if err := work(t, func(testing.TB) error { return own }); !errors.Is(err, own) {
		t.Errorf("err = %v, want the work's own error", err)
	}
	defer func() {
		if r := recover(); r != "boom" {
			t.Errorf("a panic of the job was not passed on: %v", r)
		}
	}()
	work(t, func(testing.TB) error { panic("boom") })
}
