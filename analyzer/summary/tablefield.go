package summary

import (
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// The table an item store's call names by a field of its input
// (models.Model.Table: DynamoDB's TableName) is its effect's target, as
// an SQL statement's table is: a read of the table whose answer lets the
// work run and a later plain write of it then pair as the check and the
// record of check-then-act (guard.checkThenAct), whatever the store. A
// call made through an interface the whole program resolves only later
// (a store's client interface mirroring the SDK's) hands on the tables
// its struct arguments name (Effect.TableArgs), for the model of the
// method it resolves to (tableThrough).

// table (table): the table the model's field names, when it is told
// here; otherwise the model's target stays.
func (c *modelCall) table() {
	t := c.m.Table
	if t == nil {
		return
	}
	c.e.Items = true
	if name := ssavalue.FieldTable(c.arg(&t.Arg), t.Field); name != "" {
		c.e.Target = name
	}
}

// tableArgs are, for the struct arguments of a call through an
// interface, the tables they name in the fields a model reads its table
// from (models.Index.TableFields), keyed by tableArgKey.
func (w *walker) tableArgs(args []ssa.Value) []effect.ArgVal {
	fields := w.p.env.Index.TableFields()
	if len(fields) == 0 {
		return nil
	}
	var out []effect.ArgVal
	for i, a := range args {
		if structOf(a.Type()) == nil {
			continue
		}
		for _, f := range fields {
			if name := ssavalue.FieldTable(a, f); name != "" {
				out = append(out, effect.ArgVal{Key: tableArgKey(i, f), Val: name})
			}
		}
	}
	return out
}

// tableArgKey keys the table field field of argument arg (0-based,
// receiver excluded, as model indexes count): "2.TableName", the
// argument 1-based with the receiver first.
func tableArgKey(arg int, field string) string { return strconv.Itoa(arg+2) + "." + field }

// tableThrough makes the target of e, the effect of model m that the
// dynamic call call resolved to, the table call's arguments name in the
// model's table field.
func tableThrough(call *effect.Effect, m *models.Model, e *effect.Effect) {
	if m.Table == nil {
		return
	}
	e.Items = true
	key := tableArgKey(m.Table.Arg, m.Table.Field)
	for _, a := range call.TableArgs {
		if a.Key == key {
			e.Target = a.Val
			return
		}
	}
}
