package jobs

import (
	"context"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
)

// A composite unique key is new on each delivery when any one of its
// columns is (socialchef's recipe parts): pf_parts is unique by
// (display_order, recipe_id), recipe_id a pgx v5 pgtype.UUID (a struct)
// taken from the row the recipe's create returns, which was given a new
// uuid. A redelivery's part goes under a new recipe and fails on nothing:
// it guards nothing, and the step after it repeats (unguarded, no
// duplicate-as-error, no guard-separate-tx). The near miss gives the part
// the payload's recipe id: every column the same on a redelivery, the
// part's insert fails on the key before the step, which commits apart
// (duplicate-as-error, guard-separate-tx).

// PartsStore is the repository as the handlers see it (sqlc-shaped).
type PartsStore interface {
	CreateRecipe(ctx context.Context, arg PfRecipeParams) (PfRecipe, error)
	CreatePart(ctx context.Context, arg PfPartParams) error
	CreateStep(ctx context.Context, recipeID pgtype.UUID, n int32) error
}

// PfRecipe is the row the create returns; PfRecipeParams what it is given.
type PfRecipe struct {
	ID   pgtype.UUID
	Name string
}

type PfRecipeParams struct {
	ID   pgtype.UUID
	Name string
}

// PfPartParams fills pf_parts.
type PfPartParams struct {
	DisplayOrder int32
	RecipeID     pgtype.UUID
	Name         string
}

// PgParts runs on the pool.
type PgParts struct{ Pool *pgxpool.Pool }

func (s *PgParts) CreateRecipe(ctx context.Context, arg PfRecipeParams) (PfRecipe, error) {
	var r PfRecipe
	err := s.Pool.QueryRow(ctx, "insert into pf_recipes (id, name) values ($1, $2) returning id, name", arg.ID, arg.Name).Scan(&r.ID, &r.Name)
	return r, err
}

func (s *PgParts) CreatePart(ctx context.Context, arg PfPartParams) error {
	_, err := s.Pool.Exec(ctx, "insert into pf_parts (display_order, recipe_id, name) values ($1, $2, $3)", arg.DisplayOrder, arg.RecipeID, arg.Name)
	return err
}

func (s *PgParts) CreateStep(ctx context.Context, recipeID pgtype.UUID, n int32) error {
	_, err := s.Pool.Exec(ctx, "insert into pf_steps (recipe_id, n) values ($1, $2)", recipeID, n)
	return err
}

// PartsDeps is the store, wired in cmd/worker.
type PartsDeps struct{ Store PartsStore }

func pfUUID(s string) pgtype.UUID {
	var u pgtype.UUID
	if err := u.Scan(s); err != nil {
		return pgtype.UUID{}
	}
	return u
}

// PartsFresh: the part's recipe_id is new on each delivery.
func (d *PartsDeps) PartsFresh(ctx context.Context, t *asynq.Task) error {
	r, err := d.Store.CreateRecipe(ctx, PfRecipeParams{ID: pfUUID(uuid.New().String()), Name: t.Type()})
	if err != nil {
		return err
	}
	if err := d.Store.CreatePart(ctx, PfPartParams{DisplayOrder: 0, RecipeID: r.ID, Name: t.Type()}); err != nil {
		return err
	}
	return d.Store.CreateStep(ctx, r.ID, 1)
}

// PartsKeyed (near miss): the part's recipe_id is the payload's.
func (d *PartsDeps) PartsKeyed(ctx context.Context, t *asynq.Task) error {
	id := pfUUID(string(t.Payload()))
	if err := d.Store.CreatePart(ctx, PfPartParams{DisplayOrder: 0, RecipeID: id, Name: t.Type()}); err != nil {
		return err
	}
	return d.Store.CreateStep(ctx, id, 1)
}

// RegisterParts registers the recipe-part handlers.
func RegisterParts(mux *asynq.ServeMux, d *PartsDeps) {
	mux.HandleFunc("parts:fresh", d.PartsFresh)
	mux.HandleFunc("parts:keyed", d.PartsKeyed)
}
