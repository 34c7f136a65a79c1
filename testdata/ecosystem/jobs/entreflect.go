package jobs

import (
	"context"
	"reflect"

	"github.com/hibiken/asynq"

	"example.com/ecosystem/ent/customer"
)

// applyWhere calls a query builder's Where through reflection, as a
// generic helper does for every entity (flexprice's dsl.ApplyFilters[T]).
func applyWhere[T any, P any](q T, preds ...P) T {
	args := make([]reflect.Value, len(preds))
	for i, p := range preds {
		args[i] = reflect.ValueOf(p)
	}
	res := reflect.ValueOf(q).MethodByName("Where").Call(args)
	if len(res) > 0 {
		q = res[0].Interface().(T)
	}
	return q
}

// EntReflectList filters the customers through applyWhere, whose
// reflective call the whole program resolves to ent's
// (*CustomerQuery).Where in this instantiation, then reads them: safe.
func (d *Deps) EntReflectList(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	q := applyWhere(d.Ent.Customer.Query(), customer.EmailEQ(p.Email))
	_, err := q.All(ctx)
	return err
}

// EntReflectNamed calls the method the payload names: unknown.
func (d *Deps) EntReflectNamed(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	reflect.ValueOf(d.Ent.Customer.Query()).MethodByName(p.Email).Call(nil)
	return nil
}
