package models

import (
	"fmt"
	"go/constant"
	"go/types"
	"mime"
	"slices"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/jobeffects/jobeffects/analyzer/catalog"
	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// Index is a catalog ready for lookups. It is immutable once built and safe
// for concurrent use.
type Index struct {
	patterns     []*Model // ReceiverSuffix models
	funcs        map[string]*Model
	methods      map[string]*Model // "pkgpath.Method"
	packages     map[string]bool
	prefixes     []string // package path prefixes ending in "/..."
	transactions map[string]bool
	noRows       map[string]bool
	rowCounts    map[string]bool
	unique       map[string]bool // "field K=V", "method K=V", "test F", "error V"
	endpoints    []HTTPEndpoint
	routes       map[string]*Route
	routeGroups  map[string]*RouteGroup
	uniqueText   []string // message texts
	random       map[string]bool
	// arrayParams are the functions binding a slice as one SQL array
	// (Library.ArrayParams).
	arrayParams map[string]bool
	uniqueIns   map[string]*UniqueInsert // by options type
	identity    map[string]bool
	// failureRecords are Library.FailureRecords' own texts by field.
	failureRecords map[string][]string
	providers      map[string]bool
	idemHeaders    map[string]bool // lower case
	dedupTypes     []mediaType     // DedupContentTypes, parsed
	idemFields     map[string]bool // idempotency_fields
	idemSetters    map[string]bool // idempotency_setters
	inertFuncs     map[string]bool
	inertWriters   map[string]bool // inert_writer_types
	inertVars      map[string]bool // inert_writer_vars
	wrapperTypes   map[string]bool // writer_wrappers' types
	wrapCtors      map[string]int  // writer_wrappers' constructors → wrapped argument
	rebinds        map[string]bool // writer_wrappers' rebinds
	inert          inertSet
	unknown        inertSet                     // declared effects without a model
	inertPkgs      []string                     // packages (and "/..." prefixes) of all-inert libraries
	callbacks      map[string]*CallbackRegistry // by registering function
	cbPatterns     []*CallbackRegistry          // ReceiverSuffix registries
	cbSchemas      []*CallbackRegistry          // SchemaMethod registries
	commands       map[string]*Command          // by program
	tableFields    []string                     // the fields models read a table from (table), sorted
}

// builtinFiles are the embedded catalog's files, parsed once per process
// (embedded data: the same for every run).
var builtinFiles = sync.OnceValues(func() ([]File, error) {
	cf, err := catalog.Nodes()
	if err != nil {
		return nil, err
	}
	var out []File
	for _, c := range cf {
		f, err := parseNode(c)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
})

// builtin is the index of the embedded catalog, built once per process.
var builtin = sync.OnceValues(func() (*Index, error) {
	files, err := builtinFiles()
	if err != nil {
		return nil, err
	}
	return NewIndex(files...)
})

// Builtin returns the index of the embedded catalog, parsed once per process.
func Builtin() (*Index, error) { return builtin() }

// WithUser returns an index of the embedded catalog extended (and, for the
// same function, overridden) by user models.
func WithUser(user File) (*Index, error) {
	files, err := builtinFiles()
	if err != nil {
		return nil, err
	}
	return NewIndex(append(append([]File(nil), files...), user)...)
}

// Parse reads one catalog file. Errors name the file, line and field.
func Parse(name string, data []byte) (File, error) {
	var f File
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return f, fmt.Errorf("%s: %v", name, err)
	}
	var root yaml.Node
	_ = yaml.Unmarshal(data, &root)
	return parsed(name, f, &root)
}

// parseNode is Parse of an embedded file parsed already (catalog.Nodes,
// shared with package discovery), decoded from its tree without rejecting
// unknown fields: TestNodesDecodeAsParse reads every embedded file both
// ways and compares.
func parseNode(c catalog.Node) (File, error) {
	var f File
	if err := c.Root.Decode(&f); err != nil {
		return f, fmt.Errorf("%s: %v", c.Name, err)
	}
	return parsed(c.Name, f, c.Root)
}

// parsed completes a decoded file from its tree: the models' sources
// (file:line), their validation and the libraries' older majors.
func parsed(name string, f File, root *yaml.Node) (File, error) {
	for i, lib := range f.Libraries {
		for j, m := range lib.Functions {
			line := functionLine(root, i, j)
			f.Libraries[i].Functions[j].Source = fmt.Sprintf("%s:%d", name, line)
			if err := m.validate(); err != nil {
				return f, fmt.Errorf("%s:%d: library %q, function %d: %v", name, line, lib.Name, j, err)
			}
		}
		for j, ww := range lib.WriterWrappers {
			if len(ww.Constructors) == 0 {
				return f, fmt.Errorf("%s: library %q, writer_wrappers %d: no constructors", name, lib.Name, j)
			}
			for c, k := range ww.Constructors {
				if c == "" || k < -1 {
					return f, fmt.Errorf("%s: library %q, writer_wrappers %d: constructor %q wraps argument %d (the receiver is -1)", name, lib.Name, j, c, k)
				}
			}
		}
	}
	for i, n := 0, len(f.Libraries); i < n; i++ {
		if len(f.Libraries[i].Majors) == 0 {
			continue
		}
		more, err := expandMajors(name, libraryNode(root, i), f.Libraries[i])
		if err != nil {
			return f, err
		}
		f.Libraries = append(f.Libraries, more...)
	}
	return f, nil
}

// libraryNode finds libraries[i] in a parsed node tree.
func libraryNode(root *yaml.Node, i int) *yaml.Node {
	n := root
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	return mapValue(n, "libraries").Content[i]
}

// functionLine finds the line of libraries[i].functions[j] in a parsed node tree.
func functionLine(root *yaml.Node, i, j int) int {
	n := root
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	libs := mapValue(n, "libraries")
	if libs == nil || i >= len(libs.Content) {
		return 0
	}
	fns := mapValue(libs.Content[i], "functions")
	if fns == nil || j >= len(fns.Content) {
		return libs.Content[i].Line
	}
	return fns.Content[j].Line
}

func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for k := 0; k+1 < len(n.Content); k += 2 {
		if n.Content[k].Value == key {
			return n.Content[k+1]
		}
	}
	return nil
}

