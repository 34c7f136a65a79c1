package summary

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// modelCall is one call being matched against a library model: what the
// appliers of the model's fields read and write.
type modelCall struct {
	w    *walker
	ci   ssa.CallInstruction
	m    *models.Model
	recv ssa.Value   // the receiver, nil for functions
	args []ssa.Value // the arguments without the receiver, as model indexes count them
	exec ssa.Value   // the executor the effect runs on
	e    *effect.Effect
	ch   chainResult
}

// arg is the argument a model index field names, or nil.
func (c *modelCall) arg(p *int) ssa.Value {
	if p == nil || *p < 0 || *p >= len(c.args) {
		return nil
	}
	return c.args[*p]
}

// effectAppliers refine the effect a model's kind, op and risk describe,
// in this order; each reads the model fields it is named after.
var effectAppliers = []func(*modelCall){
	(*modelCall).whenUnset,  // when_unset
	(*modelCall).targetArg,  // target_arg
	(*modelCall).table,      // table
	(*modelCall).request,    // request, method
	(*modelCall).copyKeys,   // copy_columns, copy_rows
	(*modelCall).openFlags,  // open_flags
	(*modelCall).keys,       // params, key_field, key_option, key_note
	(*modelCall).dupKey,     // duplicate_key
	(*modelCall).identity,   // identity
	(*modelCall).targetType, // target_type, receiver_suffix
	(*modelCall).keyedRows,  // keyed_rows
	(*modelCall).document,   // document
	(*modelCall).fragment,   // fragment
	(*modelCall).chain,      // chain
	(*modelCall).changedSet, // fragment (the value it assigns)
	(*modelCall).command,    // command
}

// applyModel applies the model of fn to a call, once its argument indexes
// are known to fit fn's signature: a model that does not fit is a
// configuration error, and the call an unknown effect meanwhile.
func (w *walker) applyModel(ci ssa.CallInstruction, fn *types.Func, m *models.Model, recv ssa.Value, args []ssa.Value) {
	if err := w.p.checkArgs(m, fn); err != nil {
		w.unknown(ci, FuncName(fn), "calls "+FuncName(fn)+", whose model does not fit its signature")
		return
	}
	if sc := m.StoredCallback; sc != nil {
		if fvs := w.p.storedCallbacks(ci, sc); len(fvs) > 0 {
			for _, fv := range fvs {
				w.callValue(ci, fv, nil)
			}
			return
		}
	}
	before := len(w.sites)
	w.model(ci, m, recv, args)
	// A message handed to the library's send carries its receiver's
	// deduplication key (a CloudEvent's id): the send is keyed by it.
	w.messageKeys(ci, args, before)
}

// checkArgs checks a model against the function it is applied to, once
// per pair, and keeps the first error.
func (p *Package) checkArgs(m *models.Model, fn *types.Func) error {
	key := modelUse{m, fn}
	if err, ok := p.checked[key]; ok {
		return err
	}
	err := m.CheckArgs(fn)
	if p.checked == nil {
		p.checked = map[modelUse]error{}
	}
	p.checked[key] = err
	if err != nil && p.err == nil {
		p.err = err
	}
	return err
}

type modelUse struct {
	m  *models.Model
	fn *types.Func
}

// model applies a library model to a call. recv is the receiver (nil for
// functions), args exclude it, as model indexes do.
func (w *walker) model(ci ssa.CallInstruction, m *models.Model, recv ssa.Value, args []ssa.Value) {
	if m.None {
		return
	}
	if m.NoneIfArg != nil && m.NoneIfArg.Arg < len(args) {
		v, isConst := intConst(args[m.NoneIfArg.Arg])
		if isConst && slices.Contains(m.NoneIfArg.Values, v) {
			return // a close or ping frame, not a message
		}
		if !isConst {
			other := *m
			other.Risk, other.NoneIfArg = "unknown", nil
			other.Detail = effect.JoinDetail(m.Detail, "its kind is set at run time: it may be a control frame, no message")
			m = &other
		}
	}
	if m.WriterArg != nil && w.inertWriter(*m.WriterArg, recv, args) {
		return // io.Copy(file, body): the file's open is the effect
	}
	// A write into a bufio.Writer is one into the writer it wraps (bufiowrap.go).
	var skip bool
	var bufferedArg int
	if m, bufferedArg, skip = w.throughBuffer(m, recv, args); skip {
		return
	}
	if m.Complete && m.JobID != nil && m.JobID.Arg < len(args) && !isJobField(args[m.JobID.Arg], m.JobID) {
		// Another job's ID: not the completion of the job being worked.
		other := *m
		other.Complete, other.JobID = false, nil
		other.Detail = effect.JoinDetail(m.Detail, "not the ID of the job being worked: not its completion")
		m = &other
	}
	if nr := m.NewRow; nr != nil && m.TargetType != nil && *m.TargetType < len(args) && w.newRow(args[*m.TargetType], ci) {
		// gorm's Save of a new row: only its create chain and hooks run
		// (newrow.go).
		other := *m
		other.Runs, other.Hooks, other.NewRow = nr.Runs, nr.Hooks, nil
		m = &other
	}
	if len(m.Runs) > 0 {
		defer w.tagRuns(ci, len(w.sites), m.Runs)
	}
	c := &modelCall{w: w, ci: ci, m: m, recv: recv, args: args, exec: recv}
	if m.Exec != nil {
		c.exec = c.arg(m.Exec)
	}
	if m.Associations {
		w.rowRead(c)
		w.associationReads(c)
		return
	}
	c.callbacks()
	c.fieldMethods()
	c.ack()
	switch {
	case m.Complete:
		e := &effect.Effect{Kind: effect.KindDBWrite, Op: effect.OpComplete, Target: effect.CompleteJob, Risk: effect.Safe,
			Detail: "completes the job in this transaction", Path: []effect.Hop{w.hop(ci)}, By: m.By()}
		switch {
		case m.Step:
			e.Target, e.Detail = effect.CompleteStep, "records the resumable step as completed in this transaction: a later attempt skips the step"
		case m.JobID != nil:
			e.Detail = "ends the job being worked in this transaction: it is not run again"
		}
		w.addSite(e, ci, c.exec, true)
		return
	case m.SQL != nil && *m.SQL == -1:
		// A query builder executing itself (squirrel RunWith(db).Exec()):
		// the receiver builds the text, a chain rule names the executor.
		w.sql(ci, -1, recv, w.chain(m, recv).exec, nil, false)
		return
	case m.SQL != nil:
		// go-pg takes the query as an interface{} (a string or a
		// ValueAppender): the text is the boxed constant.
		before := len(w.sites)
		w.sql(ci, *m.SQL, ssavalue.Unconvert(c.arg(m.SQL)), c.exec, sqlParams(ci, c.args, *m.SQL), m.Interpolated)
		w.spreadArgs(before, spreadParam(w.fn, ci, c.args, *m.SQL+1))
		return
	case m.Prepared:
		var params []ssa.Value
		if m.Bind != nil {
			params = boundParams(ci, c.args, *m.Bind)
		}
		before := len(w.sites)
		w.prepared(ci, c.recv, params)
		if m.Bind != nil && params == nil {
			w.spreadArgs(before, spreadParam(w.fn, ci, c.args, *m.Bind))
		}
		return
	case m.Prepare != nil || m.StmtFrom != nil:
		return // making a statement: its execution is the effect
	case m.Kind == "" && !m.Claim:
		return // begin, callbacks only
	}
	risk, _ := effect.ParseRisk(m.Risk)
	if m.Risk == "" {
		risk = effect.Unknown
	}
	c.e = &effect.Effect{Kind: m.Kind, Op: m.Op, Target: m.Target, Risk: risk, Detail: m.Detail, Path: []effect.Hop{w.hop(ci)}, By: m.By(),
		DupFails: m.FailsOnDuplicate, RepeatFails: m.FailsOnRepeat, DistLock: m.DistributedLock, RunsHandler: m.RunsHandler,
		BufferedArg: bufferedArg}
	for _, apply := range effectAppliers {
		apply(c)
	}
	if m.TargetType != nil && c.ch.model == nil {
		w.ormBusinessKey(c, c.arg(m.TargetType))
	}
	if c.ch.id != nil {
		w.setIDKey(c, c.ch.id)
	}
	if len(c.ch.columns) > 0 {
		w.setColumnsKey(c)
	}
	if model := c.ch.model; model != nil || m.TargetType != nil {
		if model == nil {
			model = c.arg(m.TargetType)
		}
		w.ormTagKey(c, model)
	}
	if m.UpdatesLoaded && m.TargetType != nil {
		w.savedRow(c.e, c.arg(m.TargetType), ci) // savedrow.go
	}
	if len(m.Hooks) > 0 && !c.ch.noHooks {
		model := c.ch.model
		if model == nil && m.TargetType != nil {
			model = c.arg(m.TargetType)
		}
		if model != nil {
			defer w.hooks(ci, m.Hooks, model)
		}
	}
	c.claim()
	w.addSite(c.e, ci, c.exec, true)
	site := w.sites[len(w.sites)-1]
	if c.e.Op == effect.OpClaim && len(m.DuplicateError) > 0 {
		site.DupErrors = m.DuplicateError
	}
	if len(c.ch.dupErrors) > 0 && c.e.Op == effect.OpClaim {
		site.DupErrors = c.ch.dupErrors
	}
	if c.e.Kind == effect.KindDBWrite && c.e.Target != "" {
		// An ORM write on a table with triggers fires them like SQL does.
		before := len(w.sites)
		w.triggerEffects(ci, sqlclass.Stmt{Op: sqlclass.Op(c.e.Op), Table: c.e.Target}, c.exec, []effect.Hop{w.hop(ci)}, 0)
		if c.e.Op == effect.OpClaim {
			claimTriggered(w.sites[before:], c.e.Evidence())
		}
	}
}

