package analyzer_test

import (
	"testing"
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
	{"go-pg", []string{"ecogopg"}},
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
	{"clickhouse", []string{"ecoclickhouse"}},
	{"postgrest", []string{"ecopostgrest"}},
}

// TestEcosystem checks each library's fixture: facts on every function,
// the unguarded findings and pitfalls of its handlers, one subtest each.
func TestEcosystem(t *testing.T) {
	for _, f := range ecosystemFixtures {
		t.Run(f.name, func(t *testing.T) {
			runShared(t, f.pkgs...)
		})
	}
}
