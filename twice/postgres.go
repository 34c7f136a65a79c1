package twice

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strings"
)

// Querier runs a read-only query whose columns are all non-null text and
// returns its rows. SQL adapts a *sql.DB; twice/pgxtwice adapts a pgx pool.
type Querier interface {
	QueryText(ctx context.Context, query string) ([][]string, error)
}

// SQLQueryer is what SQL needs: *sql.DB, *sql.Conn and *sql.Tx have it.
type SQLQueryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// SQL returns the Querier reading through db.
func SQL(db SQLQueryer) Querier { return sqlQuerier{db} }

type sqlQuerier struct{ db SQLQueryer }

func (q sqlQuerier) QueryText(ctx context.Context, query string) ([][]string, error) {
	rows, err := q.db.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out [][]string
	for rows.Next() {
		row := make([]string, len(cols))
		ptrs := make([]any, len(cols))
		for i := range row {
			ptrs[i] = &row[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		out = append(out, row)
	}
	return out, rows.Err()
}

// PostgresOptions says which tables a Postgres observer reads.
type PostgresOptions struct {
	// Schemas to read (default: every schema but PostgreSQL's own).
	Schemas []string
	// Tables to read, as "table" (in any of Schemas) or "schema.table";
	// default every table of Schemas but those Exclude matches. A name
	// that matches no table is an error.
	Tables []string
	// Exclude leaves out tables whose name or schema.name matches one of
	// these path.Match patterns when Tables is empty. Default: "river_*",
	// River's own bookkeeping (the harness drives the job row itself).
	Exclude []string
	// IgnoreColumns are left out of every row: "at" (that column in every
	// table) or "audit_log.at". Name what differs between two runs by
	// itself: timestamps, random tokens, a copy of a generated key.
	IgnoreColumns []string
	// KeepGeneratedKeys keeps serial and identity columns in the rows.
	// By default they are left out: a sequence is not transactional, so
	// a crashed run's rolled-back insert still uses up a value and the
	// redelivery's row gets another one, and the row is the same row.
	KeepGeneratedKeys bool
}

// Postgres is an Observer of PostgreSQL tables: each table a set, each row
// an item (its columns as a JSON object, ignored columns left out), so a
// change names the rows and columns that differ.
type Postgres struct {
	q    Querier
	opts PostgresOptions
}

// NewPostgres returns the observer of the tables opts names, read through q.
func NewPostgres(q Querier, opts PostgresOptions) *Postgres {
	if opts.Exclude == nil {
		opts.Exclude = []string{"river_*"}
	}
	return &Postgres{q: q, opts: opts}
}

// Tables returns the observer of only these tables (as in
// PostgresOptions.Tables), with the same schemas and ignored columns.
func (p *Postgres) Tables(names ...string) *Postgres {
	o := p.opts
	o.Tables = append([]string(nil), names...)
	return &Postgres{q: p.q, opts: o}
}

func (p *Postgres) String() string { return "postgres" }

// Observe reads every row of every table.
func (p *Postgres) Observe(ctx context.Context) (State, error) {
	tables, err := p.tables(ctx)
	if err != nil {
		return nil, err
	}
	generated := map[table][]string{}
	if !p.opts.KeepGeneratedKeys && len(tables) > 0 {
		if generated, err = p.generatedKeys(ctx, tables); err != nil {
			return nil, err
		}
	}
	st := State{}
	for _, t := range tables {
		ignore := append(p.ignored(t), generated[t]...)
		arr := "array[]::text[]"
		if len(ignore) > 0 {
			arr = "array[" + strings.Join(mapStrings(ignore, quoteLiteral), ", ") + "]::text[]"
		}
		q := fmt.Sprintf("select (to_jsonb(t) - %s)::text from %s.%s t", arr, quoteIdent(t.schema), quoteIdent(t.name))
		rows, err := p.q.QueryText(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", t, err)
		}
		items := make([]string, 0, len(rows))
		for _, r := range rows {
			items = append(items, r[0])
		}
		st[t.String()] = items
	}
	return st, nil
}

// generatedKeys returns the serial and identity columns of tables.
func (p *Postgres) generatedKeys(ctx context.Context, tables []table) (map[table][]string, error) {
	names := make([]string, len(tables))
	for i, t := range tables {
		names[i] = quoteLiteral(quoteIdent(t.schema) + "." + quoteIdent(t.name))
	}
	rows, err := p.q.QueryText(ctx, `select n.nspname::text, c.relname::text, a.attname::text
from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where a.attrelid = any (array[`+strings.Join(names, ", ")+`]::regclass[]) and a.attnum > 0 and not a.attisdropped
  and (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%')
order by 1, 2, 3`)
	if err != nil {
		return nil, fmt.Errorf("listing generated keys: %w", err)
	}
	out := map[table][]string{}
	for _, r := range rows {
		t := table{r[0], r[1]}
		out[t] = append(out[t], r[2])
	}
	return out, nil
}

type table struct{ schema, name string }

func (t table) String() string {
	if t.schema == "public" {
		return t.name
	}
	return t.schema + "." + t.name
}

// tables lists the tables to read, sorted.
func (p *Postgres) tables(ctx context.Context) ([]table, error) {
	rows, err := p.q.QueryText(ctx, `select n.nspname::text, c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p') and not c.relispartition
  and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\_toast%' and n.nspname not like 'pg\_temp%'
order by 1, 2`)
	if err != nil {
		return nil, fmt.Errorf("listing tables: %w", err)
	}
	var all []table
	for _, r := range rows {
		t := table{r[0], r[1]}
		if len(p.opts.Schemas) > 0 && !contains(p.opts.Schemas, t.schema) {
			continue
		}
		all = append(all, t)
	}
	if len(p.opts.Tables) == 0 {
		var out []table
		for _, t := range all {
			if !p.excluded(t) {
				out = append(out, t)
			}
		}
		return out, nil
	}
	seen := map[table]bool{}
	var out []table
	for _, name := range p.opts.Tables {
		found := false
		for _, t := range all {
			if name == t.name || name == t.schema+"."+t.name {
				found = true
				if !seen[t] {
					seen[t] = true
					out = append(out, t)
				}
			}
		}
		if !found {
			return nil, fmt.Errorf("no table %q (schemas %v)", name, p.opts.Schemas)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out, nil
}

func (p *Postgres) excluded(t table) bool {
	for _, pat := range p.opts.Exclude {
		if ok, _ := path.Match(pat, t.name); ok {
			return true
		}
		if ok, _ := path.Match(pat, t.schema+"."+t.name); ok {
			return true
		}
	}
	return false
}

func (p *Postgres) ignored(t table) []string {
	var cols []string
	for _, c := range p.opts.IgnoreColumns {
		if i := strings.LastIndexByte(c, '.'); i >= 0 {
			if tn := c[:i]; tn == t.name || tn == t.schema+"."+t.name {
				cols = append(cols, c[i+1:])
			}
			continue
		}
		cols = append(cols, c)
	}
	return cols
}

// Describe phrases a change of one table.
func (p *Postgres) Describe(c Change) string {
	rows := func(n int) string { return fmt.Sprintf("%d %s", n, plural(n, "row", "rows")) }
	changed := min(len(c.Added), len(c.Removed))
	extra, missing := len(c.Added)-changed, len(c.Removed)-changed
	counts := fmt.Sprintf("(%d → %d)", c.Before, c.After)
	var cols string
	if changed > 0 {
		cols = rowDiff(c.Removed[0], c.Added[0])
	}
	var parts []string
	switch c.Mode {
	case Crash:
		if extra > 0 {
			parts = append(parts, fmt.Sprintf("%s has %s more than after one delivery %s: the effect happened twice", c.Set, rows(extra), counts))
		}
		if missing > 0 {
			parts = append(parts, fmt.Sprintf("%s has %s fewer than after one delivery %s: an effect was lost", c.Set, rows(missing), counts))
		}
		if changed > 0 {
			parts = append(parts, fmt.Sprintf("%s of %s %s from one delivery's: %s", rows(changed), c.Set, plural(changed, "differs", "differ"), cols))
		}
		return c.Subject + ", " + strings.Join(parts, "; ")
	case Concurrent:
		if extra > 0 {
			parts = append(parts, fmt.Sprintf("inserted %s more into %s than one delivery %s", rows(extra), c.Set, counts))
		}
		if missing > 0 {
			parts = append(parts, fmt.Sprintf("left %s fewer in %s than one delivery %s", rows(missing), c.Set, counts))
		}
		if changed > 0 {
			parts = append(parts, fmt.Sprintf("left %s of %s other than one delivery does: %s", rows(changed), c.Set, cols))
		}
	default:
		if extra > 0 {
			parts = append(parts, fmt.Sprintf("inserted %s into %s %s", rows(extra), c.Set, counts))
		}
		if missing > 0 {
			parts = append(parts, fmt.Sprintf("deleted %s from %s %s", rows(missing), c.Set, counts))
		}
		if changed > 0 {
			parts = append(parts, fmt.Sprintf("changed %s in %s: %s", rows(changed), c.Set, cols))
		}
	}
	return c.Subject + " " + strings.Join(parts, " and ")
}

// rowDiff names the columns that differ between two rows (JSON objects):
// "balance 25 → 50 (id 1)".
func rowDiff(before, after string) string {
	var a, b map[string]json.RawMessage
	if json.Unmarshal([]byte(before), &a) != nil || json.Unmarshal([]byte(after), &b) != nil {
		return clip(before, 80) + " → " + clip(after, 80)
	}
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var diffs []string
	var ident string
	for _, k := range keys {
		va, vb := string(a[k]), string(b[k])
		if va == vb {
			if ident == "" && (k == "id" || strings.HasSuffix(k, "_id")) {
				ident = fmt.Sprintf(" (%s %s)", k, clip(va, 40))
			}
			continue
		}
		if len(diffs) < 3 {
			diffs = append(diffs, fmt.Sprintf("%s %s → %s", k, clip(orNone(va), 40), clip(orNone(vb), 40)))
		}
	}
	return strings.Join(diffs, ", ") + ident
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func quoteIdent(s string) string   { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
func quoteLiteral(s string) string { return `'` + strings.ReplaceAll(s, `'`, `''`) + `'` }

func mapStrings(in []string, f func(string) string) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = f(s)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
