package settings

import (
	"errors"

	"github.com/jobeffects/jobeffects/analyzer/baseline"
)

// ReportBaseline reads the baseline a package's analysis would apply —
// Flags.Baseline, else its config's baseline: — as a pass's resolution
// reads it (a relative -baseline from the working directory, else from
// Root; the same errors), for a driver that applies the baseline to the
// results after an analysis made with Flags.NoBaseline. nil without one,
// and nil with no error when the settings fail before the baseline (the
// config: the analysis, which read it, reported that).
func ReportBaseline(req Request) (*baseline.Set, error) {
	req.NoBaseline = false
	s, err := resolve(NewSession(), req, scopeBaseline)
	var be baselineError
	switch {
	case errors.As(err, &be):
		return nil, be.error
	case err != nil:
		return nil, nil
	}
	return s.Baseline, nil
}

// baselineError is an error of the baseline itself, not of what names it.
type baselineError struct{ error }

func (e baselineError) Unwrap() error { return e.error }
