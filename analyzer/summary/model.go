package summary

import (
	"go/constant"
	"go/types"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// model applies a library model to a call. recv is the receiver (nil for
// functions), args exclude it, as model indexes do.
func (w *walker) model(ci ssa.CallInstruction, m *models.Model, recv ssa.Value, args []ssa.Value) {
	if m.None {
		return
	}
	if len(m.Runs) > 0 {
		defer w.tagRuns(ci, len(w.sites), m.Runs)
	}
	arg := func(p *int) ssa.Value {
		if p == nil || *p < 0 || *p >= len(args) {
			return nil
		}
		return args[*p]
	}
	exec := recv
	if m.Exec != nil {
		exec = arg(m.Exec)
	}
	for _, k := range m.Calls {
		if k >= len(args) {
			continue
		}
		var tx ssa.Value
		if m.TxCallback != nil && *m.TxCallback == k {
			tx = ci.Value()
			if tx == nil {
				tx = args[k]
			}
		}
		w.callValue(ci, args[k], tx)
	}
	atMostOnce := m.AtMostOnce || (m.AtMostOnceIf != nil && ssavalue.IsTrue(arg(m.AtMostOnceIf)))
	if m.Ack || atMostOnce {
		op := "ack"
		if atMostOnce {
			op = "receive-commit"
		}
		w.addSite(&effect.Effect{Kind: effect.KindAck, Op: op, Risk: effect.Safe, Path: []effect.Hop{w.hop(ci)}}, ci, nil, true)
	}
	if m.Complete {
		e := &effect.Effect{Kind: effect.KindDBWrite, Op: effect.OpComplete, Target: "job", Risk: effect.Safe,
			Detail: "completes the job in this transaction", Path: []effect.Hop{w.hop(ci)}}
		w.addSite(e, ci, exec, true)
		return
	}
	if m.SQL != nil {
		w.sql(ci, *m.SQL, arg(m.SQL), exec)
		return
	}
	if m.Kind == "" && !m.Claim {
		return // begin, callbacks only
	}
	risk, _ := effect.ParseRisk(m.Risk)
	if m.Risk == "" {
		risk = effect.Unknown
	}
	e := &effect.Effect{Kind: m.Kind, Op: m.Op, Target: m.Target, Risk: risk, Detail: m.Detail,
		Path: []effect.Hop{w.hop(ci)}}
	if v := arg(m.TargetArg); v != nil {
		if t := constTarget(v); t != "" {
			e.Target = t
		}
		if m.Kind == effect.KindHTTP {
			e.Target = urlHost([]ssa.Value{v}, 0)
		}
	}
	if m.Request != nil {
		w.httpRequest(e, arg(m.Request))
	}
	if m.Method != "" {
		e.Op = strings.ToLower(m.Method)
	}
	if m.OpenFlags != nil {
		openFlags(e, arg(m.OpenFlags))
	}
	if m.Params != nil {
		e.Key = w.paramsKey(arg(m.Params))
	}
	if m.KeyField != nil {
		if k := w.fieldKey(arg(&m.KeyField.Arg), m.KeyField.Field); k != nil {
			e.Key = k
		}
	}
	if len(m.KeyOption) > 0 {
		if k := w.optionKey(args, m.KeyOption); k != nil {
			e.Key = k
		}
	}
	if e.Key != nil && m.KeyNote != "" {
		e.Detail = joinText(e.Detail, m.KeyNote)
	}
	if m.TargetType != nil {
		if v := arg(m.TargetType); v != nil {
			if t := tableOf(normalize(v).Type()); t != "" {
				e.Target = t
			}
		}
	}
	if m.ReceiverSuffix != "" && recv != nil {
		// Generated builders are named after the entity: UserCreate → users.
		if n, ok := types.Unalias(derefType(recv.Type())).(*types.Named); ok {
			e.Target = pluralSnake(strings.TrimSuffix(n.Obj().Name(), m.ReceiverSuffix))
		}
	}
	if m.Document != nil {
		if v := arg(m.Document); v != nil {
			e.Op, e.Risk, e.Detail = documentOp(v)
		}
	}
	if m.Fragment != nil {
		if inc, found := fragmentIncrements(m.Fragment, args); found && inc {
			e.Op, e.Risk, e.Detail = string(sqlclass.UpdateIncrement), effect.Medium, "assigns a self-referencing SQL expression"
		}
	}
	var ch chainResult
	if len(m.Chain) > 0 && recv != nil {
		ch = w.chain(m, recv)
		if m.Exec == nil && ch.root != nil {
			exec = ch.root // the builder's root handle (a *gorm.DB transaction)
		}
		if ch.op != "" {
			e.Op = ch.op
			if r, ok := effect.ParseRisk(ch.risk); ok {
				e.Risk = r
			}
		}
		if ch.increment {
			op := sqlclass.UpdateIncrement
			if strings.HasPrefix(e.Op, "upsert") {
				op = sqlclass.UpsertIncrement
			}
			e.Op, e.Risk, e.Detail = string(op), effect.Medium, "assigns a self-referencing SQL expression"
		}
		if ch.table != "" {
			e.Target = ch.table
		} else if ch.model != nil {
			if t := tableOf(normalize(ch.model).Type()); t != "" {
				e.Target = t
			}
		}
	}
	if len(m.Hooks) > 0 && !ch.noHooks {
		model := ch.model
		if model == nil && m.TargetType != nil {
			model = arg(m.TargetType)
		}
		if model != nil {
			defer w.hooks(ci, m.Hooks, model)
		}
	}
	claim := m.Claim
	if cw := m.ClaimWhen; cw != nil && cw.Arg < len(args) && ssavalue.FieldConst(args[cw.Arg], cw.Field) == cw.Equals {
		claim = true
	}
	if claim {
		e.Op = effect.OpClaim
		if m.Key != nil {
			e.ClaimKey = w.p.text.argText(ci.Pos(), *m.Key)
		}
	}
	w.addSite(e, ci, exec, true)
	site := w.sites[len(w.sites)-1]
	if m.Claim && len(m.DuplicateError) > 0 {
		site.DupErrors = m.DuplicateError
	}
	if len(ch.dupErrors) > 0 && e.Op == effect.OpClaim {
		site.DupErrors = ch.dupErrors
	}
	if e.Kind == effect.KindDBWrite && e.Target != "" {
		// An ORM write on a table with triggers fires them like SQL does.
		w.triggerEffects(ci, sqlclass.Stmt{Op: sqlclass.Op(e.Op), Table: e.Target}, exec, []effect.Hop{w.hop(ci)}, 0)
	}
}

// sql classifies the SQL argument of an executor call.
func (w *walker) sql(ci ssa.CallInstruction, argIndex int, v ssa.Value, exec ssa.Value) {
	hop := w.hop(ci)
	texts := stringValues(v)
	if len(texts) == 0 {
		e := &effect.Effect{Kind: effect.KindDBWrite, Op: effect.OpUnknown, Risk: effect.Unknown,
			Detail: "SQL text built at run time", Path: []effect.Hop{hop}}
		w.addSite(e, ci, exec, true)
		return
	}
	for _, text := range texts {
		for _, st := range sqlclass.Classify(text) {
			e := &effect.Effect{
				Kind:      sqlKind(st.Op),
				Op:        string(st.Op),
				Target:    st.Table,
				Risk:      sqlRisk(st.Op),
				Detail:    st.Detail,
				Returning: st.Returning,
				Path:      []effect.Hop{hop},
			}
			if e.Detail == e.Op {
				e.Detail = ""
			}
			if strings.Contains(e.Target, dynamic) {
				e.Target = ""
				e.Detail = strings.TrimSpace(e.Detail + " (table chosen at run time)")
			}
			if st.Op == sqlclass.Claim {
				e.ClaimKey = w.p.text.argText(ci.Pos(), argIndex+1)
			}
			if st.Op == sqlclass.None {
				continue
			}
			w.addSite(e, ci, exec, true)
			w.triggerEffects(ci, st, exec, []effect.Hop{hop}, 0)
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
	for _, event := range triggerEvents[st.Op] {
		for _, t := range w.p.env.Triggers.On(st.Table, event) {
			if seen[t] {
				continue
			}
			seen[t] = true
			tpath := append(append([]effect.Hop(nil), path...), effect.Hop{Pos: t.Pos, Func: "trigger " + t.Name + " on " + t.Table})
			if len(t.Body) == 0 {
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
					e := &effect.Effect{Kind: sqlKind(inner.Op), Op: string(inner.Op), Target: inner.Table,
						Risk: sqlRisk(inner.Op), Detail: "in trigger " + t.Name, Path: bpath}
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
	case sqlclass.Insert, sqlclass.UpsertIncrement, sqlclass.UpdateIncrement, sqlclass.Nextval, sqlclass.Notify:
		return effect.Medium
	case sqlclass.Call, sqlclass.Unknown, sqlclass.DDL:
		return effect.Unknown
	}
	return effect.Safe
}

// httpRequest sets an http effect's operation and risk from the method the
// request was built with, and its key from an Idempotency-Key header.
func (w *walker) httpRequest(e *effect.Effect, req ssa.Value) {
	method, url := requestOrigin(req)
	e.Op = strings.ToLower(method)
	switch e.Op {
	case "post", "patch", "put", "delete":
		// An outbound write to another party: the design rates it high
		// whatever HTTP says about PUT and DELETE, because the server on
		// the other side decides whether a repeat is harmless.
		e.Risk = effect.High
	case "get", "head", "options":
		e.Risk = effect.Safe
	default:
		e.Op = effect.OpUnknown
		e.Risk = effect.Unknown
		e.Detail = "request method not known statically"
	}
	if url != "" {
		e.Target = url
	}
	if k := w.headerKey(req); k != nil {
		e.Key = k
	}
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
