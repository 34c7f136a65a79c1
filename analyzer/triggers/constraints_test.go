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
