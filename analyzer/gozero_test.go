package analyzer_test

import (
	"testing"
)

// TestGoZeroModel: goctl's models assemble their SQL from struct tags and
// run it through sqlc.CachedConn; the optimistic lock is a claim.
func TestGoZeroModel(t *testing.T) {
	runShared(t, "gozerofix") // fixtures_test.go: the declared fixture's config
}

// TestGoZeroRedis: go-zero's Redis commands run inside a circuit breaker
// the analysis cannot see into; the catalog says what each one does
// (increment, set, delete, read, a pipeline's own commands).
func TestGoZeroRedis(t *testing.T) {
	runShared(t, "gozeroredisfix")
}