// callbacks (calls, tx_callback): function arguments the call runs before
// it returns; a transaction callback's first parameter is the new
// transaction.
func (c *modelCall) callbacks() {
	for _, k := range c.m.Calls {
		if k < 0 || k >= len(c.args) {
			continue
		}
		var tx *txArg
		if c.m.TxCallback != nil && *c.m.TxCallback == k {
			tx = &txArg{v: c.ci.Value()}
			if tx.v == nil {
				tx.v = c.args[k]
			}
		}
		if c.m.Returns != nil && *c.m.Returns == k {
			prev := c.w.returning
			c.w.returning = c.ci
			c.w.callValue(c.ci, c.args[k], tx)
			c.w.returning = prev
			continue
		}
		c.w.callValue(c.ci, c.args[k], tx)
	}
}

// ack (ack, at_most_once, at_most_once_if): a message acknowledgement, or
// a receive that acknowledges before it returns.
func (c *modelCall) ack() {
	atMostOnce := c.m.AtMostOnce || (c.m.AtMostOnceIf != nil && ssavalue.IsTrue(c.arg(c.m.AtMostOnceIf)))
	if !c.m.Ack && !atMostOnce {
		return
	}
	op := "ack"
	if atMostOnce {
		op = "receive-commit"
	}
	c.w.addSite(&effect.Effect{Kind: effect.KindAck, Op: op, Risk: effect.Safe, Path: []effect.Hop{c.w.hop(c.ci)}}, c.ci, nil, true)
}

// targetArg (target_arg): a constant target; for HTTP, the URL's host.
func (c *modelCall) targetArg() {
	v := c.arg(c.m.TargetArg)
	if v == nil {
		return
	}
	if t := constTarget(v); t != "" {
		c.e.Target = t
	}
	if c.m.Kind == effect.KindHTTP {
		c.e.Target = urlTarget([]ssa.Value{v}, 0)
		c.e.URLPath, c.e.URLQuery = urlPath(v), urlQuery(v)
		// A URL the caller passes (a helper over http.Post or
		// (*http.Client).Post) is handed back to the callers, as one a
		// request built with NewRequest carries (httpRequest): the
		// caller's constant URL then names the target and the path.
		if c.e.Target == "" && c.e.URLPath == "" && c.e.RequestArg == 0 {
			if k := c.w.execIndex(normalize(v)); k != effect.NoExec {
				c.e.URLArg = k + 1
			}
		}
	}
}

// request (request, method): an HTTP call's method, from the request it
// sends or fixed by the function (http.Post).
func (c *modelCall) request() {
	if c.m.Request != nil {
		c.w.httpRequest(c.e, c.arg(c.m.Request))
	}
	if c.m.Method != "" {
		c.e.Op = strings.ToLower(c.m.Method)
	}
	if c.m.Body != nil {
		c.w.rpcMethod(c.e, c.arg(c.m.Body))
		c.w.textBody(c.e, c.arg(c.m.Body))
		c.w.tokenGrant(c.e, c.arg(c.m.Body))
		DecideTokenGrant(c.e)
	}
	if c.m.Kind == effect.KindHTTP && responseRead(c.ci) {
		c.e.ResponseRead = true
	}
	if c.m.Kind == effect.KindHTTP {
		c.e.ReturnedBy = c.w.bodyReturned(c.ci)
	}
}

// copyKeys (copy_columns, copy_rows): a bulk COPY into a table inserts
// rows of the constant columns it names: a unique key of the migrations
// among them makes a second delivery's COPY fail, as an INSERT of those
// columns does (sqlBusinessKey), unless the rows carry a value drawn anew
// on each delivery; rows the caller passes leave that to the caller. A
// key that is only the id column is a business key when the rows' id
// values are traced to what the job carries (copyBusinessKey).
func (c *modelCall) copyKeys() {
	m := c.m
	if m.CopyColumns == nil || c.e.Kind != effect.KindDBWrite || c.e.Op != string(sqlclass.Insert) || c.e.Target == "" || c.w.p.env.Triggers == nil {
		return
	}
	elems := ssavalue.SliceElems(c.arg(m.CopyColumns))
	if len(elems) == 0 {
		return
	}
	var cols []string
	for _, el := range elems {
		col := constOr([]ssa.Value{normalize(el)}, 0)
		if col == "" {
			return
		}
		cols = append(cols, strings.ToLower(col))
	}
	rows := c.arg(m.CopyRows)
	if rows == nil {
		return
	}
	st := sqlclass.Stmt{Op: sqlclass.Insert, Table: c.e.Target, Columns: strings.Join(cols, ",")}
	c.w.businessKey(c.e, st, nil, rows, c.ci)
	c.w.copyBusinessKey(c, cols, rows)
}

