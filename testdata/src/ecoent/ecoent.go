// Package ecoent covers ent's generated builders (entexample/ent, in the
// shape entc generates with the sql/upsert feature): create, bulk create,
// upserts (DoNothing claim, UpdateNewValues, AddX increment), updates
// (set, AddX increment), deletes and queries, on a client and in a
// transaction.
package ecoent

import (
	"context"
	"database/sql"
	"errors"

	"github.com/hibiken/asynq"

	"entexample/ent"
)

type Deps struct{ Client *ent.Client }

func (d *Deps) SignUp(ctx context.Context, t *asynq.Task) error { // want SignUp:`^effects: db_write/insert users$` `unguarded: handler \(\*ecoent.Deps\).SignUp .*insert into users \(medium\)`
	_, err := d.Client.User.Create().SetName(t.Type()).SetBalance(0).Save(ctx)
	return err
}

func (d *Deps) Import(ctx context.Context, t *asynq.Task) error { // want Import:`^effects: db_write/insert users$` `unguarded: handler \(\*ecoent.Deps\).Import .*insert into users \(medium\)`
	return d.Client.User.CreateBulk(
		d.Client.User.Create().SetName("a"),
		d.Client.User.Create().SetName("b"),
	).Exec(ctx)
}

func (d *Deps) Credit(ctx context.Context, t *asynq.Task) error { // want Credit:`^effects: db_write/update-increment users$` `unguarded: handler \(\*ecoent.Deps\).Credit .*update-increment of users \(medium\)`
	return d.Client.User.UpdateOneID(1).AddBalance(10).Exec(ctx)
}

func (d *Deps) SetBalance(ctx context.Context, t *asynq.Task) error { // want SetBalance:`^effects: db_write/update-set users$`
	_, err := d.Client.User.Update().SetBalance(100).Save(ctx)
	return err
}

func (d *Deps) Remove(ctx context.Context, t *asynq.Task) error { // want Remove:`^effects: db_write/delete users; db_write/delete users$`
	_, err := d.Client.User.Delete().Exec(ctx)
	if err != nil {
		return err
	}
	return d.Client.User.DeleteOneID(1).Exec(ctx)
}

func (d *Deps) Count(ctx context.Context, t *asynq.Task) error { // want Count:`^effects: db_read/select users$`
	_, err := d.Client.User.Query().Count(ctx)
	return err
}

func (d *Deps) UpsertSet(ctx context.Context, t *asynq.Task) error { // want UpsertSet:`^effects: db_write/upsert-set users$`
	return d.Client.User.Create().SetName(t.Type()).SetBalance(5).OnConflictColumns("name").UpdateNewValues().Exec(ctx)
}

func (d *Deps) UpsertAdd(ctx context.Context, t *asynq.Task) error { // want UpsertAdd:`^effects: db_write/upsert-increment users$` `unguarded: handler \(\*ecoent.Deps\).UpsertAdd .*upsert-increment of users \(medium\)`
	return d.Client.User.Create().SetName(t.Type()).SetBalance(5).OnConflictColumns("name").AddBalance(5).Exec(ctx)
}

// Guarded claims with OnConflict…DoNothing in an ent transaction and
// credits in it: a duplicate makes the claim return sql.ErrNoRows. The
// claim and the credit run on tx.User, the transaction's client.
func (d *Deps) Guarded(ctx context.Context, t *asynq.Task) error { // want Guarded:`^effects: db_write/update-increment users guarded=processed_jobs; db_write/claim users$`
	tx, err := d.Client.Tx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	_, err = tx.User.Create().SetName("job:" + t.Type()).OnConflictColumns("name").DoNothing().ID(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := tx.User.UpdateOneID(1).AddBalance(10).Exec(ctx); err != nil {
		return err
	}
	return tx.Commit()
}

// UpsertClosure increments in an Update(func(*UserUpsert)) closure.
// Correct: db_write/upsert-increment users (medium), reported unguarded.
// TODO(engine): chain rules look at the calls on the builder chain, not
// inside the closure given to Update, so AddBalance there is not seen and
// the upsert is upsert-set (safe).
func (d *Deps) UpsertClosure(ctx context.Context, t *asynq.Task) error { // want UpsertClosure:`^effects: db_write/upsert-set users$`
	return d.Client.User.Create().SetName(t.Type()).OnConflictColumns("name").
		Update(func(u *ent.UserUpsert) { u.AddBalance(1) }).
		Exec(ctx)
}