// Validate checks one model entry (as a config file writes them).
func Validate(m *Model) error { return m.validate() }

func (m *Model) validate() error {
	switch {
	case m.ReceiverSuffix != "" && len(m.Methods) == 0:
		return fmt.Errorf("receiver_suffix needs methods")
	case m.ReceiverSuffix != "":
	case m.Func == "" && (m.Package == "" || len(m.Methods) == 0):
		return fmt.Errorf("needs func, or package and methods")
	case m.Func != "" && (m.Package != "" || len(m.Methods) > 0):
		return fmt.Errorf("func and package/methods are exclusive")
	}
	if m.Kind != "" && !effect.ValidKind(m.Kind) {
		return fmt.Errorf("kind %q is not one of %s", m.Kind, strings.Join(effect.Kinds(), ", "))
	}
	if m.Op != "" && !effect.ValidOp(m.Op) {
		return fmt.Errorf("op %q is not one of %s", m.Op, strings.Join(effect.Ops(), ", "))
	}
	if m.Risk != "" {
		if _, ok := effect.ParseRisk(m.Risk); !ok {
			return fmt.Errorf("risk %q is not one of critical, high, medium, safe, unknown", m.Risk)
		}
	}
	for _, r := range m.Chain {
		if r.Kind != "" && (!effect.ValidKind(r.Kind) || r.Op == "") {
			return fmt.Errorf("%s: chain %s: kind %q needs an op and one of %s", m.name(), r.Method, r.Kind, strings.Join(effect.Kinds(), ", "))
		}
	}
	if u := m.WhenUnset; u != nil {
		if _, ok := effect.ParseRisk(u.Risk); !ok || u.Field == "" || !effect.ValidKind(u.Kind) || !effect.ValidOp(u.Op) {
			return fmt.Errorf("%s: when_unset needs a field, a kind, an op and a risk", m.name())
		}
	}
	if k := m.KeyedRows; k != nil {
		if _, ok := effect.ParseRisk(k.Risk); !ok || !effect.ValidOp(k.Op) || m.Kind == "" {
			return fmt.Errorf("%s: keyed_rows needs an op and a risk, and the model a kind", m.name())
		}
	}
	if m.SQL == nil && m.Kind == "" && m.ReceiverSuffix == "" && m.Receive == "" && !m.Ack && !m.None && !m.Begin && len(m.Calls) == 0 && len(m.FieldMethods) == 0 && m.Request == nil && m.BuildsRequest == nil && m.OpenFlags == nil && !m.Complete && !m.JobTx && !m.Claim && m.Prepare == nil && !m.Prepared && m.StmtFrom == nil {
		return fmt.Errorf("%s: says nothing (set kind/op/risk, sql, prepare, prepared, stmt_from, calls, field_methods, begin, request, builds_request, open_flags, complete, job_tx, claim or none)", m.name())
	}
	switch {
	case (m.JobID != nil || m.Step) && !m.Complete:
		return fmt.Errorf("%s: job_id and step qualify complete", m.name())
	case m.Bind != nil && !m.Prepared:
		return fmt.Errorf("%s: bind qualifies prepared", m.name())
	case m.AbortsOnError && !m.JobTx:
		return fmt.Errorf("%s: aborts_on_error qualifies job_tx", m.name())
	case m.JobID != nil && (m.JobID.Type == "" || m.JobID.Field == ""):
		return fmt.Errorf("%s: job_id needs type and field", m.name())
	}
	for _, ix := range m.indexes() {
		min := 0
		if ix.field == "exec" {
			min = -1 // exec: -1, the call has no executor
		}
		if ix.field == "sql" {
			min = -1 // sql: -1, the receiver is a query builder
		}
		if ix.value < min {
			return fmt.Errorf("%s: %s: argument index %d is negative", m.name(), ix.field, ix.value)
		}
	}
	return nil
}

// argIndex is one argument index a model gives, with the field naming it.
type argIndex struct {
	field string
	value int
}