// openFlags (open_flags): os.OpenFile appends, overwrites or reads.
func (c *modelCall) openFlags() {
	if c.m.OpenFlags != nil {
		openFlags(c.e, c.arg(c.m.OpenFlags))
	}
}

// keys (params, key_field, key_option, key_note): the idempotency or dedup
// key the call carries.
func (c *modelCall) keys() {
	m := c.m
	if m.Params != nil {
		c.e.Key = c.w.paramsKey(c.arg(m.Params))
	}
	if m.KeyField != nil {
		if k := c.w.fieldKey(c.arg(&m.KeyField.Arg), m.KeyField.Field); k != nil {
			c.e.Key = k
		}
	}
	if len(m.KeyOption) > 0 {
		args := append(append([]ssa.Value(nil), c.args...), c.taskOptions()...)
		if k := c.w.optionKey(args, m.KeyOption); k != nil {
			if len(m.KeyLasts) > 0 {
				if lk := c.w.lastingKey(k, args, m.KeyOption, m.KeyLasts); lk != nil {
					k = lk
				} else {
					c.e.Detail = effect.JoinDetail(c.e.Detail, lastsNote(k))
					k = nil
				}
			}
			if k != nil {
				c.e.Key = k
			}
		}
	}
	if c.e.Key == nil {
		c.uniqueArgs() // unique_inserts
	}
	if c.e.Key != nil && m.KeyNote != "" {
		if c.e.Key.Lasts != nil {
			c.e.Key.Note = effect.JoinDetail(c.e.Key.Note, m.KeyNote) // the guard's, once the callers settle it
		} else {
			c.e.Detail = effect.JoinDetail(c.e.Detail, m.KeyNote)
		}
	}
}

// dupKey (duplicate_key): the name a create the service refuses to
// repeat (fails_on_duplicate) is keyed by. Drawn anew on every delivery
// (uuid.New, the clock), it is refused nothing: every delivery creates
// (DupFails goes). Otherwise it is the effect's DupKey: where the name
// is the same on every delivery (the job's data, a constant, a name read
// from what the job names), the redelivery's create is refused, and a
// caller that only logs that failure takes it as success (guarded,
// effect.Effect.DupTakenAsSuccess). One a parameter gives is the
// callers' to decide (resolveDupKey), as an SQL key's is: a value not
// known there keeps the failure without making it a guard (FreshOnly).
// Not set where the call is made (the input built elsewhere): the
// failure stays, without a key.
func (c *modelCall) dupKey() {
	dk := c.m.DuplicateKey
	if dk == nil || c.e.DupFails == "" {
		return
	}
	v := c.arg(&dk.Arg)
	var k *effect.Key
	switch {
	case v == nil:
		return
	case dk.Field == "":
		k = c.w.keyFrom(ssavalue.Unconvert(v), c.ci)
	default:
		k = c.w.fieldKey(v, dk.Field)
	}
	if k == nil {
		return
	}
	if k.Random != "" {
		c.e.DupFails = "" // a new name on every delivery: nothing to refuse
		return
	}
	k.FreshOnly, k.Payload = true, true
	c.e.DupKey = k
}

// identity (identity): an object written under a stable identity is
// overwritten by a second delivery; one whose identity derives from a
// random or time source is made anew every time. The key is read from
// the call's SSA values here; a call through an interface that the
// whole program resolves to the method reads it from the call's facts
// (ModelThrough), and both decide with objectIdentity.
func (c *modelCall) identity() {
	objectIdentity(c.e, c.m.Identity, func(arg int, field string) *effect.Key {
		if f, entry, ok := splitMapEntry(field); ok {
			return c.w.mapEntryKey(c.arg(&arg), f, entry)
		}
		if field != "" {
			return c.w.fieldKey(c.arg(&arg), field)
		}
		if v := c.arg(&arg); v != nil {
			return c.w.keyFrom(v, c.ci)
		}
		return nil
	}, func(built *ssa.CallCommon, arg int) *effect.Key {
		return c.w.keyFrom(built.Args[arg+1], c.ci) // the receiver is argument 0
	}, c.recv)
}

// objectIdentity decides an object write by the key naming its object
// (models.Identity): key reads argument arg (0-based, without the
// receiver) of the call, or its field; builtKey, the argument of the
// call that made recv (nil where only facts are known).
func objectIdentity(e *effect.Effect, id *models.Identity, key func(arg int, field string) *effect.Key, builtKey func(built *ssa.CallCommon, arg int) *effect.Key, recv ssa.Value) {
	if id == nil {
		return
	}
	var k *effect.Key
	switch {
	case id.Built != "":
		if built := builtBy(recv, id.Built); built != nil && builtKey != nil && id.BuiltArg >= 0 && id.BuiltArg < len(built.Args)-1 {
			k = builtKey(built, id.BuiltArg)
		}
	case id.Arg != nil && len(id.MapKeys) > 0:
		keys := mapIdentity(id, key)
		if len(keys) > 0 {
			k = keys[0]
		}
		if k != nil && k.Random == "" {
			for _, pk := range keys {
				if pk.Param != 0 {
					e.ObjectKeys = append(e.ObjectKeys, pk) // each a caller may pass a random value to
				}
			}
			if len(e.ObjectKeys) > 0 {
				k = e.ObjectKeys[0] // the note the callers take out (dropOverwriteNotes)
			}
			e.Detail = effect.JoinDetail(e.Detail, overwriteNote(e, k.Expr))
			return
		}
	case id.Arg != nil:
		k = key(*id.Arg, id.Field)
	}
	if k == nil {
		e.Detail = effect.JoinDetail(e.Detail, "overwrites the "+objectWord(e)+" its key names; the key is not known here")
		return
	}
	if k.Random != "" {
		newObject(e, k.Expr, k.Random)
		return
	}
	e.Detail = effect.JoinDetail(e.Detail, overwriteNote(e, k.Expr))
	if k.Param != 0 {
		e.ObjectKeys = []*effect.Key{k} // a caller may pass a random key (resolveObjectKey)
	}
}

// ModelThrough reads, for the effect e of a library method the whole
// program resolves the call through an interface (call, the dynamic-call
// effect, receiver first) to, the method's arguments as a static call's
// model reads them (objectIdentity), from what the call's facts say of
// them: an object key that derives from a random or time source there
// (RandomArgs, with the callers' already folded in) makes the write a
// create. fn is the method, for its parameters' names.
func ModelThrough(call *effect.Effect, m *models.Model, fn *types.Func, e *effect.Effect) {
	tableThrough(call, m, e) // tablefield.go
	if m.Identity == nil {
		return
	}
	sig, _ := fn.Type().(*types.Signature)
	objectIdentity(e, m.Identity, func(arg int, field string) *effect.Key {
		if sig == nil || arg < 0 || arg >= sig.Params().Len() {
			return nil
		}
		for _, a := range call.RandomArgs {
			if a.Index == arg+2 && a.Field == field {
				return &effect.Key{Expr: a.Expr, Pos: a.Pos, Random: a.Source}
			}
		}
		// Nothing random reaches it: the object the argument names, as
		// a static call whose key derives from no random source.
		expr := sig.Params().At(arg).Name()
		if field != "" {
			expr += "." + field
		}
		return &effect.Key{Expr: expr, Pos: call.Evidence()}
	}, nil, nil)
}

