package twicetests

import (
	"fmt"
	"go/format"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/jobeffects/jobeffects/inventory/schema"
)

// Options says where the module is and how to name what is written.
type Options struct {
	// Root is the module's directory: the inventory's positions are
	// relative to it (default ".").
	Root string
	// FileName is the name of the file written in each package (default
	// "twice_test.go").
	FileName string
	// DSNEnv names the environment variable holding the test database's
	// DSN (default "TWICE_PG_DSN").
	DSNEnv string
	// Source names the inventory in the files' header.
	Source string
}

// File is one skeleton: a test file of one package.
type File struct {
	Path    string // module-relative, slash-separated
	Content []byte
}

// Generate returns a skeleton file for each package holding handlers of
// inv (test handlers and workflows left out), sorted by path.
func Generate(inv *schema.Inventory, opts Options) ([]File, error) {
	if opts.Root == "" {
		opts.Root = "."
	}
	if opts.FileName == "" {
		opts.FileName = "twice_test.go"
	}
	if opts.DSNEnv == "" {
		opts.DSNEnv = "TWICE_PG_DSN"
	}
	byDir := map[string][]schema.Handler{}
	for _, h := range inv.Handlers {
		if h.Test || h.Position == "" {
			continue
		}
		file, _, _ := strings.Cut(h.Position, ":")
		dir := path.Dir(file)
		byDir[dir] = append(byDir[dir], h)
	}
	dirs := make([]string, 0, len(byDir))
	for d := range byDir {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	pgx := usesPgx(opts.Root)
	var out []File
	for _, dir := range dirs {
		src, err := readPackage(filepath.Join(opts.Root, filepath.FromSlash(dir)))
		if err != nil {
			return nil, fmt.Errorf("reading the handlers' package %s: %w", dir, err)
		}
		if src.name == "" {
			return nil, fmt.Errorf("%s: no Go files", dir)
		}
		g := &gen{imports: map[string]string{}, pgx: pgx, opts: opts, src: src, names: map[string]bool{}}
		content, err := g.file(byDir[dir])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", dir, err)
		}
		out = append(out, File{Path: path.Join(dir, opts.FileName), Content: content})
	}
	return out, nil
}

type gen struct {
	opts    Options
	src     *pkgSource
	pgx     bool
	imports map[string]string // path → name to import it as ("" for its own)
	names   map[string]bool   // test names used
	tables  []string          // every table the file's handlers write
	needDB  bool              // a test opens the database
	b       strings.Builder
}

func (g *gen) use(path string) { g.imports[path] = "" }

func (g *gen) p(format string, args ...any) { fmt.Fprintf(&g.b, format+"\n", args...) }

const (
	twicePkg = "github.com/jobeffects/jobeffects/twice"
	adapters = "github.com/jobeffects/jobeffects/twice/"
)

// file renders the package's skeleton.
func (g *gen) file(handlers []schema.Handler) ([]byte, error) {
	sort.Slice(handlers, func(i, j int) bool {
		if handlers[i].Task != handlers[j].Task {
			return handlers[i].Task < handlers[j].Task
		}
		return handlers[i].Handler < handlers[j].Handler
	})
	var body strings.Builder
	seen := map[string]bool{}
	for _, h := range handlers {
		g.b.Reset()
		g.handler(h)
		body.WriteString(g.b.String())
		body.WriteString("\n")
		for _, t := range observe(h).tables {
			g.needDB = true
			if !seen[t] {
				seen[t] = true
				g.tables = append(g.tables, t)
			}
		}
	}
	sort.Strings(g.tables)
	g.b.Reset()
	g.helpers()
	helpers := g.b.String()

	var f strings.Builder
	src := "the inventory"
	if g.opts.Source != "" {
		src = g.opts.Source
	}
	fmt.Fprintf(&f, `// A twice test skeleton, written by "jobeffects twice-tests" from %s;
// it is yours to edit. Each test delivers one handler again with package
// twice (one delivery after another, concurrently, and crashed after each
// effect point) and fails where the state after two deliveries differs
// from the state after one: the effects it observes are the tables and
// targets the inventory names for that handler. Each test skips until its
// TODOs are done and its twiceTODO call is removed.

package %s

import (
`, src, g.src.name)
	g.use("testing")
	for i, std := range []bool{true, false} {
		if i == 1 {
			f.WriteString("\n")
		}
		for _, p := range sortedKeys(g.imports) {
			first, _, _ := strings.Cut(p, "/")
			if strings.Contains(first, ".") == std {
				continue
			}
			if name := g.imports[p]; name != "" {
				fmt.Fprintf(&f, "\t%s %q\n", name, p)
			} else {
				fmt.Fprintf(&f, "\t%q\n", p)
			}
		}
	}
	f.WriteString(")\n\n")
	f.WriteString(helpers)
	f.WriteString("\n")
	f.WriteString(body.String())
	out, err := format.Source([]byte(f.String()))
	if err != nil {
		return nil, fmt.Errorf("formatting the skeleton: %w\n%s", err, f.String())
	}
	return out, nil
}