// indexes lists the argument indexes the model's fields give.
func (m *Model) indexes() []argIndex {
	var out []argIndex
	add := func(field string, p *int) {
		if p != nil {
			out = append(out, argIndex{field, *p})
		}
	}
	add("sql", m.SQL)
	add("exec", m.Exec)
	add("key", m.Key)
	add("target_arg", m.TargetArg)
	add("params", m.Params)
	add("request", m.Request)
	add("open_flags", m.OpenFlags)
	add("tx_callback", m.TxCallback)
	add("returns", m.Returns)
	add("at_most_once_if", m.AtMostOnceIf)
	add("prepare", m.Prepare)
	add("stmt_from", m.StmtFrom)
	add("bind", m.Bind)
	add("target_type", m.TargetType)
	add("document", m.Document)
	add("filter", m.Filter)
	for i, k := range m.Calls {
		out = append(out, argIndex{fmt.Sprintf("calls[%d]", i), k})
	}
	for i, k := range m.FieldMethods {
		out = append(out, argIndex{fmt.Sprintf("field_methods[%d]", i), k})
	}
	if m.NoneIfArg != nil {
		out = append(out, argIndex{"none_if_arg.arg", m.NoneIfArg.Arg})
	}
	if m.StringList != nil {
		out = append(out, argIndex{"string_list.arg", m.StringList.Arg})
		add("string_list.plain_if", m.StringList.PlainIf)
	}
	if m.Fragment != nil {
		out = append(out, argIndex{"fragment.arg", m.Fragment.Arg})
		add("fragment.column_arg", m.Fragment.ColumnArg)
	}
	if m.Sequential != nil {
		out = append(out, argIndex{"sequential.arg", m.Sequential.Arg})
	}
	if m.KeyField != nil {
		out = append(out, argIndex{"key_field.arg", m.KeyField.Arg})
	}
	if m.DuplicateKey != nil {
		out = append(out, argIndex{"duplicate_key.arg", m.DuplicateKey.Arg})
	}
	if m.ClaimWhen != nil {
		out = append(out, argIndex{"claim_when.arg", m.ClaimWhen.Arg})
	}
	if m.Table != nil {
		out = append(out, argIndex{"table.arg", m.Table.Arg})
	}
	if m.WhenUnset != nil {
		out = append(out, argIndex{"when_unset.arg", m.WhenUnset.Arg})
	}
	if b := m.BuildsRequest; b != nil {
		out = append(out, argIndex{"builds_request.method", b.Method}, argIndex{"builds_request.url", b.URL})
		if b.Body != -1 {
			out = append(out, argIndex{"builds_request.body", b.Body})
		}
	}
	if m.KeyedRows != nil {
		out = append(out, argIndex{"keyed_rows.arg", m.KeyedRows.Arg})
	}
	if m.Identity != nil {
		add("identity.arg", m.Identity.Arg)
	}
	if m.JobID != nil {
		out = append(out, argIndex{"job_id.arg", m.JobID.Arg})
	}
	return out
}

// CheckArgs checks the model's argument indexes against the signature of
// fn, the function a call matched it to: an index past the last argument
// (the receiver is not counted; a variadic parameter counts once) is an
// error naming the field and, for models of a config, its file and line.
func (m *Model) CheckArgs(fn *types.Func) error {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return nil
	}
	n := sig.Params().Len()
	for _, ix := range m.indexes() {
		if ix.value >= n {
			where := ""
			if m.Source != "" {
				where = m.Source + ": "
			}
			return fmt.Errorf("%s%s: %s: argument %d, but %s has %d arguments (counted from 0, the receiver excluded)",
				where, m.name(), ix.field, ix.value, FuncKey(fn), n)
		}
	}
	return nil
}

func (m *Model) name() string {
	if m.Func != "" {
		return m.Func
	}
	return m.Package + ".{" + strings.Join(m.Methods, ",") + "}"
}