// ModelKeyThrough reads, for the effect e of a library method the whole
// program resolves the call through an interface (call, the dynamic-call
// effect) to, the key the model's key_field names as a static call's
// model reads it, from what the call's facts say of it: a key field
// that derives from a random or time source (RandomArgs, the callers'
// folded in: a Step Functions execution named after the clock two calls
// above) sends a new key on every delivery, so it guards nothing
// (random-key, the pitfall returned, at the key's source). A key from
// anything else is not decided here: whether the field is set at all is
// not among the facts, and the effect stays unguarded.
func ModelKeyThrough(call *effect.Effect, m *models.Model, fn *types.Func, e *effect.Effect) *guard.Pitfall {
	if m.KeyField == nil || m.KeyField.Field == "" {
		return nil
	}
	for _, a := range call.RandomArgs {
		if a.Index != m.KeyField.Arg+2 || a.Field != m.KeyField.Field {
			continue
		}
		e.Key = &effect.Key{Expr: a.Expr, Pos: a.Pos, Random: a.Source}
		if e.Issue != "" || !e.Risk.NonIdempotent() {
			return nil
		}
		pos := a.Pos
		if pos == "" {
			pos = call.Evidence()
		}
		e.Issue, e.IssuePos = rules.RandomKey, pos
		return &guard.Pitfall{Rule: rules.RandomKey, Pos: pos, Message: fmt.Sprintf(
			"idempotency key %s, passed to %s, derives from %s: every delivery sends a new key, so the %s is not deduplicated; derive the key from the job's business identity",
			orExpr(a.Expr), FuncName(fn), a.Source, e.Describe())}
	}
	return nil
}

func overwriteNote(e *effect.Effect, expr string) string {
	return "overwrites the " + objectWord(e) + " " + orExpr(expr) + " names"
}

// objectWord is what an identified write writes: a database's item, a
// store's object.
func objectWord(e *effect.Effect) string {
	if e.Kind == effect.KindDBWrite {
		return "item"
	}
	return "object"
}

// newObject makes an overwrite whose key derives from a random source a
// creation (a database's item: an insert): every delivery makes a new
// object.
func newObject(e *effect.Effect, expr, random string) {
	e.Op, e.Risk = "create", effect.Medium
	if e.Kind == effect.KindDBWrite {
		e.Op = effect.OpInsert
	}
	w := objectWord(e)
	e.Detail = effect.JoinDetail(e.Detail, "the "+w+"'s key "+orExpr(expr)+" derives from "+random+": every delivery makes a new "+w)
}

func orExpr(s string) string {
	if s == "" {
		return "(expression)"
	}
	return s
}

