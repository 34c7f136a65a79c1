package sqlbuildfix

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// A key taken from the row a create returns is as new on each delivery
// as what the create was given (socialchef's recipe parts, unique by
// (recipe_id, display_order), under a recipe given a new uuid): a
// second delivery's part goes under another recipe and fails on nothing.

type recipe struct {
	ID   string
	Name string
}

type recipeParams struct {
	ID   string
	Name string
}

func createRecipe(ctx context.Context, db *sql.DB, p recipeParams) (recipe, error) { // want createRecipe:`^effects: db_write/insert sb_recipes @p1$`
	var r recipe
	err := db.QueryRowContext(ctx, "insert into sb_recipes (id, name) values ($1, $2) returning id, name", p.ID, p.Name).Scan(&r.ID, &r.Name)
	return r, err
}

func createPart(ctx context.Context, db *sql.DB, recipeID string, n int) error { // want createPart:`^effects: db_write/insert sb_parts @p1$`
	_, err := db.ExecContext(ctx, "insert into sb_parts (recipe_id, n) values ($1, $2)", recipeID, n)
	return err
}

// SaveRecipe: the part's recipe_id is the id of the recipe the create
// returns, which it was given as a new uuid: the part repeats.
func (d *Deps) SaveRecipe(ctx context.Context, t *asynq.Task) error { // want SaveRecipe:`^effects: db_write/insert sb_recipes; db_write/insert sb_parts$` `unguarded: handler \(\*sqlbuildfix.Deps\).SaveRecipe`
	r, err := createRecipe(ctx, d.DB, recipeParams{ID: uuid.NewString(), Name: t.Type()})
	if err != nil {
		return err
	}
	return createPart(ctx, d.DB, r.ID, 1)
}

// SavePartKeyed (near miss): the part's recipe_id is the task's: the
// same on a redelivery, whose insert fails on the key (the recipe, given
// a new uuid, repeats).
func (d *Deps) SavePartKeyed(ctx context.Context, t *asynq.Task) error { // want SavePartKeyed:`^effects: db_write/insert sb_recipes; db_write/insert sb_parts$` `unguarded: handler \(\*sqlbuildfix.Deps\).SavePartKeyed .*insert into sb_recipes` `duplicate-as-error: a second delivery's insert into sb_parts \(medium\)`
	if _, err := createRecipe(ctx, d.DB, recipeParams{ID: uuid.NewString(), Name: t.Type()}); err != nil {
		return err
	}
	return createPart(ctx, d.DB, t.Type(), 1)
}