// NewIndex merges catalog files; later files override earlier entries for
// the same function (user config after the builtin catalog).
func NewIndex(files ...File) (*Index, error) {
	ix := &Index{
		funcs:        map[string]*Model{},
		methods:      map[string]*Model{},
		packages:     map[string]bool{},
		transactions: map[string]bool{},
		noRows:       map[string]bool{},
		rowCounts:    map[string]bool{},
		unique:       map[string]bool{},
		random:       map[string]bool{},
		identity:     map[string]bool{},
		providers:    map[string]bool{},
		idemHeaders:  map[string]bool{},
		idemFields:   map[string]bool{},
		idemSetters:  map[string]bool{},
		inertFuncs:   map[string]bool{},
		callbacks:    map[string]*CallbackRegistry{},
	}
	for _, f := range files {
		for _, lib := range f.Libraries {
			for _, p := range lib.Packages {
				if strings.HasSuffix(p, "/...") {
					ix.prefixes = append(ix.prefixes, strings.TrimSuffix(p, "..."))
					ix.packages[strings.TrimSuffix(p, "/...")] = true
				} else {
					ix.packages[p] = true
				}
			}
			for _, t := range lib.Transactions {
				ix.transactions[t] = true
			}
			for _, v := range lib.RowCounts {
				ix.rowCounts[v] = true
			}
			for _, v := range lib.NoRows {
				ix.noRows[v] = true
			}
			ix.endpoints = append(ix.endpoints, lib.HTTPEndpoints...)
			for i := range lib.Routes {
				if ix.routes == nil {
					ix.routes = map[string]*Route{}
				}
				ix.routes[lib.Routes[i].Func] = &lib.Routes[i]
			}
			for i := range lib.RouteGroups {
				if ix.routeGroups == nil {
					ix.routeGroups = map[string]*RouteGroup{}
				}
				ix.routeGroups[lib.RouteGroups[i].Func] = &lib.RouteGroups[i]
			}
			for _, u := range lib.UniqueViolations {
				switch {
				case u.Field != "":
					ix.unique["field "+u.Field+"="+u.Value] = true
				case u.Method != "":
					ix.unique["method "+u.Method+"="+u.Value] = true
				case u.Test != "":
					ix.unique["test "+u.Test] = true
				case u.Error != "":
					ix.unique["error "+u.Error] = true
				case u.Message != "":
					ix.uniqueText = append(ix.uniqueText, u.Message)
				}
			}
			for _, r := range lib.Random {
				ix.random[r] = true
			}
			for _, r := range lib.Identity {
				ix.identity[r] = true
			}
			for _, r := range lib.FailureRecords {
				if ix.failureRecords == nil {
					ix.failureRecords = map[string][]string{}
				}
				ix.failureRecords[r.Field] = append(ix.failureRecords[r.Field], r.OwnTexts...)
			}
			for _, r := range lib.Providers {
				ix.providers[r] = true
			}
			for _, r := range lib.ArrayParams {
				if ix.arrayParams == nil {
					ix.arrayParams = map[string]bool{}
				}
				ix.arrayParams[r] = true
			}
			for _, h := range lib.IdempotencyHeaders {
				ix.idemHeaders[strings.ToLower(h)] = true
			}
			for _, ct := range lib.DedupContentTypes {
				if mt, ok := parseMediaType(ct); ok {
					ix.dedupTypes = append(ix.dedupTypes, mt)
				}
			}
			for _, f := range lib.IdempotencyFields {
				ix.idemFields[f] = true
			}
			for _, f := range lib.IdempotencySetters {
				ix.idemSetters[f] = true
			}
			for i := range lib.UniqueInserts {
				u := &lib.UniqueInserts[i]
				if ix.uniqueIns == nil {
					ix.uniqueIns = map[string]*UniqueInsert{}
				}
				ix.uniqueIns[u.Options] = u
				if u.Many != "" {
					ix.uniqueIns["[]"+u.Many] = u
				}
			}
			for _, r := range lib.RandomFields {
				ix.random[r] = true
			}
			for _, t := range lib.InertFuncTypes {
				ix.inertFuncs[t] = true
			}
			for _, t := range lib.InertWriterTypes {
				if ix.inertWriters == nil {
					ix.inertWriters = map[string]bool{}
				}
				ix.inertWriters[t] = true
			}
			for _, v := range lib.InertWriterVars {
				if ix.inertVars == nil {
					ix.inertVars = map[string]bool{}
				}
				ix.inertVars[v] = true
			}
			for _, ww := range lib.WriterWrappers {
				if ix.wrapCtors == nil {
					ix.wrapperTypes, ix.wrapCtors, ix.rebinds = map[string]bool{}, map[string]int{}, map[string]bool{}
				}
				if ww.Type != "" {
					ix.wrapperTypes[ww.Type] = true
				}
				for f, k := range ww.Constructors {
					ix.wrapCtors[f] = k
				}
				for _, f := range ww.Rebinds {
					ix.rebinds[f] = true
				}
			}
			ix.inert.add(lib.Inert...)
			ix.unknown.add(lib.Unknown...)
			if lib.AllInert {
				ix.inertPkgs = append(ix.inertPkgs, lib.Packages...)
			}
			for k := range lib.Callbacks {
				reg := &lib.Callbacks[k]
				if reg.ReceiverSuffix != "" {
					ix.cbPatterns = append(ix.cbPatterns, reg)
				}
				if reg.SchemaMethod != "" {
					ix.cbSchemas = append(ix.cbSchemas, reg)
				}
				for _, f := range reg.Register {
					ix.callbacks[f] = reg
				}
			}
			for k := range lib.Commands {
				c := &lib.Commands[k]
				if err := c.validate(); err != nil {
					return nil, fmt.Errorf("library %q: %v", lib.Name, err)
				}
				if ix.commands == nil {
					ix.commands = map[string]*Command{}
				}
				ix.commands[c.Program] = c
			}
			for k := range lib.Functions {
				m := &lib.Functions[k]
				if m.Table != nil && m.Table.Field != "" && !slices.Contains(ix.tableFields, m.Table.Field) {
					ix.tableFields = append(ix.tableFields, m.Table.Field)
					slices.Sort(ix.tableFields)
				}
				if m.ReceiverSuffix != "" {
					ix.patterns = append(ix.patterns, m)
					continue
				}
				if m.Func != "" {
					ix.funcs[m.Func] = m
					continue
				}
				for _, name := range m.Methods {
					ix.methods[m.Package+"."+name] = m
				}
			}
		}
	}
	return ix, nil
}

// TableFields are the struct fields models read an item store's table
// from (Model.Table), sorted: a call through an interface hands on what
// its arguments hold there, for the model of the method it resolves to.
func (ix *Index) TableFields() []string { return ix.tableFields }

// FuncKey is the name models use for fn: the generic origin's full name
// with type parameter lists removed.
func FuncKey(fn *types.Func) string {
	fn = fn.Origin()
	// The common shapes are spelled directly: FullName formats the
	// receiver type through a buffer, and the analysis asks for a key at
	// every call it meets (7 % of a large run's allocations).
	pkg := fn.Pkg()
	recv := fn.Signature().Recv()
	switch {
	case pkg == nil:
	case recv == nil:
		return pkg.Path() + "." + fn.Name()
	default:
		t, star := recv.Type(), ""
		if p, ok := t.(*types.Pointer); ok {
			t, star = p.Elem(), "*"
		}
		if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Parent() == n.Obj().Pkg().Scope() {
			return "(" + star + n.Obj().Pkg().Path() + "." + n.Obj().Name() + ")." + fn.Name()
		}
	}
	return stripTypeParams(fn.FullName())
}