// builtBy is the call of fn (a models.FuncKey, a method) that made v.
func builtBy(v ssa.Value, fn string) *ssa.CallCommon {
	for i := 0; v != nil && i < 8; i++ {
		switch x := normalize(v).(type) {
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.Call:
			if callee := x.Call.StaticCallee(); callee != nil {
				if obj, ok := callee.Object().(*types.Func); ok && models.FuncKey(obj) == fn {
					return &x.Call
				}
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}

// targetType (target_type, receiver_suffix): the table an ORM model type,
// or a generated builder's entity, names.
func (c *modelCall) targetType() {
	if v := c.arg(c.m.TargetType); v != nil {
		if t := tableOf(c.w.fn.Prog, c.w.p.env.ConstResult, normalize(v).Type()); t != "" {
			c.e.Target = t
		}
	}
	if c.m.ReceiverSuffix != "" && c.recv != nil {
		if t := suffixTable(c.m, c.recv.Type()); t != "" {
			c.e.Target = t
		}
	}
}

// suffixTable is the table a generated builder of type t names, by the
// model's receiver suffix (UserCreate → users); "" for none.
func suffixTable(m *models.Model, t types.Type) string {
	n, ok := types.Unalias(ssavalue.Deref(t)).(*types.Named)
	if m.ReceiverSuffix == "" || !ok || !strings.HasSuffix(n.Obj().Name(), m.ReceiverSuffix) {
		return ""
	}
	return pluralSnake(strings.TrimSuffix(n.Obj().Name(), m.ReceiverSuffix))
}

// ReceiverTable is the table of a generated builder's method fn that a
// call through an interface reaches ((*NormalizedEventProjectionCreate).Save
// behind an application's mutator interface: normalized_event_projections),
// as a static call's receiver names it; "" when m matches no receiver suffix.
func ReceiverTable(m *models.Model, fn *types.Func) string {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return ""
	}
	return suffixTable(m, sig.Recv().Type())
}

// document (document, filter): a MongoDB update document's operators;
// with the filter, a conditional state transition (transitionField).
func (c *modelCall) document() {
	v := c.arg(c.m.Document)
	if v == nil {
		return
	}
	c.e.Op, c.e.Risk, c.e.Detail = documentOp(v)
	if c.e.Op == effect.OpUnknown {
		// A wrapper's parameter: its callers' documents decide.
		if i := c.w.execIndex(normalize(v)); i != effect.NoExec {
			c.e.DocArg = i + 1
		}
		return
	}
	f := c.arg(c.m.Filter)
	if f == nil || c.passesOptions() {
		// Options may make the update an upsert (SetUpsert(true)),
		// which inserts when a second delivery's filter matches
		// nothing: not read as a transition.
		return
	}
	if field := transitionField(f, v); field != "" {
		// The update's own $push or $inc runs once per transition: a
		// compare-and-set, a claim where its matched or modified count is
		// tested (guard.claims), the update as written otherwise, which
		// is then the transition (ClaimFrom), not the append it holds.
		detail := "compare-and-set: the document must still have the " + field + " it is changed from"
		if ws := strings.Fields(c.e.Detail); c.e.Op != effect.OpSet && len(ws) > 0 {
			detail += "; its " + ws[0] + " runs once per transition"
		}
		c.e.ClaimFrom, c.e.ClaimFromDetail = effect.OpSet, detail
		c.e.Op, c.e.Risk, c.e.Detail, c.e.CompareAndSet = effect.OpClaim, effect.Safe, detail, true
	}
}

// passesOptions reports whether the call passes anything in a variadic
// last parameter (a driver's options).
func (c *modelCall) passesOptions() bool {
	common := c.ci.Common()
	sig := common.Signature()
	if !sig.Variadic() || len(common.Args) == 0 {
		return false
	}
	last, ok := common.Args[len(common.Args)-1].(*ssa.Const)
	return !ok || !last.IsNil()
}

// fragment (fragment): an SQL expression that makes an update an increment.
func (c *modelCall) fragment() {
	if c.m.Fragment == nil {
		return
	}
	if inc, found := fragmentIncrements(c.m.Fragment, c.args); found && inc {
		c.e.Op, c.e.Risk, c.e.Detail = string(sqlclass.UpdateIncrement), effect.Medium, "assigns a self-referencing SQL expression"
	}
}

// changedSet (fragment): a set whose assigned value was changed from one
// the function read before (gorm's Update("left", lap.Left-1) after
// First(&lap)) moves the value again on a second delivery: an increment,
// as rmwIncluded decides for a repository's set. Only the value argument
// counts (Fragment.Arg, not a column list or an attribute list); fields
// copied unchanged from the read are no change (rmwArg).
func (c *modelCall) changedSet() {
	f := c.m.Fragment
	if f == nil || f.Attrs || !setOp(c.e.Op) {
		return
	}
	v := c.arg(&f.Arg)
	if v == nil {
		return
	}
	if read := c.w.rmwArg(v); read != nil {
		c.e.ReadModifyWrite(c.w.rmwDetail(read))
	}
}

// chain (chain): what the calls made earlier on a builder's receiver say.
func (c *modelCall) chain() {
	if len(c.m.Chain) == 0 || c.recv == nil {
		return
	}
	c.ch = c.w.chain(c.m, c.recv)
	if c.m.Exec == nil && c.ch.root != nil {
		c.exec = c.ch.root // the builder's root handle (a *gorm.DB transaction)
	}
	e := c.e
	if c.ch.op != "" {
		e.Op = c.ch.op
		if c.ch.kind != "" {
			e.Kind = c.ch.kind
		}
		if r, ok := effect.ParseRisk(c.ch.risk); ok {
			e.Risk = r
		}
	}
	if c.ch.increment {
		op := sqlclass.UpdateIncrement
		if strings.HasPrefix(e.Op, "upsert") {
			op = sqlclass.UpsertIncrement
		}
		e.Op, e.Risk, e.Detail = string(op), effect.Medium, "assigns a self-referencing SQL expression"
	}
	if e.Op == string(sqlclass.UpdateSet) && len(c.ch.where) > 0 {
		cols := c.ch.assigned
		if f := c.m.Fragment; f != nil && f.ColumnArg != nil {
			if texts := stringValues(c.arg(f.ColumnArg)); len(texts) == 1 {
				cols = append(cols, texts[0])
			}
		}
		if why := compareAndSet(cols, c.ch.where); why != "" {
			// Tested for rows affected, a claim (like its SQL).
			e.Op, e.Risk, e.Detail = effect.OpClaim, effect.Safe, why
		}
	}
	if c.ch.table != "" {
		e.Target = c.ch.table
	} else if c.ch.model != nil {
		if t := tableOf(c.w.fn.Prog, c.w.p.env.ConstResult, normalize(c.ch.model).Type()); t != "" {
			e.Target = t
		}
	}
	if e.Op == effect.OpDelete && e.Target != "" && len(c.ch.where) > 0 && c.ch.whereAll {
		// Which rows it deletes, read as the SQL it builds.
		var conds []string
		for _, w := range c.ch.where {
			conds = append(conds, "("+sqlclass.NormalizePlaceholders(w)+")")
		}
		st := sqlclass.Classify("delete from t where " + strings.Join(conds, " and "))
		if len(st) == 1 && st[0].Op == sqlclass.Delete && st[0].Retention == "" && st[0].RetentionParam == 0 {
			d := st[0]
			d.Table = e.Target
			if e.RetentionText = clears(c.w.p.env.Triggers, d); e.RetentionText != "" {
				c.w.scope(e, c.ch.whereArgs)
			}
		}
	}
}

// whenUnset (when_unset): the call is another effect when the struct
// literal it is given provably leaves a field unset.
func (c *modelCall) whenUnset() {
	u := c.m.WhenUnset
	if u == nil || u.Arg < 0 || u.Arg >= len(c.args) || !ssavalue.LeavesUnset(c.args[u.Arg], u.Field, c.ci) {
		return
	}
	risk, _ := effect.ParseRisk(u.Risk)
	c.e.Kind, c.e.Op, c.e.Risk, c.e.Detail = u.Kind, u.Op, risk, u.Detail
}

// claim (claim, claim_when, key): the call claims a key.
func (c *modelCall) claim() {
	m := c.m
	claim := m.Claim
	if cw := m.ClaimWhen; cw != nil && cw.Arg >= 0 && cw.Arg < len(c.args) {
		if v := ssavalue.FieldConst(c.args[cw.Arg], cw.Field); cw.Matches(v) {
			claim = true
			if cw.Prefix != "" {
				// A conditional write (attribute_not_exists(PK)): what it
				// overwrites is what it claims.
				c.e.Detail = effect.JoinDetail(c.e.Detail, "only when "+v+" ("+cw.Field+"): a claim of that key, a duplicate fails")
			}
		}
	}
	if !claim {
		return
	}
	c.e.Op = effect.OpClaim
	if m.Key != nil {
		c.e.ClaimKey = c.w.p.text.argText(c.ci.Pos(), *m.Key)
	}
}

// sql classifies the SQL argument of an executor call; params are the
// values given for its parameters, when known; interpolated, whether the
// library writes them into the text (models.Function.Interpolated).
func (w *walker) sql(ci ssa.CallInstruction, argIndex int, v ssa.Value, exec ssa.Value, params []ssa.Value, interpolated bool) {
	texts, why, built := sqlTextsWhy(w.p, v)
	if built != nil && params == nil {
		params = built // the values the query builder was given
	}
	if why != "" && !slices.ContainsFunc(texts, func(t string) bool { return !strings.Contains(t, dynamic) }) {
		texts = nil // a query builder not read: its reason, not a parse error
	}
	if len(texts) == 0 {
		detail := "SQL text built at run time"
		if why != "" {
			detail = "SQL built with a query builder at run time: " + why
		}
		e := &effect.Effect{Kind: effect.KindDBWrite, Op: effect.OpUnknown, Risk: effect.Unknown,
			Detail: detail, Path: []effect.Hop{w.hop(ci)}}
		if p := callerText(v, why); p != nil && !interpolated {
			// The text is the caller's (resolveSQLArg).
			if i := paramIndex(w.fn, p); i >= 0 {
				e.SQLArg = i + 1
			}
		}
		w.addSite(e, ci, exec, true)
		return
	}
	w.sqlTexts(ci, texts, argIndex, exec, params, interpolated)
}

// spreadArgs marks the effects added since before whose text a caller
// decides (SQLArg, StmtArg) with the variadic parameter arg whose
// elements they bind (Effect.ArgsArg; 0: none).
func (w *walker) spreadArgs(before, arg int) {
	if arg == 0 {
		return
	}
	for _, s := range w.sites[before:] {
		if s.Effect.SQLArg > 0 || s.Effect.StmtArg > 0 {
			s.Effect.ArgsArg = arg
		}
	}
}

// argsOf are the values a call binds for a callee's execution that
// spreads its variadic parameter (Effect.ArgsArg): the elements of the
// slice the call passes there; nil when none or not known one by one.
func (w *walker) argsOf(e *effect.Effect, args, bindings []ssa.Value) []ssa.Value {
	if e.ArgsArg == 0 {
		return nil
	}
	return spreadElems(pick(e.ArgsArg-1, args, bindings))
}

// passArgs, where the text is still left to this function's callers,
// names the parameter of this function the call passes on as the
// callee's spread values (Effect.ArgsArg), or drops it.
func (w *walker) passArgs(e *effect.Effect, args, bindings []ssa.Value) {
	arg := e.ArgsArg
	e.ArgsArg = 0
	if arg == 0 || e.SQLArg == 0 && e.StmtArg == 0 {
		return
	}
	v := pick(arg-1, args, bindings)
	if v == nil {
		return
	}
	if p, ok := ssavalue.Unconvert(v).(*ssa.Parameter); ok {
		if i := paramIndex(w.fn, p); i >= 0 {
			e.ArgsArg = i + 1
		}
	}
}

// callerText is the parameter of the function whose value gives the SQL
// v stands for, when the function's callers decide it: a string
// parameter read as is (why empty), or a query builder parameter (a
// helper retrying builder.Exec() for the builder each caller makes:
// sqlbuild.go reads no chain there, and why says so).
func callerText(v ssa.Value, why string) *ssa.Parameter {
	p, ok := ssavalue.Unconvert(v).(*ssa.Parameter)
	if !ok || why != "" && builderLib(p.Type()) == "" {
		return nil
	}
	return p
}

// resolveSQLArg decides, at a call of a function that runs the SQL text
// its parameter gives (Effect.SQLArg), the effect by the text this call
// passes, reached by e's path; false (e unknown still) when that text is
// not known here either, with SQLArg then naming this function's
// parameter that gives it.
func (w *walker) resolveSQLArg(ci ssa.CallInstruction, e *effect.Effect, exec ssa.Value, args, bindings []ssa.Value) bool {
	v := pick(e.SQLArg-1, args, bindings)
	e.SQLArg = 0
	if v == nil {
		e.ArgsArg = 0
		return false
	}
	v = ssavalue.Unconvert(v)
	texts, why, built := sqlTextsWhy(w.p, v)
	if why != "" && !slices.ContainsFunc(texts, func(t string) bool { return !strings.Contains(t, dynamic) }) {
		texts = nil
	}
	if len(texts) == 0 {
		if p := callerText(v, why); p != nil {
			if i := paramIndex(w.fn, p); i >= 0 {
				e.SQLArg = i + 1
			}
		}
		w.passArgs(e, args, bindings)
		return false
	}
	params := w.argsOf(e, args, bindings)
	if params == nil {
		params = built // the values the caller's query builder was given
	}
	before := len(w.sites)
	w.sqlTexts(ci, texts, -1, exec, params, false)
	for _, s := range w.sites[before:] {
		s.Effect.Path = append(append([]effect.Hop(nil), e.Path...), s.Effect.Path[1:]...)
		s.Direct = false
	}
	return true
}

// sqlTexts adds the effects of SQL texts executed at ci; argIndex is the
// SQL argument (-1 for a prepared statement), whose next argument a claim
// inserts; params, when known, the values of the SQL's parameters;
// interpolated, whether the library writes them into the text as literals.
func (w *walker) sqlTexts(ci ssa.CallInstruction, texts []string, argIndex int, exec ssa.Value, params []ssa.Value, interpolated bool) {
	hop := w.hop(ci)
	classify := sqlclass.Classify
	if interpolated {
		classify = sqlclass.ClassifyInterpolated
	}
	for _, text := range texts {
		stmts := classify(text)
		if cut, ok := dynamicWhere(text, stmts, classify); ok {
			stmts = cut
		}
		made := make([]*effect.Effect, len(stmts))
		for i, st := range stmts {
			if st.Op == sqlclass.Call && st.Function != "" && w.functionEffects(ci, st, exec, []effect.Hop{hop}, 0, nil) {
				continue
			}
			st, _ = mergeByColumnType(w.p.env.Triggers, st)
			st = w.readModifyWrite(st, params)
			e := &effect.Effect{
				Kind:          sqlKind(st.Op),
				Op:            string(st.Op),
				Target:        st.Table,
				Risk:          sqlRisk(st.Op),
				Detail:        st.Detail,
				Returning:     st.Returning,
				ClaimOutcome:  st.Outcome,
				ReportsChange: st.ReportsChange,
				CountsRuns:    st.CountsRuns,
				Accumulates:   st.Accumulates,
				Optimistic:    st.Optimistic,
				RowLock:       st.RowLock,
				RowLockNoWait: st.RowLockNoWait,
				AdvisoryLock:  st.AdvisoryLock,
				StampedBy:     st.StampedBy,
				ClockSets:     st.ClockSets,
				Assigns:       st.Assigns,
				Selects:       st.Selects,
				Filters:       st.Filters,
				JoinMisses:    st.JoinMisses,
				SetConsts:     st.SetConsts,
				Path:          []effect.Hop{hop},
				By:            effect.ByCode,
			}
			if e.Detail == e.Op {
				e.Detail = ""
			}
			if strings.Contains(e.Target, dynamic) {
				e.Target = ""
				e.Detail = strings.TrimSpace(e.Detail + " (table chosen at run time)")
			}
			e.CompareAndSet = st.Op == sqlclass.Claim && st.Update
			if st.Op == sqlclass.Claim && argIndex >= 0 {
				e.ClaimKey = w.p.text.argText(ci.Pos(), argIndex+1)
			}
			e.SetFrom = w.sqlSetFrom(st, params)
			if st.NewerCol != "" && st.NewerParam > 0 {
				// A write-if-newer upsert: once per value, if the value is
				// the same on every delivery.
				var v ssa.Value
				if st.NewerParam <= len(params) {
					v = params[st.NewerParam-1]
				}
				w.newerValue(e, v, ci)
			}
			w.stampParams(e, st, params) // stampclock.go
			w.sqlKeyCols(e, st, params)  // keycols.go
			if st.Op == sqlclass.Insert && e.Target != "" {
				w.sqlBusinessKey(e, st, params, ci)
			}
			if st.Op == sqlclass.Claim && !st.Update && e.Target != "" {
				e.ConstraintState, e.Constraint = claimConstraint(w.p.env.Triggers, st)
			}
			if st.Op == sqlclass.Delete && e.Target != "" {
				e.Retention, e.RetentionText, e.RetentionParam = retention(st, params)
				if e.RetentionParam > 0 {
					e.RetentionUnit = st.RetentionUnit
				}
				if e.RetentionText == "" && e.RetentionParam == 0 {
					e.RetentionText = clears(w.p.env.Triggers, st)
					if e.RetentionText != "" && (params != nil || st.Matches == "*") {
						w.scope(e, params)
					}
				}
			}
			if st.Op == sqlclass.None {
				continue
			}
			w.addSite(e, ci, exec, true)
			made[i] = e
			if st.RowsParam > 0 && st.RowsParam <= len(params) {
				w.rowsOf(e, params[st.RowsParam-1]) // rowsof.go
			}
			if st.FromChange > 0 && i >= st.FromChange {
				changeGated(e, made[i-st.FromChange])
			}
			before := len(w.sites)
			w.triggerEffects(ci, st, exec, []effect.Hop{hop}, 0)
			if st.Op == sqlclass.Claim {
				claimTriggered(w.sites[before:], e.Evidence())
			} else if st.Op == sqlclass.UpdateSet && st.ReportsChange {
				changeTriggered(w.sites[before:], e)
			}
		}
	}
}

// changeGated guards an insert … select of only the rows its statement's
// data-modifying CTE changed (sqlclass FromChange) by that change, when
// the change, as decided here, is still one a second run does not make
// again: a claim, a delete, or a statement that reports its change and
// was not found to set a value new on every delivery (then it is the
// increment notNewer made it, and the insert copies rows every time).
func changeGated(e, src *effect.Effect) {
	if src == nil || src.NewerThan != nil || e.Guard != nil || e.Issue != "" || !e.Risk.NonIdempotent() {
		return // NewerThan: whether its value is new every time is the callers'
	}
	switch sqlclass.Op(src.Op) {
	case sqlclass.Claim, sqlclass.Delete:
	case sqlclass.UpsertSet, sqlclass.UpdateSet:
		if !src.ReportsChange {
			return
		}
	default:
		return
	}
	e.Guard = &effect.Guard{Kind: effect.GuardClaim, Pos: src.Evidence(), SameTx: true,
		Note: "the insert takes only the rows its own statement's " + src.Describe() + " changed: a second delivery changes none, so inserts none"}
}

// claimTriggered guards the effects of the triggers a claim fires: a
// trigger on the claim's insert (or its compare-and-set update) runs only
// for the delivery whose claim takes the key, in its statement.
func claimTriggered(sites []*guard.Site, claimPos string) {
	for _, s := range sites {
		if e := s.Effect; e.Guard == nil && e.Issue == "" && e.Risk.NonIdempotent() {
			e.Guard = &effect.Guard{Kind: effect.GuardClaim, Pos: claimPos, SameTx: true,
				Note: "fired by the claim's own statement: it runs only when the claim takes the key"}
		}
	}
}

// changeTriggered guards the effects of the triggers an update fires that
// changes a row only while it differs from the value it sets
// (set-if-different, set-if-newer: sqlclass changed.go): a second
// delivery's update changes no row, so its row triggers fire for none;
// what they do is done once per change, in the update's statement. As for
// an insert … select of the rows its CTE changed (changeGated), whether
// the value is the same on every delivery is the callers' to know.
func changeTriggered(sites []*guard.Site, up *effect.Effect) {
	for _, s := range sites {
		if e := s.Effect; e.Guard == nil && e.Issue == "" && e.Risk.NonIdempotent() {
			e.Guard = &effect.Guard{Kind: effect.GuardClaim, Pos: up.Evidence(), SameTx: true,
				Note: "fired by the rows of an update that changes a row only while it differs from the value it sets: a second delivery changes none, so it fires for none"}
		}
	}
}

// triggerEvents maps a statement's operation to the trigger events it fires.
var triggerEvents = map[sqlclass.Op][]string{
	sqlclass.Insert:          {"insert"},
	sqlclass.Claim:           {"insert"},
	sqlclass.UpsertSet:       {"insert", "update"},
	sqlclass.UpsertIncrement: {"insert", "update"},
	sqlclass.UpdateSet:       {"update"},
	sqlclass.UpdateIncrement: {"update"},
	sqlclass.Delete:          {"delete"},
}

// triggerEffects adds the effects of the triggers a write fires: they run
// in the statement's transaction, so they share its executor. Triggers
// that write to tables with triggers are followed two levels deep.
func (w *walker) triggerEffects(ci ssa.CallInstruction, st sqlclass.Stmt, exec ssa.Value, path []effect.Hop, depth int) {
	if w.p.env.Triggers == nil || st.Table == "" || depth > 2 {
		return
	}
	seen := map[*triggers.Trigger]bool{}
	events := triggerEvents[st.Op]
	if st.Op == sqlclass.Claim && st.Update {
		events = []string{"update"}
	}
	for _, event := range events {
		for _, t := range w.p.env.Triggers.On(st.Table, event) {
			if seen[t] {
				continue
			}
			seen[t] = true
			tpath := append(append([]effect.Hop(nil), path...), effect.Hop{Pos: t.Pos, Func: "trigger " + t.Name + " on " + t.Table})
			if !t.Found {
				// The migrations do not declare the function: what it
				// runs is not known. A declared function with no
				// statement (one that only sets NEW's columns) adds no
				// effect.
				e := &effect.Effect{Kind: effect.KindDBWrite, Op: effect.OpUnknown, Risk: effect.Unknown,
					Detail: "trigger " + t.Name + " runs " + t.Function + "(), whose body was not found", Path: tpath}
				w.addSite(e, ci, exec, false)
				continue
			}
			for _, bs := range t.Body {
				bpath := append(append([]effect.Hop(nil), tpath...), effect.Hop{Pos: bs.Pos, Func: t.Function + "()"})
				if bs.Dynamic {
					e := &effect.Effect{Kind: effect.KindDBWrite, Op: effect.OpUnknown, Risk: effect.Unknown,
						Detail: "dynamic EXECUTE in trigger function " + t.Function + "()", Path: bpath}
					w.addSite(e, ci, exec, false)
					continue
				}
				for _, inner := range sqlclass.Classify(bs.SQL) {
					if inner.Op == sqlclass.None || inner.Op == sqlclass.Select {
						continue
					}
					if inner.Op == sqlclass.Call && inner.Function != "" && w.functionEffects(ci, inner, exec, bpath, depth+1, nil) {
						continue
					}
					e := &effect.Effect{Kind: sqlKind(inner.Op), Op: string(inner.Op), Target: inner.Table,
						Risk: sqlRisk(inner.Op), Detail: "in trigger " + t.Name, Path: bpath, By: effect.ByCode}
					jobKind(e, inner, nil)
					w.addSite(e, ci, exec, false)
					w.triggerEffects(ci, inner, exec, bpath, depth+1)
				}
			}
		}
	}
}

func sqlKind(op sqlclass.Op) string {
	switch op {
	case sqlclass.Select:
		return effect.KindDBRead
	}
	return effect.KindDBWrite
}

func sqlRisk(op sqlclass.Op) effect.Risk {
	switch op {
	case sqlclass.Insert, sqlclass.UpsertIncrement, sqlclass.UpdateIncrement:
		return effect.Medium
	case sqlclass.Call, sqlclass.Unknown, sqlclass.DDL:
		return effect.Unknown
	}
	return effect.Safe
}

// openFlags classifies os.OpenFile by its flag argument.
func openFlags(e *effect.Effect, v ssa.Value) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		e.Op, e.Risk, e.Detail = effect.OpUnknown, effect.Unknown, "open flags not constant"
		return
	}
	flags, _ := constant.Int64Val(c.Value)
	// The code under analysis was type-checked for this platform, so its
	// constants fold to this platform's flag values.
	if flags&int64(os.O_APPEND) != 0 {
		e.Op, e.Risk = effect.OpAppend, effect.Medium
		return
	}
	if flags&int64(os.O_WRONLY|os.O_RDWR) == 0 {
		e.Kind, e.Op, e.Risk = effect.KindFile, effect.OpRead, effect.Safe
		return
	}
	e.Op, e.Risk = effect.OpWrite, effect.Safe
}