// helpers renders the file's shared fixture functions.
func (g *gen) helpers() {
	g.p("// twiceTODO skips a test whose TODOs are not done yet.")
	g.p("func twiceTODO(t *testing.T) {")
	g.p("\tt.Helper()")
	g.p(`	t.Skip("twice skeleton: fill in the TODOs, then remove this call")`)
	g.p("}")
	if !g.needDB {
		return
	}
	g.use("os")
	g.use(twicePkg)
	env := g.opts.DSNEnv
	g.p("")
	g.p("// twiceDB opens the test database: %s names a PostgreSQL database with", env)
	g.p("// the schema applied (the test is skipped without it). Give it to the")
	g.p("// handlers: its statements are the effect points crashes happen after.")
	if g.pgx {
		g.use("github.com/jackc/pgx/v5/pgxpool")
		g.use(adapters + "pgxtwice")
		g.p("func twiceDB(t *testing.T) *pgxpool.Pool {")
		g.p("\tt.Helper()")
		g.p("\tdsn := os.Getenv(%q)", env)
		g.p("\tif dsn == \"\" {")
		g.p("\t\tt.Skip(%q)", env+" is not set")
		g.p("\t}")
		g.p("\tdb, err := pgxtwice.NewPool(t.Context(), dsn)")
		g.p("\tif err != nil {")
		g.p("\t\tt.Fatal(err)")
		g.p("\t}")
		g.p("\tt.Cleanup(db.Close)")
		g.p("\treturn db")
		g.p("}")
	} else {
		g.use("database/sql")
		g.p("func twiceDB(t *testing.T) *sql.DB {")
		g.p("\tt.Helper()")
		g.p("\tdsn := os.Getenv(%q)", env)
		g.p("\tif dsn == \"\" {")
		g.p("\t\tt.Skip(%q)", env+" is not set")
		g.p("\t}")
		g.p("\tdb, err := twice.OpenDB(\"postgres\", dsn) // TODO: your database/sql driver's name (and import it)")
		g.p("\tif err != nil {")
		g.p("\t\tt.Fatal(err)")
		g.p("\t}")
		g.p("\tt.Cleanup(func() { db.Close() })")
		g.p("\treturn db")
		g.p("}")
	}
	if len(g.tables) == 0 {
		return
	}
	g.use("context")
	g.p("")
	g.p("// twiceObserve observes tables of the test database. TODO: leave out")
	g.p("// the columns that differ between runs by themselves (timestamps).")
	g.p("func twiceObserve(db %s, tables ...string) twice.Observer {", g.dbType())
	g.p("\treturn twice.NewPostgres(%s, twice.PostgresOptions{IgnoreColumns: nil}).Tables(tables...)", g.querier("db"))
	g.p("}")
	g.p("")
	g.p("// twiceReset restores the fixture every run starts from: the tables")
	g.p("// the handlers below write, emptied. TODO: seed what they read.")
	g.p("func twiceReset(db %s) func(context.Context) error {", g.dbType())
	g.p("\treturn func(ctx context.Context) error {")
	exec := "Exec"
	if !g.pgx {
		exec = "ExecContext"
	}
	g.p("\t\t_, err := db.%s(ctx, %q)", exec, "truncate "+strings.Join(g.tables, ", ")+" restart identity")
	g.p("\t\treturn err")
	g.p("\t}")
	g.p("}")
}

func (g *gen) dbType() string {
	if g.pgx {
		return "*pgxpool.Pool"
	}
	return "*sql.DB"
}

func (g *gen) querier(db string) string {
	if g.pgx {
		return "pgxtwice.Querier(" + db + ")"
	}
	return "twice.SQL(" + db + ")"
}

// handler renders one handler's test.
func (g *gen) handler(h schema.Handler) {
	r := parseHandler(h.Handler)
	obs := observe(h)
	name := g.testName(h, r)
	g.p("// %s: the %s handler %s, %s.", orDash(h.Task), h.Framework, r.display(), h.Position)
	g.p("// The inventory: risk %s%s.", h.Risk, g.findings(h))
	for _, f := range h.Findings {
		if f.Suppressed == "" {
			g.p("// Until that is fixed this test fails: it is the dynamic half of the finding.")
			break
		}
	}
	g.p("func %s(t *testing.T) {", name)
	g.p("\ttwiceTODO(t)")
	if len(obs.tables) > 0 {
		g.p("\tdb := twiceDB(t)")
	}
	if len(obs.targets) > 0 {
		g.p("\tapi := twice.NewHTTPRecorder(twice.HTTPOptions{}) // TODO: give api.Client() (or api as its Transport) to the handler's HTTP client")
	}
	var extraObs []string
	ok := g.job(h, r, obs, &extraObs)
	if !ok {
		g.p("}")
		return
	}
	g.use(twicePkg)
	g.p("\ttwice.Check(t, job, twice.Options{")
	g.p("\t\tObservers: []twice.Observer{")
	if len(obs.tables) > 0 {
		g.p("\t\t\ttwiceObserve(db, %s),", quoteAll(obs.tables))
	}
	if len(obs.targets) > 0 {
		g.p("\t\t\tapi.Targets(%s),", quoteAll(obs.targets))
	}
	for _, o := range extraObs {
		g.p("\t\t\t%s,", o)
	}
	for _, t := range obs.todo {
		g.p("\t\t\t// TODO: %s", t)
	}
	g.p("\t\t},")
	if len(obs.tables) > 0 {
		g.p("\t\tReset: twiceReset(db),")
	} else {
		g.use("context")
		g.p("\t\tReset: func(context.Context) error { return nil }, // TODO: restore the fixture")
	}
	if len(obs.static) > 0 {
		g.p("\t\tStatic: []twice.Static{")
		for _, s := range obs.static {
			g.p("\t\t\t{Target: %q, Says: %q},", s.target, s.says)
		}
		g.p("\t\t},")
	}
	g.p("\t})")
	g.p("}")
}

