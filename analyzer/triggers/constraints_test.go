package triggers

import (
	"strings"
	"testing"
)

const keys = `
create table processed_jobs (job_key text primary key, done_at timestamptz not null default now());
create table claims_composite (tenant text, job_id bigint, constraint claims_composite_uq unique (tenant, job_id));
create table claims_idx (key text not null, created_at timestamptz);
create unique index claims_idx_key on claims_idx (key);
create table claims_alter (key text, kind text);
alter table claims_alter add constraint claims_alter_pk primary key (key, kind);
create table claims_col (id bigserial, key text unique);
create table claims_none (key text, created_at timestamptz);
create index claims_none_key on claims_none (key);
create table claims_partial (key text, live bool);
create unique index claims_partial_key on claims_partial (key) where live;
`

func TestClaimConstraint(t *testing.T) {
	s := Parse([]File{{Path: "m/001.sql", Data: []byte(keys)}})
	for _, c := range []struct {
		table, constraint string
		conflict, ins     []string
		state, text       string
	}{
		{"processed_jobs", "", []string{"job_key"}, nil, "ok", "primary key (job_key) at m/001.sql:2"},
		{"public.processed_jobs", "", nil, []string{"job_key"}, "ok", "primary key"},
		{"processed_jobs", "", nil, nil, "ok", "primary key"},
		{"processed_jobs", "processed_jobs_pkey", nil, nil, "ok", "primary key"},
		{"processed_jobs", "", []string{"done_at"}, nil, "none", "no unique key on processed_jobs (done_at)"},
		{"claims_composite", "", []string{"job_id", "tenant"}, nil, "ok", "unique claims_composite_uq (tenant, job_id)"},
		{"claims_composite", "", []string{"job_id"}, nil, "none", "its unique keys are unique claims_composite_uq"},
		{"claims_composite", "claims_composite_uq", nil, nil, "ok", "claims_composite_uq"},
		{"claims_idx", "", []string{"key"}, nil, "ok", "unique index claims_idx_key (key) at m/001.sql:5"},
		{"claims_alter", "", nil, []string{"key", "kind", "x"}, "ok", "primary key (key, kind) at m/001.sql:7"},
		{"claims_alter", "", nil, []string{"key"}, "none", "within the inserted columns (key)"},
		{"claims_col", "", []string{"key"}, nil, "ok", "unique (key) at m/001.sql:8"},
		{"claims_col", "claims_col_key_key", nil, nil, "ok", "unique (key)"},
		{"claims_none", "", []string{"key"}, nil, "none", "it has no unique key"},
		{"claims_none", "", nil, []string{"key"}, "none", "it has no unique key"},
		{"claims_partial", "", nil, []string{"key"}, "none", "where …"},
		{"elsewhere", "", []string{"key"}, nil, "unknown", "no migration creates elsewhere"},
	} {
		state, text := s.Claim(c.table, c.conflict, c.constraint, c.ins)
		if state != c.state || !strings.Contains(text, c.text) {
			t.Errorf("Claim(%s, %v, %q, %v) = %s, %q; want %s, …%q…", c.table, c.conflict, c.constraint, c.ins, state, text, c.state, c.text)
		}
	}
}

// Later migrations undo and rename keys; down migrations are not applied.
func TestClaimConstraintLaterMigrations(t *testing.T) {
	s := Parse([]File{
		{Path: "m/001_init.up.sql", Data: []byte(`
create table a_claims (key text primary key);
create table b_claims (key text, constraint b_uq unique (key));
create table c_claims (key text);
create unique index c_key on c_claims (key);
create table d_claims (job text unique);
create table e_claims (key text unique);
create table g_claims (key text unique);
`)},
		{Path: "m/001_init.down.sql", Data: []byte(`drop table g_claims;`)},
		{Path: "m/002_change.up.sql", Data: []byte(`
alter table b_claims drop constraint b_uq;
drop index c_key;
alter table d_claims rename column job to job_key;
alter table e_claims rename to f_claims;
`)},
		{Path: "m/003_goose.sql", Data: []byte(`-- +goose Up
create table h_claims (key text unique);
-- +goose Down
drop table h_claims;
`)},
	})
	for _, c := range []struct {
		table    string
		conflict []string
		state    string
	}{
		{"a_claims", []string{"key"}, "ok"},
		{"b_claims", []string{"key"}, "none"},   // its constraint dropped
		{"c_claims", []string{"key"}, "none"},   // its index dropped
		{"d_claims", []string{"job_key"}, "ok"}, // the column renamed
		{"d_claims", []string{"job"}, "none"},
		{"e_claims", []string{"key"}, "unknown"}, // renamed away
		{"f_claims", []string{"key"}, "ok"},
		{"g_claims", []string{"key"}, "ok"}, // dropped only by the down migration
		{"h_claims", []string{"key"}, "ok"}, // dropped only below goose's Down
	} {
		if state, text := s.Claim(c.table, c.conflict, "", nil); state != c.state {
			t.Errorf("Claim(%s, %v) = %s (%s), want %s", c.table, c.conflict, state, text, c.state)
		}
	}
}