// tagRuns marks the database writes the call itself made (sites from
// index n on whose path is just the call: not a hook's or a trigger's) as
// running the library's callback chains.
func (w *walker) tagRuns(ci ssa.CallInstruction, n int, runs []string) {
	hop := w.hop(ci)
	for _, s := range w.sites[n:] {
		e := s.Effect
		if e.Kind != effect.KindDBWrite || len(e.Path) != 1 || e.Path[0] != hop {
			continue
		}
		e.Runs = runs
		if e.Target != "" && slices.ContainsFunc(runs, func(r string) bool { return strings.Contains(r, "{table}") }) {
			e.Runs = make([]string, len(runs))
			for i, r := range runs {
				e.Runs[i] = strings.ReplaceAll(r, "{table}", e.Target)
			}
		}
	}
}

// isJobField reports whether v is the field f.Field of a value of the
// framework's job type f.Type (River's job.ID, job a *river.Job[T]: the
// job being worked), read through pointers and embedded fields. IDs from
// anywhere else (an insert result's *rivertype.JobRow, job arguments, a
// parameter) are not known to be the job's own.
func isJobField(v ssa.Value, f *models.JobField) bool {
	load, ok := ssavalue.Unconvert(v).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok || ssavalue.FieldName(fa) != f.Field {
		return false
	}
	x := fa.X
	for range 4 {
		if namedTypeIs(x.Type(), f.Type) {
			return true
		}
		// job.JobRow: the embedded *rivertype.JobRow the field is promoted from.
		l, ok := x.(*ssa.UnOp)
		if !ok || l.Op != token.MUL {
			return false
		}
		outer, ok := l.X.(*ssa.FieldAddr)
		if !ok {
			return false
		}
		x = outer.X
	}
	return false
}

