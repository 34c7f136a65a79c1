package analyzer_test

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobeffects/jobeffects/analyzer"
)

// ecosystemFixtures are the fixture packages of the library catalogs
// (analyzer/models/catalog), one subtest each; each package's doc comment
// says what it covers, and its TODO(engine) comments what the engine gets
// wrong there.
var ecosystemFixtures = []struct {
	name string
	pkgs []string
}{
	{"sqlx", []string{"ecosqlx"}},
	{"pgx-v4", []string{"ecopgxv4"}},
	{"bun", []string{"ecobun"}},
	{"sqlc", []string{"ecosqlc/db", "ecosqlc"}},
	{"ent", []string{"ecoent"}},
	{"gorm", []string{"ecogorm"}},
	{"dialects", []string{"ecodialect"}},
	{"mongo", []string{"ecomongo"}},
	{"mongo-v2", []string{"ecomongo2"}},
	{"redis", []string{"ecoredis"}},
	{"ses", []string{"ecoses"}},
	{"sendgrid", []string{"ecosendgrid"}},
	{"twilio", []string{"ecotwilio"}},
	{"firebase", []string{"ecofcm"}},
	{"stripe", []string{"ecostripe"}},
	{"kafka-go", []string{"ecokafka"}},
	{"sarama", []string{"ecosarama"}},
	{"confluent", []string{"ecoconfluent"}},
	{"nats", []string{"econats"}},
	{"amqp", []string{"ecoamqp"}},
	{"sns", []string{"ecosns"}},
	{"sqs", []string{"ecosqs"}},
	{"pubsub", []string{"ecopubsub"}},
}

// collector is an analysistest.Testing that records failures.
type collector struct {
	mu   sync.Mutex
	msgs []string
}

func (c *collector) Errorf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.msgs = append(c.msgs, fmt.Sprintf(format, args...))
}

// TestEcosystem checks each library's fixture: facts on every function,
// the unguarded findings and pitfalls of its handlers. All fixtures are
// analysed in one analysistest run (loading the shared stubs once is ten
// times faster than a run per package); each subtest reports the failures
// in its library's files.
func TestEcosystem(t *testing.T) {
	c := &collector{}
	var pkgs []string
	for _, f := range ecosystemFixtures {
		pkgs = append(pkgs, f.pkgs...)
	}
	analysistest.Run(c, testdata, analyzer.Analyzer, pkgs...)
	claimed := make([]bool, len(c.msgs))
	for _, f := range ecosystemFixtures {
		t.Run(f.name, func(t *testing.T) {
			for i, m := range c.msgs {
				if slices.Contains(f.pkgs, fixtureDir(m)) {
					claimed[i] = true
					t.Error(m)
				}
			}
		})
	}
	for i, m := range c.msgs {
		if !claimed[i] {
			t.Error(m)
		}
	}
}

// fixtureDir returns the package directory (relative to testdata/src) of
// the file a failure message starts with, or "".
func fixtureDir(msg string) string {
	i := strings.Index(msg, ".go:")
	if i < 0 {
		return ""
	}
	dir := path.Dir(filepath.ToSlash(msg[:i+3]))
	if j := strings.LastIndex(dir, "/src/"); j >= 0 {
		dir = dir[j+len("/src/"):]
	}
	return dir
}