func stripTypeParams(s string) string {
	if !strings.Contains(s, "[") {
		return s
	}
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '[':
			depth++
		case r == ']':
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Lookup returns the model of fn, if any.
func (ix *Index) Lookup(fn *types.Func) *Model {
	if m := ix.funcs[FuncKey(fn)]; m != nil {
		return m
	}
	if m := ix.lookupPattern(fn); m != nil {
		return m
	}
	if fn.Pkg() == nil {
		return nil
	}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		if m := ix.methods[fn.Pkg().Path()+"."+fn.Name()]; m != nil {
			return m
		}
	}
	return nil
}

// Inert reports whether fn is a call of a catalogued library that the
// catalog declares without effect.
func (ix *Index) Inert(fn *types.Func) bool {
	if fn.Pkg() != nil {
		p := fn.Pkg().Path()
		for _, q := range ix.inertPkgs {
			if p == q {
				return true
			}
			// "a/b/..." covers a/b and the packages under it (p+"/"
			// starts with "a/b/", spelled without building p+"/").
			if dir, ok := strings.CutSuffix(q, "/..."); ok && strings.HasPrefix(p, dir) && (len(p) == len(dir) || p[len(dir)] == '/') {
				return true
			}
		}
	}
	return ix.inert.match(FuncKey(fn))
}

// Classified reports whether the catalog decides a call of a catalogued
// library: it models it, declares it inert, or declares it unknown.
func (ix *Index) Classified(fn *types.Func) bool {
	return ix.Lookup(fn) != nil || ix.Inert(fn) || ix.unknown.match(FuncKey(fn))
}

// By is how the model's effects are decided (effect.Effect.By): by the
// user's config, by the code for an HTTP call (its method and URL are
// read in the code), else by the catalog.
func (m *Model) By() string {
	switch {
	case m.User:
		return effect.ByConfig
	case m.Kind == effect.KindHTTP:
		return effect.ByCode
	}
	return effect.ByModel
}

// Command returns the catalog's command lines of a program (its base
// name), or nil.
func (ix *Index) Command(program string) *Command { return ix.commands[program] }

func (c *Command) validate() error {
	if c.Program == "" {
		return fmt.Errorf("a command without program")
	}
	if c.Launcher && len(c.Subcommands) > 0 {
		return fmt.Errorf("command %s: a launcher has no subcommands of its own", c.Program)
	}
	for _, s := range c.Subcommands {
		if len(s.Names) == 0 || !effect.ValidKind(s.Kind) || !effect.ValidOp(s.Op) {
			return fmt.Errorf("command %s: subcommand %v: needs names, a kind and an op", c.Program, s.Names)
		}
		if _, ok := effect.ParseRisk(s.Risk); !ok {
			return fmt.Errorf("command %s: subcommand %v: risk %q is not a risk", c.Program, s.Names, s.Risk)
		}
		if _, ok := effect.ParseRisk(s.Publishes); s.Publishes != "" && !ok {
			return fmt.Errorf("command %s: subcommand %v: publishes %q is not a risk", c.Program, s.Names, s.Publishes)
		}
	}
	return nil
}

// DeclaredUnknown reports whether the catalog declares a call of fn
// unknown (a library's unknown: list): a decision, not an oversight.
func (ix *Index) DeclaredUnknown(fn *types.Func) bool { return ix.unknown.match(FuncKey(fn)) }

// Unmodeled reports whether a call of fn is one the catalog knows the
// library of but neither models nor declares inert: an unknown effect.
// The standard library's packages are exempt: only its listed calls have
// effects.
func (ix *Index) Unmodeled(fn *types.Func) bool {
	return ix.ModeledLibrary(fn.Pkg()) && ix.Lookup(fn) == nil && !ix.Inert(fn)
}

// inertSet matches function keys against inert patterns: exact keys, and
// patterns with "*" wildcards, kept split at their stars (the analysis
// asks at every call of a catalogued library, the completeness test for
// every function of their API).
//
// The catalogs hold thousands of patterns, most of them starting with "("
// (a pointer receiver's star is a wildcard too), so trying each in turn
// cost a large run 8 % of its CPU. Each pattern is filed instead under
// one run of gramLen bytes of its literal parts, the one whose list is the
// shortest when the pattern is added: a key can only match the patterns
// filed under the runs it contains, which are tried in full. Patterns
// without such a run (every literal part shorter) are tried on every key.
type inertSet struct {
	exact    map[string]bool
	patterns [][]string
	grams    map[uint64][]int32 // a run of gramLen bytes → indexes in patterns
	short    []int32            // patterns without a literal run of gramLen bytes
}

// gramLen is the length of the runs patterns are filed under.
const gramLen = 8

func gramAt(s string, i int) uint64 {
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}

func (s *inertSet) add(patterns ...string) {
	for _, p := range patterns {
		if !strings.Contains(p, "*") {
			if s.exact == nil {
				s.exact = map[string]bool{}
			}
			s.exact[p] = true
			continue
		}
		parts := strings.Split(p, "*")
		k := int32(len(s.patterns))
		s.patterns = append(s.patterns, parts)
		if s.grams == nil {
			s.grams = map[uint64][]int32{}
		}
		best, found := uint64(0), false
		for _, part := range parts {
			for i := 0; i+gramLen <= len(part); i++ {
				g := gramAt(part, i)
				if !found || len(s.grams[g]) < len(s.grams[best]) {
					best, found = g, true
				}
			}
		}
		if !found {
			s.short = append(s.short, k)
			continue
		}
		s.grams[best] = append(s.grams[best], k)
	}
}

