package settings

import (
	"errors"

	"github.com/jobeffects/jobeffects/analyzer/baseline"
	"github.com/jobeffects/jobeffects/analyzer/config"
)

// ReportBaseline reads the baseline a package's analysis would apply —
// Flags.Baseline, else its config's baseline: — as a pass's resolution
// reads it (a relative -baseline from the working directory, else from
// Root; the same errors), for a driver that applies the baseline to the
// results after an analysis made with Flags.NoBaseline. nil without one,
// and nil with no error when the settings fail before the baseline (the
// config: the analysis, which read it, reported that).
func ReportBaseline(req Request) (*baseline.Set, error) {
	return NewSession().ReportBaseline(req)
}

// ReportBaseline is the package's ReportBaseline in a session: a config
// the session built (the analysis's own session) or was told builds
// (Vouch: a replay, from the configs its analysis built) is not built
// again. Only whether the config builds decides the answer (a config that
// does not build ends the resolution without a baseline), and building is
// a function of the file's bytes: it is parsed, for its baseline: and
// -safe's checks, not merged with the catalog's models again (0.1 CPU s,
// most of a replay with a baseline).
func (sess *Session) ReportBaseline(req Request) (*baseline.Set, error) {
	req.NoBaseline = false
	if req.Baseline == "" && !configNamesBaseline(req) {
		// No baseline to read: the resolution ends without one whatever
		// it meets before (an error there is nil, no error, too), so it
		// is not made. It would build the config, merging the models
		// of the catalog (0.1 CPU s), which only an analysis reads: most
		// of a replayed run's work (the run cache applies this to every
		// replay's results).
		return nil, nil
	}
	s, err := resolve(sess, req, scopeBaseline)
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

// configNamesBaseline says whether the config the request resolves (its
// Config, else the one in Dir) parses and names a baseline: only then can
// a resolution without -baseline read one.
func configNamesBaseline(req Request) bool {
	path := req.Config
	if path == "" {
		path = findConfig(req.Dir)
	}
	if path == "" {
		return false
	}
	data, err := readLimited(path, MaxConfigSize)
	if err != nil {
		return false
	}
	cfg, err := config.Parse(path, data)
	return err == nil && cfg.Baseline != ""
}
