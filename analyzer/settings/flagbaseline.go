package settings

import "github.com/jobeffects/jobeffects/analyzer/baseline"

// FlagBaseline reads the baseline a request's Flags.Baseline names, as a
// pass's resolution reads it (a relative path from the working directory,
// else from Root; the same errors), for a driver that applies the baseline
// to the results after the analysis instead of in it (Flags.NoBaseline).
// nil without one.
func FlagBaseline(req Request) (*baseline.Set, error) {
	if req.Baseline == "" {
		return nil, nil
	}
	req.NoBaseline = false
	r := &resolver{req: req, sess: NewSession(), parse: true}
	s := &Settings{}
	if err := r.baseline(s, nil); err != nil {
		return nil, err
	}
	return s.Baseline, nil
}