func (s *inertSet) match(key string) bool {
	if s.exact[key] {
		return true
	}
	for _, k := range s.short {
		if wildcardParts(s.patterns[k], key) {
			return true
		}
	}
	if len(s.grams) == 0 {
		return false
	}
	for i := 0; i+gramLen <= len(key); i++ {
		for _, k := range s.grams[gramAt(key, i)] {
			if wildcardParts(s.patterns[k], key) {
				return true
			}
		}
	}
	return false
}

// wildcard matches s against a pattern whose "*" match any text.
func wildcard(pattern, s string) bool {
	return wildcardParts(strings.Split(pattern, "*"), s)
}

// wildcardParts is wildcard with the pattern split at its stars.
func wildcardParts(parts []string, s string) bool {
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	for i, part := range parts[1:] {
		if i == len(parts)-2 {
			return strings.HasSuffix(s, part)
		}
		j := strings.Index(s, part)
		if j < 0 {
			return false
		}
		s = s[j+len(part):]
	}
	return true
}

// Callback returns the registry fn registers callbacks with, if any.
func (ix *Index) Callback(fn *types.Func) *CallbackRegistry {
	if reg := ix.callbacks[FuncKey(fn)]; reg != nil {
		return reg
	}
	for _, reg := range ix.cbPatterns {
		if generatedMethod(fn, reg.ReceiverSuffix, reg.Methods, reg.RequiresImport) {
			return reg
		}
	}
	return nil
}

// SchemaCallbacks are the registries whose callbacks are declared by a
// method (ent schema Hooks()).
func (ix *Index) SchemaCallbacks() []*CallbackRegistry { return ix.cbSchemas }

// HasCallbacks reports whether any library declares a callback registry.
func (ix *Index) HasCallbacks() bool {
	return len(ix.callbacks)+len(ix.cbPatterns)+len(ix.cbSchemas) > 0
}

// lookupPattern matches generated builder methods by receiver name suffix.
func (ix *Index) lookupPattern(fn *types.Func) *Model {
	for _, m := range ix.patterns {
		if generatedMethod(fn, m.ReceiverSuffix, m.Methods, m.RequiresImport) {
			return m
		}
	}
	return nil
}

