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

// A composite key is new when any one of its columns is: sb_parts2 is
// unique by (n, recipe_id), the stable column first; recipe_id, a uuid
// held as a struct (pgtype.UUID's shape), is the id of the row the
// create returns.

type structUUID struct {
	Bytes [16]byte
	Valid bool
}

func toUUID(s string) structUUID { // want toUUID:`^no effects$`
	var u structUUID
	copy(u.Bytes[:], s)
	u.Valid = s != ""
	return u
}

type recipeU struct{ ID structUUID }

type recipeUParams struct {
	ID   structUUID
	Name string
}

type partUParams struct {
	N        int32
	RecipeID structUUID
	Name     string
}

func createRecipeU(ctx context.Context, db *sql.DB, p recipeUParams) (recipeU, error) { // want createRecipeU:`^effects: db_write/insert sb_recipes2 @p1$`
	var r recipeU
	err := db.QueryRowContext(ctx, "insert into sb_recipes2 (id, name) values ($1, $2) returning id", p.ID, p.Name).Scan(&r.ID)
	return r, err
}

func createPartU(ctx context.Context, db *sql.DB, p partUParams) error { // want createPartU:`^effects: db_write/insert sb_parts2 @p1$`
	_, err := db.ExecContext(ctx, "insert into sb_parts2 (n, recipe_id, name) values ($1, $2, $3)", p.N, p.RecipeID, p.Name)
	return err
}

// SaveRecipeU: n is the same on a redelivery, recipe_id new (the id of
// the recipe given a new uuid): the part's key is new, the part repeats.
func (d *Deps) SaveRecipeU(ctx context.Context, t *asynq.Task) error { // want SaveRecipeU:`^effects: db_write/insert sb_recipes2; db_write/insert sb_parts2$` `unguarded: handler \(\*sqlbuildfix.Deps\).SaveRecipeU`
	r, err := createRecipeU(ctx, d.DB, recipeUParams{ID: toUUID(uuid.NewString()), Name: t.Type()})
	if err != nil {
		return err
	}
	return createPartU(ctx, d.DB, partUParams{N: 1, RecipeID: r.ID, Name: t.Type()})
}

// SavePartUKeyed (near miss): both columns are the same on a redelivery
// (n a constant, recipe_id the task's): its insert fails on the key.
func (d *Deps) SavePartUKeyed(ctx context.Context, t *asynq.Task) error { // want SavePartUKeyed:`^effects: db_write/insert sb_recipes2; db_write/insert sb_parts2$` `unguarded: handler \(\*sqlbuildfix.Deps\).SavePartUKeyed .*insert into sb_recipes2` `duplicate-as-error: a second delivery's insert into sb_parts2 \(medium\)`
	if _, err := createRecipeU(ctx, d.DB, recipeUParams{ID: toUUID(uuid.NewString()), Name: t.Type()}); err != nil {
		return err
	}
	return createPartU(ctx, d.DB, partUParams{N: 1, RecipeID: toUUID(t.Type()), Name: t.Type()})
}