// namedTypeIs reports whether t, or what it points to, is the named type
// path.Name (any instantiation of a generic one).
func namedTypeIs(t types.Type, name string) bool {
	n, ok := types.Unalias(ssavalue.Deref(t)).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	o := n.Origin().Obj()
	return o.Pkg().Path()+"."+o.Name() == name
}

// inertWriter reports whether the writer a call writes into (argument k,
// -1 the receiver) is, behind its interface, a value of one of the
// catalog's inert writer types: an *os.File (its open is the effect), a
// bytes.Buffer.
func (w *walker) inertWriter(k int, recv ssa.Value, args []ssa.Value) bool {
	var v ssa.Value
	switch {
	case k < 0:
		v = recv
	case k < len(args):
		v = args[k]
	}
	if v == nil {
		return false
	}
	if ci, ok := v.(*ssa.ChangeInterface); ok {
		v = ci.X // io.WriteString(h, s) with h a hash.Hash
	}
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		// A load of a package-level writer the catalog knows to be inert
		// (io.Copy(io.Discard, resp.Body), ioutil.Discard): its static
		// type is io.Writer, its value is set once by its package.
		if g, ok := ld.X.(*ssa.Global); ok {
			if obj, ok := g.Object().(*types.Var); ok && w.p.env.Index.InertWriterVar(obj) {
				return true
			}
		}
	}
	if types.IsInterface(v.Type()) && w.p.env.Index.InertWriter(v.Type()) {
		// An interface whose contract keeps writes in memory (hash.Hash:
		// "Write adds more data to the running hash"), whatever implements it.
		return true
	}
	mi, ok := v.(*ssa.MakeInterface)
	if !ok {
		return false
	}
	return w.p.env.Index.InertWriter(mi.X.Type())
}

