package triggers

import (
	"reflect"
	"strings"
	"testing"
)

const bunModels = "package p\n\n" +
	"import \"github.com/uptrace/bun\"\n\n" +
	"type Embedding struct {\n" + // 5
	"\tbun.BaseModel `bun:\"table:message_embedding,alias:me\"`\n\n" +
	"\tUUID        string `bun:\",pk,type:uuid,default:gen_random_uuid()\"`\n" + // 8
	"\tMessageUUID string `bun:\"type:uuid,notnull,unique\"`\n" + // 9
	"\tSessionID   string `bun:\",notnull\"`\n" + // 10
	"\tTenant      string `bun:\"tenant,unique:tenant_slug\"`\n" + // 11
	"\tSlug        string `bun:\",unique:tenant_slug\"`\n" + // 12
	"\tBody        string\n" + // 13: untagged, not unique
	"\tMessage     *Embedding `bun:\"rel:belongs-to,join:message_uuid=uuid\"`\n" +
	"}\n\n" +
	"type Plain struct {\n" + // 17: bun tags, no key
	"\tName string `bun:\",notnull\"`\n" +
	"}\n"

const gormModels = "package p\n\n" +
	"import \"gorm.io/gorm\"\n\n" +
	"type Order struct {\n" + // 5
	"\tgorm.Model\n" + // 6
	"\tUID    string `gorm:\"uniqueIndex\"`\n" + // 7
	"\tShop   string `gorm:\"uniqueIndex:idx_shop_no\"`\n" + // 8
	"\tNo     int    `gorm:\"uniqueIndex:idx_shop_no\"`\n" + // 9
	"\tEmail  string `gorm:\"column:mail;unique\"`\n" + // 10
	"\tNote   string `gorm:\"index\"`\n" + // 11: not unique
	"\tActive string `gorm:\"index:idx_active,unique,where:deleted_at IS NULL\"`\n" + // 12: partial
	"\tUserID uint   `gorm:\"index:idx_user_workout\"`\n" + // 13: one index with the next field
	"\tWorkID uint   `gorm:\"uniqueIndex:idx_user_workout\"`\n" + // 14: ... made UNIQUE by it
	"\tKind   string `gorm:\"index:idx_kind_sort\"`\n" + // 15: two plain members: not unique
	"\tSort   int    `gorm:\"index:idx_kind_sort\"`\n" + // 16
	"\tTenant string `gorm:\"uniqueIndex:idx_tenant_ref\"`\n" + // 17: unique, but ...
	"\tRef    string `gorm:\"index:idx_tenant_ref,where:ref <> ''\"`\n" + // 18: ... a member's WHERE makes it partial
	"}\n\n" +
	"type Line struct {\n" + // 21
	"\tOrderID uint `gorm:\"primaryKey\"`\n" + // 22
	"\tPos     int  `gorm:\"primaryKey\"`\n" + // 23
	"}\n\n" +
	"func (Line) TableName() string { return \"order_lines\" }\n"

func modelKeys(s *Set, tables ...string) []string {
	var keys []string
	for _, tb := range tables {
		for _, u := range s.Uniques(tb) {
			keys = append(keys, tb+" "+u.String())
		}
	}
	return keys
}