// job renders the statements that build `job`; false if it cannot (the
// test body is then only a comment).
func (g *gen) job(h schema.Handler, r handlerRef, obs observed, extraObs *[]string) bool {
	var expr string
	var ok bool
	switch h.Framework {
	case "asynq", "temporal", "watermill":
		expr, ok = g.handlerExpr(h, r)
	}
	switch h.Framework {
	case "asynq":
		g.use("github.com/hibiken/asynq")
		g.use(adapters + "asynqtwice")
		if !ok {
			g.use("context")
			g.p("\tvar handler func(context.Context, *asynq.Task) error // TODO: %s", r.todo())
			expr = "handler"
		}
		g.p("\tpayload := []byte(`{}`) // TODO: the task's payload")
		g.p("\tjob := asynqtwice.Func(%s, asynq.NewTask(%q, payload))", expr, h.Task)
		return true
	case "river":
		args, imports, found := g.riverArgs(r)
		if !found || !g.pgx {
			g.p("\t// TODO: rivertwice.Job(t, pool, worker, args, nil) with %s's worker and args:", r.display())
			g.p("\t// the generator could not find its args type (or the module does not use pgx).")
			return false
		}
		for p, n := range imports {
			g.imports[p] = n
			if path.Base(p) == n {
				g.imports[p] = ""
			}
		}
		g.use("github.com/riverqueue/river")
		g.use(adapters + "rivertwice")
		if len(obs.tables) == 0 {
			g.p("\tdb := twiceDB(t) // River's tables are there")
			g.needDB = true
		}
		if r.closure || r.recv == "" {
			g.p("\tvar worker river.Worker[%s] // TODO: %s", args, r.todo())
		} else {
			g.p("\tworker := river.Worker[%s](new(%s)) // TODO: its fields (its pool: db)", args, r.recv)
		}
		g.p("\tvar args %s // TODO: the job's args", args)
		g.p("\tjob := rivertwice.Job(t, db, worker, args, nil)")
		return true
	case "temporal":
		g.use(adapters + "temporaltwice")
		if !ok {
			g.p("\tvar activity any // TODO: %s", r.todo())
			expr = "activity"
		}
		g.p("\tjob := temporaltwice.Activity(%s) // TODO: the activity's arguments after its context", expr)
		return true
	case "watermill":
		g.use("github.com/ThreeDotsLabs/watermill/message")
		g.use(adapters + "watermilltwice")
		ctor, typ := "Handler", "message.HandlerFunc"
		if fd := g.decl(r); fd != nil && results(fd) == 1 {
			ctor, typ = "NoPublishHandler", "message.NoPublishHandlerFunc"
		}
		if !ok {
			g.p("\tvar handler %s // TODO: %s", typ, r.todo())
			expr = "handler"
		}
		g.p("\tmsg := message.NewMessage(\"twice-1\", []byte(`{}`)) // TODO: the message's payload and metadata")
		g.p("\tjob := watermilltwice.%s(%s, msg)", ctor, expr)
		if ctor == "Handler" {
			*extraObs = append(*extraObs, "job.Published()")
		}
		return true
	case "temporal-workflow":
		g.p("\t// A workflow is replayed, not redelivered: its activities are what")
		g.p("\t// run again (test those with temporaltwice).")
		return false
	}
	g.use("context")
	g.p("\t// TODO: call %s as its consumer loop does, once per delivery.", r.display())
	g.p("\tjob := twice.Func(func(ctx context.Context, payload []byte) error { return nil }, []byte(`{}`))")
	g.use(twicePkg)
	return true
}

// handlerExpr is the Go expression for the handler in its own package,
// declaring its receiver; false for a function literal.
func (g *gen) handlerExpr(h schema.Handler, r handlerRef) (string, bool) {
	if r.closure || r.name == "" {
		return "", false
	}
	if r.recv == "" {
		return r.name, true
	}
	star := ""
	if r.ptr {
		star = "*"
	}
	g.p("\tvar recv %s%s // TODO: the handler's dependencies", star, r.recv)
	return "recv." + r.name, true
}
