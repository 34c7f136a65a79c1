package analyzer_test

import (
	"testing"
)

// TestGoZeroModel: goctl's models assemble their SQL from struct tags and
// run it through sqlc.CachedConn; the optimistic lock is a claim.
func TestGoZeroModel(t *testing.T) {
	runShared(t, "gozerofix") // fixtures_test.go: the declared fixture's config
}