func TestModelSchemaBun(t *testing.T) {
	files := []File{{Path: "/m/p/models.go", Data: []byte(bunModels)}}
	s := Parse(ModelSchema(files, true, false))
	want := []string{
		"message_embedding primary key (uuid) at /m/p/models.go:8",
		"message_embedding unique (message_uuid) at /m/p/models.go:9",
		"message_embedding unique tenant_slug (tenant, slug) at /m/p/models.go:11",
	}
	if got := modelKeys(s, "message_embedding", "plains"); !reflect.DeepEqual(got, want) {
		t.Errorf("keys\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !s.Table("message_embedding") || s.Table("plains") {
		t.Errorf("tables: message_embedding %v (want true), plains %v (want false: no key)", s.Table("message_embedding"), s.Table("plains"))
	}
	if len(s.Errors) != 0 {
		t.Errorf("errors %v", s.Errors)
	}
	// Near miss: the untagged field and the notnull one are no key.
	if k, ok := s.InsertKey("message_embedding", []string{"session_id", "body"}); ok {
		t.Errorf("an insert of untagged columns has key %v", k)
	}
	// No evidence that the tables are created from the models: no keys.
	if got := ModelSchema(files, false, true); len(got) != 0 {
		t.Errorf("bun models read without bun's create-from-model: %v", got)
	}
}

func TestModelSchemaGorm(t *testing.T) {
	s := Parse(ModelSchema([]File{{Path: "/m/p/models.go", Data: []byte(gormModels)}}, false, true))
	want := []string{
		"orders primary key (id) at /m/p/models.go:6",
		"orders unique index idx_orders_uid (uid) at /m/p/models.go:7",
		"orders unique index idx_shop_no (shop, no) at /m/p/models.go:8",
		"orders unique (mail) at /m/p/models.go:10",
		"orders unique index idx_user_workout (user_id, work_id) at /m/p/models.go:13",
		"order_lines primary key (order_id, pos) at /m/p/models.go:22",
	}
	if got := modelKeys(s, "orders", "order_lines"); !reflect.DeepEqual(got, want) {
		t.Errorf("keys\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A table a migration creates keeps the migration's keys: the model's
// tags do not add to them.
func TestModelSchemaMigrationWins(t *testing.T) {
	files := append([]File{{Path: "001.sql", Data: []byte("CREATE TABLE message_embedding (uuid uuid PRIMARY KEY, message_uuid uuid);")}},
		ModelSchema([]File{{Path: "/m/p/models.go", Data: []byte(bunModels)}}, true, false)...)
	s := Parse(files)
	want := []string{"message_embedding primary key (uuid) at 001.sql:1"}
	if got := modelKeys(s, "message_embedding"); !reflect.DeepEqual(got, want) {
		t.Errorf("keys %q, want %q", got, want)
	}
}

func TestParseBunTag(t *testing.T) {
	for _, c := range []struct {
		in   string
		name string
		opts map[string][]string
	}{
		{",pk,type:uuid,default:gen_random_uuid()", "", map[string][]string{"pk": {""}, "type": {"uuid"}, "default": {"gen_random_uuid()"}}},
		{"type:uuid,notnull,unique", "", map[string][]string{"type": {"uuid"}, "notnull": {""}, "unique": {""}}},
		{"name,unique:\"a,b\"", "name", map[string][]string{"unique": {"a,b"}}},
		{"table:users,alias:u", "", map[string][]string{"table": {"users"}, "alias": {"u"}}},
		{"type:numeric(10,2),unique:g", "", map[string][]string{"type": {"numeric(10,2)"}, "unique": {"g"}}},
	} {
		got := parseBunTag(c.in)
		if got.name != c.name || !reflect.DeepEqual(got.opts, c.opts) {
			t.Errorf("parseBunTag(%q) = %q %v, want %q %v", c.in, got.name, got.opts, c.name, c.opts)
		}
	}
}

func TestCreatesTables(t *testing.T) {
	if b, g := CreatesTables([]byte("db.NewCreateTable().Model(m).IfNotExists().Exec(ctx)")); !b || g {
		t.Errorf("bun: %v %v", b, g)
	}
	if b, g := CreatesTables([]byte("db.AutoMigrate(&Order{})")); b || !g {
		t.Errorf("gorm: %v %v", b, g)
	}
}

// gormEmbedded: models embedding a base struct. One declared in the
// package is read in place, as gorm parses it (aepyornis's Model: its
// primary key, and the outer model's named group complete); one of
// another package stays unknown: no primary key, no named group.
const gormEmbedded = "package p\n\n" +
	"import \"example.org/base\"\n\n" +
	"type Model struct {\n" + // 5
	"\tID uint64 `gorm:\"primaryKey\"`\n" + // 6
	"}\n\n" +
	"type OutboxWorkout struct {\n" + // 9
	"\tModel\n" + // 10
	"\tUserID    uint64 `gorm:\"index:idx_obw_user_workout;not null\"`\n" + // 11
	"\tWorkoutID uint64 `gorm:\"uniqueIndex:idx_obw_user_workout;not null\"`\n" + // 12
	"}\n\n" +
	"type Tenanted struct {\n" + // 15
	"\tTenant string `gorm:\"uniqueIndex:idx_tenant_slug\"`\n" + // 16
	"}\n\n" +
	"type Page struct {\n" + // 19
	"\t*Tenanted\n" + // 20: its Tenant is a member of the group below
	"\tSlug string `gorm:\"uniqueIndex:idx_tenant_slug\"`\n" + // 21
	"}\n\n" +
	"type Remote struct {\n" + // 24
	"\tbase.Model\n" + // 25: not known here
	"\tA string `gorm:\"uniqueIndex:idx_remote_ab\"`\n" + // 26
	"\tB string `gorm:\"uniqueIndex:idx_remote_ab\"`\n" + // 27
	"\tC string `gorm:\"uniqueIndex\"`\n" + // 28
	"}\n"

func TestModelSchemaGormEmbedded(t *testing.T) {
	s := Parse(ModelSchema([]File{{Path: "/m/p/models.go", Data: []byte(gormEmbedded)}}, false, true))
	want := []string{
		"outbox_workouts primary key (id) at /m/p/models.go:10",
		"outbox_workouts unique index idx_obw_user_workout (user_id, workout_id) at /m/p/models.go:11",
		"pages unique index idx_tenant_slug (tenant, slug) at /m/p/models.go:20",
		"remotes unique index idx_remotes_c (c) at /m/p/models.go:28",
	}
	if got := modelKeys(s, "outbox_workouts", "pages", "remotes"); !reflect.DeepEqual(got, want) {
		t.Errorf("keys\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