// intConst is the value of an integer constant argument.
func intConst(v ssa.Value) (int64, bool) {
	c, ok := ssavalue.Unconvert(v).(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(c.Value)
}

// sqlBusinessKey sets DupFails on an SQL insert that a unique key of the
// migrations covers: a second delivery's insert fails on it. A key whose
// column is given a value new on every delivery (a uuid made here, a
// random or time source) is a fresh surrogate and says nothing: the next
// key is tried. When the one key left is filled from a parameter, the
// effect carries it (DupKey, FreshOnly) and each caller decides what it
// passes (resolveDupKey: a random argument makes it a surrogate again;
// a composite key's other columns filled from parameters ride along,
// Key.Also, and a fresh value for any of them makes the key new too); a
// stable one leaves the failure as it was, not a guard when a caller
// swallows it, unless every column of the key is bound from a parameter
// (Key.Payload) and the callers fill each from the job, none a constant:
// the row is then the job's own and a swallowed duplicate is success. With several keys left they are chained (Key.Else): a
// caller's fresh value for the first leaves the next to fail the insert.
func (w *walker) sqlBusinessKey(e *effect.Effect, st sqlclass.Stmt, params []ssa.Value, at ssa.Instruction) {
	w.businessKey(e, st, params, nil, at)
	w.sqlIDKey(e, st, params, at)
}

// businessKey is sqlBusinessKey with the values of every column read from
// rows, when not nil (a COPY's row source): one key for all the columns.
func (w *walker) businessKey(e *effect.Effect, st sqlclass.Stmt, params []ssa.Value, rows ssa.Value, at ssa.Instruction) {
	type candidate struct {
		u   triggers.Unique
		key *effect.Key
	}
	var rowKey *effect.Key
	if rows != nil {
		rowKey = w.keyFrom(rows, at)
	}
	var left []candidate
	for _, u := range w.p.env.Triggers.InsertKeys(st.Table, split(st.Columns)) {
		var key *effect.Key
		fresh := false
		if rowKey != nil {
			if rowKey.Random != "" {
				continue // the rows carry a value drawn anew
			}
			if rowKey.Param != 0 {
				k := *rowKey
				k.FreshOnly = true
				key = &k
			}
			left = append(left, candidate{u, key})
			continue
		}
		payload := true // every column filled from a parameter
		for _, col := range u.Columns {
			n := st.ColumnParam(col)
			if n <= 0 || n > len(params) || params[n-1] == nil {
				payload = false
				continue
			}
			k := w.keyFrom(params[n-1], at)
			if k.Random != "" || w.freshID(params[n-1]) != "" {
				fresh = true
				break
			}
			if k.Param != 0 {
				// Every column filled from a parameter: a caller's fresh
				// value for any one makes the key new (Key.Also).
				k.FreshOnly = true
				k.Field = paramField(params[n-1])
				if key == nil {
					key = k
				} else {
					key.Also = append(key.Also, effect.Key{Param: k.Param, Field: k.Field, FreshOnly: true})
				}
			} else {
				payload = false
			}
		}
		if key != nil && payload {
			// The whole key is what the callers pass: theirs to trace to
			// the job (resolveKeyChain), not a value made here.
			key.Payload = true
		}
		if !fresh {
			left = append(left, candidate{u, key})
		}
	}
	if len(left) == 0 {
		return
	}
	// The keys chained: where a caller passes a fresh value for one, the
	// next decides (resolveKeyChain).
	var chain *effect.Key
	chainFails := ""
	for i := len(left) - 1; i >= 0; i-- {
		k := left[i].key
		if k == nil {
			k = &effect.Key{FreshOnly: true} // stable here
		}
		if chain != nil && k.Param != 0 {
			k.Else, k.ElseFails = chain, chainFails
		}
		chain, chainFails = k, "a second insert of the row violates the "+left[i].u.String()
	}
	e.DupFails = chainFails
	if chain.Param != 0 {
		e.DupKey = chain
	}
}

// paramField is the name of the field of a struct parameter that v loads
// (a.CMSID, also boxed into an interface), or "".
func paramField(v ssa.Value) string {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	switch x := v.(type) {
	case *ssa.Field:
		if _, ok := x.X.(*ssa.Parameter); ok {
			return ssavalue.FieldAt(x.X.Type(), x.Field)
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			if _, ok := spilledParam(fa.X).(*ssa.Parameter); ok {
				return ssavalue.FieldName(fa)
			}
		}
	}
	return ""
}