// generatedMethod reports whether fn is one of methods of a type whose
// name ends in suffix, declared in a package importing requiresImport
// (code ent generates into the user's module: UserCreate.Save).
func generatedMethod(fn *types.Func, suffix string, methods []string, requiresImport string) bool {
	if fn.Pkg() == nil || !slices.Contains(methods, fn.Name()) {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	recv := strings.TrimPrefix(typeName(sig.Recv().Type()), "*")
	return strings.HasSuffix(recv, suffix) && (requiresImport == "" || Imports(fn.Pkg(), requiresImport, 1))
}

// Imports reports whether pkg imports path or one of its packages,
// directly (depth 1) or through up to depth levels of imports.
func Imports(pkg *types.Package, path string, depth int) bool {
	if depth < 1 || pkg == nil {
		return false
	}
	for _, p := range pkg.Imports() {
		if p.Path() == path || strings.HasPrefix(p.Path(), path+"/") || Imports(p, path, depth-1) {
			return true
		}
	}
	return false
}

// Modeled reports whether calls into pkg are matched against models instead
// of being analysed: listed library packages and the standard library.
func (ix *Index) Modeled(pkg *types.Package) bool {
	if pkg == nil {
		return true
	}
	return ix.ModeledPath(pkg.Path())
}

// ModeledPath is Modeled for an import path.
func (ix *Index) ModeledPath(p string) bool {
	if ix.packages[p] || IsStandard(p) {
		return true
	}
	for _, pre := range ix.prefixes {
		if strings.HasPrefix(p, pre) {
			return true
		}
	}
	return false
}

// ModeledLibrary reports whether pkg is a library listed in the catalog (as
// opposed to the standard library): its function arguments run only where
// a model says so (Calls).
func (ix *Index) ModeledLibrary(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	p := pkg.Path()
	if ix.packages[p] {
		return true
	}
	for _, pre := range ix.prefixes {
		if strings.HasPrefix(p, pre) {
			return true
		}
	}
	return false
}

// IsStandard reports whether an import path belongs to the standard library.
// It goes by the first path element, so that test packages with dotless
// paths (analysistest's GOPATH fixtures) are not mistaken for it.
func IsStandard(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return stdRoots[first]
}

var stdRoots = map[string]bool{}

func init() {
	for _, r := range strings.Fields(`archive bufio builtin bytes cmp compress container context crypto
		database debug embed encoding errors expvar flag fmt go hash html image index internal io
		iter log maps math mime net os path plugin reflect regexp runtime slices sort strconv
		strings structs sync syscall testing text time unicode unique unsafe vendor weak C`) {
		stdRoots[r] = true
	}
}

// IsTransaction reports whether values of type t are transaction handles.
func (ix *Index) IsTransaction(t types.Type) bool {
	return ix.transactions[typeName(t)]
}

// IdempotencyField reports whether field name of struct type t is one a
// message's receiver deduplicates on (IdempotencyFields).
func (ix *Index) IdempotencyField(t types.Type, name string) bool {
	tn := strings.TrimPrefix(typeName(t), "*")
	return tn != "" && ix.idemFields[tn+"."+name]
}

// IdempotencySetter reports whether fn sets a message's deduplication
// key from its first argument (IdempotencySetters).
func (ix *Index) IdempotencySetter(fn *types.Func) bool {
	return len(ix.idemSetters) > 0 && ix.idemSetters[FuncKey(fn)]
}

// IdempotencyHeader reports whether an HTTP request header carries an
// idempotency key (IdempotencyHeaders), whatever its case.
func (ix *Index) IdempotencyHeader(name string) bool {
	n := strings.ToLower(name)
	if ix.idemHeaders[n] {
		return true
	}
	// A vendor's own spelling of Idempotency-Key (X-Convoy-Idempotency-Key,
	// X-Acme-Idempotency-Key): the same header under the vendor's prefix.
	return strings.HasPrefix(n, "x-") && strings.HasSuffix(n, "-idempotency-key")
}

// mediaType is a media type and its profile parameter ("" when none).
type mediaType struct{ name, profile string }

// parseMediaType reads a Content-Type value (mime.ParseMediaType: the
// type lower-cased, parameters unquoted).
func parseMediaType(v string) (mediaType, bool) {
	name, params, err := mime.ParseMediaType(v)
	if err != nil {
		return mediaType{}, false
	}
	return mediaType{name: name, profile: params["profile"]}, true
}

// DedupContentType reports whether the Content-Type value v is one whose
// body carries an id the receiver deduplicates on (DedupContentTypes): the
// same media type, and the same profile where the catalog names one.
func (ix *Index) DedupContentType(v string) bool {
	if v == "" {
		return false
	}
	mt, ok := parseMediaType(v)
	if !ok {
		return false
	}
	for _, d := range ix.dedupTypes {
		if d.name == mt.name && (d.profile == "" || d.profile == mt.profile) {
			return true
		}
	}
	return false
}

// IsNoRows reports whether the package-level variable v is a "no rows" error.
func (ix *Index) IsNoRows(v *types.Var) bool {
	return v.Pkg() != nil && ix.noRows[v.Pkg().Path()+"."+v.Name()]
}

// IsRowCount reports whether field name of struct type t counts the rows
// a write matched or changed (Library.RowCounts).
func (ix *Index) IsRowCount(t types.Type, name string) bool {
	tn := strings.TrimPrefix(typeName(t), "*")
	return tn != "" && ix.rowCounts[tn+"."+name]
}

// IsNoRowsConst reports whether a constant of type t with value v is a
// "no rows" error, listed as "pkg/path.Type(value)".
func (ix *Index) IsNoRowsConst(t types.Type, v constant.Value) bool {
	if v == nil || v.Kind() != constant.String {
		return false
	}
	return ix.noRows[typeName(t)+"("+constant.StringVal(v)+")"]
}

// IsArrayParam reports whether fn binds the slice it is given as one SQL
// array parameter (lib/pq's Array: Library.ArrayParams).
func (ix *Index) IsArrayParam(fn *types.Func) bool { return ix.arrayParams[FuncKey(fn)] }

// IsRandom reports whether fn's results differ per call (uuid, rand, time).
func (ix *Index) IsRandom(fn *types.Func) bool {
	key := FuncKey(fn)
	if ix.random[key] {
		return true
	}
	if fn.Pkg() != nil && ix.random[fn.Pkg().Path()+".*"] {
		return true
	}
	return false
}

// IsRandomField reports whether field name of struct type t differs per
// delivery (an attempt counter).
func (ix *Index) IsRandomField(t types.Type, name string) bool {
	tn := strings.TrimPrefix(typeName(t), "*")
	return tn != "" && ix.random[tn+"."+name]
}

// UniqueInsert is the deduplication by arguments that enqueue options of
// type t (or a pointer to it) can turn on, or nil.
func (ix *Index) UniqueInsert(t types.Type) *UniqueInsert {
	tn := strings.TrimPrefix(typeName(t), "*")
	if tn == "" {
		return nil
	}
	return ix.uniqueIns[tn]
}

// UniqueInsertMany returns the enqueue options deduplicating by args whose
// batch insert takes a slice of type t (UniqueInsert.Many), or nil.
func (ix *Index) UniqueInsertMany(t types.Type) *UniqueInsert {
	sl, ok := t.Underlying().(*types.Slice)
	if !ok {
		return nil
	}
	tn := typeName(sl.Elem())
	if tn == "" || strings.HasPrefix(tn, "*") {
		return nil
	}
	return ix.uniqueIns["[]"+tn]
}

// UniqueBatchFunc reports whether the batch insert fn (a function key)
// skips the elements that duplicate a kept job (UniqueInsert.ManyFuncs).
func (ix *Index) UniqueBatchFunc(fn string) bool {
	for _, u := range ix.uniqueIns {
		if slices.Contains(u.ManyFuncs, fn) {
			return true
		}
	}
	return false
}

// IsProvider reports whether fn registers dependency-injection
// constructors (Library.Providers).
func (ix *Index) IsProvider(fn *types.Func) bool { return ix.providers[FuncKey(fn)] }

// IsIdentity reports whether fn returns a job's identity.
func (ix *Index) IsIdentity(fn *types.Func) bool { return ix.identity[FuncKey(fn)] }

// IsIdentityField reports whether field name of type t is a job's identity.
func (ix *Index) IsIdentityField(t types.Type, name string) bool {
	tn := strings.TrimPrefix(typeName(t), "*")
	return tn != "" && ix.identity[tn+"."+name]
}

// FailureRecord reports whether field name of struct type t holds the
// error of a job's last failed run (Library.FailureRecords), and the texts
// the job system records there itself.
func (ix *Index) FailureRecord(t types.Type, name string) (own []string, ok bool) {
	tn := strings.TrimPrefix(typeName(t), "*")
	if tn == "" {
		return nil, false
	}
	own, ok = ix.failureRecords[tn+"."+name]
	return own, ok
}

// InertWriter reports whether writing into a value of concrete type t has
// no effect of its own (inert_writer_types: *os.File, *bytes.Buffer).
func (ix *Index) InertWriter(t types.Type) bool {
	tn := typeName(t)
	return tn != "" && ix.inertWriters[tn]
}

// InertWriterVar reports whether the package-level variable v holds a
// writer whose writes have no effect (inert_writer_vars: io.Discard).
func (ix *Index) InertWriterVar(v *types.Var) bool {
	return v != nil && v.Pkg() != nil && ix.inertVars[v.Pkg().Path()+"."+v.Name()]
}

// WrapperType reports whether t is a writer_wrappers type: a writer that
// writes into the writer it wraps (*bufio.Writer, *compress/gzip.Writer).
func (ix *Index) WrapperType(t types.Type) bool {
	tn := typeName(t)
	return tn != "" && ix.wrapperTypes[tn]
}

// WrapperConstructor returns the argument (-1: the receiver) whose writer
// a call of fn wraps in the writer it returns (bufio.NewWriter: 0,
// (*archive/zip.Writer).Create: -1), and whether fn is one.
func (ix *Index) WrapperConstructor(fn *types.Func) (int, bool) {
	if fn == nil || ix.wrapCtors == nil {
		return 0, false
	}
	k, ok := ix.wrapCtors[FuncKey(fn)]
	return k, ok
}

// Rebinds reports whether fn points the wrapper it is called on at
// another writer (gzip.Writer's Reset).
func (ix *Index) Rebinds(fn *types.Func) bool {
	return fn != nil && ix.rebinds[FuncKey(fn)]
}

// InertFunc reports whether calling a value of type t has no effect: a
// named function type listed under inert_func_types (context.CancelFunc).
func (ix *Index) InertFunc(t types.Type) bool {
	tn := typeName(t)
	return tn != "" && ix.inertFuncs[tn]
}

// typeName spells t as catalogs do: "*pkg/path.Name" or "pkg/path.Name".
func typeName(t types.Type) string {
	prefix := ""
	if p, ok := t.(*types.Pointer); ok {
		prefix = "*"
		t = p.Elem()
	}
	t = types.Unalias(t)
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return prefix + n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// UniqueField reports whether comparing field key ("pkg/path.Type.Field")
// or method key (FuncKey) with value tests for a unique-key violation.
func (ix *Index) UniqueField(field, value string) bool { return ix.unique["field "+field+"="+value] }

// UniqueMethod is UniqueField for a method's result.
func (ix *Index) UniqueMethod(fn *types.Func, value string) bool {
	return ix.unique["method "+FuncKey(fn)+"="+value]
}

// UniqueTest reports whether fn reports a unique-key violation of its
// error argument (mongo.IsDuplicateKeyError).
func (ix *Index) UniqueTest(fn *types.Func) bool { return ix.unique["test "+FuncKey(fn)] }

// UniqueError reports whether errors.Is against v tests for a unique-key
// violation (gorm.ErrDuplicatedKey).
func (ix *Index) UniqueError(v *types.Var) bool {
	return v.Pkg() != nil && ix.unique["error "+v.Pkg().Path()+"."+v.Name()]
}

// UniqueText reports whether an error message containing s is a unique-key
// violation's.
func (ix *Index) UniqueText(s string) bool {
	for _, t := range ix.uniqueText {
		if strings.Contains(s, t) || (len(s) >= 5 && strings.Contains(t, s)) {
			return true
		}
	}
	return false
}

// Endpoint returns the catalog's rating of an HTTP call with that method
// ("post"), target (host and path) and query pattern (effect.URLQuery:
// "db={}&precision=s"), or nil. An endpoint's query names a parameter
// the call's query must have.
func (ix *Index) Endpoint(method, target, query string) *HTTPEndpoint {
	for i := range ix.endpoints {
		ep := &ix.endpoints[i]
		if (ep.Method == "" || strings.EqualFold(ep.Method, method)) && wildcard(ep.Target, target) &&
			(ep.Query == "" || hasQueryParam(query, ep.Query)) {
			return ep
		}
	}
	return nil
}

// hasQueryParam reports whether a query pattern has a parameter of that name.
func hasQueryParam(query, name string) bool {
	for _, kv := range strings.Split(query, "&") {
		if k, _, _ := strings.Cut(kv, "="); k == name {
			return true
		}
	}
	return false
}

// Route returns how fn registers an HTTP route, or nil.
func (ix *Index) Route(fn *types.Func) *Route { return ix.routes[FuncKey(fn)] }

// RouteGroup returns how fn makes a router serving under a path prefix,
// or nil.
func (ix *Index) RouteGroup(fn *types.Func) *RouteGroup { return ix.routeGroups[FuncKey(fn)] }

// HasRouteGroups reports whether the catalog knows any route group.
func (ix *Index) HasRouteGroups() bool { return len(ix.routeGroups) > 0 }

// HasRoutes reports whether the catalog knows any route registration.
func (ix *Index) HasRoutes() bool { return len(ix.routes) > 0 }
