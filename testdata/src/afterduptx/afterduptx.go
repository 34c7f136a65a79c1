// Package afterduptx imports a file behind a store interface (bcda's
// bene-prefs): the file's row, unique by name (sb_files, the declared
// fixture's migrations), inserted with RETURNING through the querier
// interface that the repository embeds and that a *DB and a *Tx wrapper
// both implement, then one insert per record through the same querier.
// The whole program resolves the store's calls; a redelivery fails at the
// file's insert (duplicate-as-error) and never reaches the records, but
// the records commit apart from the file's row: a delivery that crashes
// between them loses them for good (guard-separate-tx, not guarded, not
// unguarded). The querier's two implementations do not keep the file's
// insert from being the create: its SQL fails on a duplicate whichever
// runs it. A record made before the file's row repeats (near miss).
package afterduptx

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Querier is what the repository runs its SQL on.
type Querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// DB and Tx wrap the pool and a transaction.
type DB struct{ DB *sql.DB }

func (d *DB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return d.DB.QueryRowContext(ctx, query, args...)
}

func (d *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return d.DB.ExecContext(ctx, query, args...)
}

type Tx struct{ Tx *sql.Tx }

func (t *Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return t.Tx.QueryRowContext(ctx, query, args...)
}

func (t *Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return t.Tx.ExecContext(ctx, query, args...)
}

// Repository runs on whichever querier it is given.
type Repository struct{ Querier }

func (r *Repository) CreateFile(ctx context.Context, name string) (int, error) {
	var id int
	if err := r.QueryRowContext(ctx, "insert into sb_files (name, status) values ($1, 'new') returning id", name).Scan(&id); err != nil { // want `^guard-separate-tx: the insert into sb_files`
		return 0, err
	}
	return id, nil
}

func (r *Repository) CreateRecord(ctx context.Context, file int, mbi string) error {
	_, err := r.ExecContext(ctx, "insert into sb_records (file_id, mbi) values ($1, $2)", file, mbi)
	return err
}

// Recipe is a row the repository returns; RecipeParams what it is given.
type Recipe struct{ ID, Name string }

type RecipeParams struct{ ID, Name string }

func (r *Repository) CreateRecipe(ctx context.Context, p RecipeParams) (Recipe, error) {
	var out Recipe
	err := r.QueryRowContext(ctx, "insert into sb_recipes (id, name) values ($1, $2) returning id, name", p.ID, p.Name).Scan(&out.ID, &out.Name)
	return out, err
}

func (r *Repository) CreatePart(ctx context.Context, recipeID string, n int) error {
	_, err := r.ExecContext(ctx, "insert into sb_parts (recipe_id, n) values ($1, $2)", recipeID, n)
	return err
}

// UUID is a uuid held as a struct (pgtype.UUID's shape): not a string,
// still a key.
type UUID struct {
	Bytes [16]byte
	Valid bool
}

func parseUUID(s string) UUID {
	var u UUID
	copy(u.Bytes[:], s)
	u.Valid = s != ""
	return u
}

// RecipeU is a row the repository returns; RecipeUParams what it is given.
type RecipeU struct{ ID UUID }

type RecipeUParams struct {
	ID   UUID
	Name string
}

// PartUParams fills sb_parts2, unique by (n, recipe_id): both columns
// fields of the one struct argument.
type PartUParams struct {
	N        int32
	RecipeID UUID
	Name     string
}

func (r *Repository) CreateRecipeU(ctx context.Context, p RecipeUParams) (RecipeU, error) {
	var out RecipeU
	err := r.QueryRowContext(ctx, "insert into sb_recipes2 (id, name) values ($1, $2) returning id", p.ID, p.Name).Scan(&out.ID)
	return out, err
}

func (r *Repository) CreatePartU(ctx context.Context, p PartUParams) error {
	_, err := r.ExecContext(ctx, "insert into sb_parts2 (n, recipe_id, name) values ($1, $2, $3)", p.N, p.RecipeID, p.Name) // want `^guard-separate-tx: the insert into sb_parts2`
	return err
}

// Store is the repository as the importer sees it.
type Store interface {
	CreateFile(ctx context.Context, name string) (int, error)
	CreateRecord(ctx context.Context, file int, mbi string) error
	CreateRecipe(ctx context.Context, p RecipeParams) (Recipe, error)
	CreatePart(ctx context.Context, recipeID string, n int) error
	CreateRecipeU(ctx context.Context, p RecipeUParams) (RecipeU, error)
	CreatePartU(ctx context.Context, p PartUParams) error
}

type Importer struct{ Store Store }

func (im *Importer) importFile(ctx context.Context, name string, lines []byte) error {
	id, err := im.Store.CreateFile(ctx, name)
	if err != nil {
		return err
	}
	for _, b := range lines {
		if err := im.Store.CreateRecord(ctx, id, string(b)); err != nil {
			return err
		}
	}
	return nil
}

// Import: the file's row, then its records.
func (im *Importer) Import(ctx context.Context, t *asynq.Task) error { // want `^duplicate-as-error: a second delivery's insert into sb_files \(medium\)`
	return im.importFile(ctx, t.Type(), t.Payload())
}

// RecordFirst records a line before the file's row: it repeats.
func (im *Importer) RecordFirst(ctx context.Context, t *asynq.Task) error { // want `^duplicate-as-error: a second delivery's insert into sb_files \(medium\)` `^unguarded: .*twice: insert into sb_records \(medium\) at`
	if err := im.Store.CreateRecord(ctx, 0, t.Type()); err != nil {
		return err
	}
	_, err := im.Store.CreateFile(ctx, t.Type())
	return err
}

// SaveRecipe (socialchef's recipe parts): the part is unique by
// (recipe_id, n), its recipe_id the id of the recipe the create returns,
// which it was given as a new uuid: a redelivery's part goes under a new
// recipe, nothing fails on a duplicate, and the record after it is not
// kept from a redelivery: all repeat (unguarded).
func (im *Importer) SaveRecipe(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into sb_records \(medium\) at`
	r, err := im.Store.CreateRecipe(ctx, RecipeParams{ID: uuid.NewString(), Name: t.Type()})
	if err != nil {
		return err
	}
	if err := im.Store.CreatePart(ctx, r.ID, 1); err != nil {
		return err
	}
	return im.Store.CreateRecord(ctx, 1, t.Type())
}

// SaveRecipeParts (socialchef's recipe parts, their params a struct): the
// part is unique by (n, recipe_id); n is the same on a redelivery, but
// recipe_id is the id of the row the create returns, given a new uuid:
// one fresh column makes the whole key new, the part's insert fails on
// nothing and guards nothing: all repeat (unguarded).
func (im *Importer) SaveRecipeParts(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into sb_records \(medium\) at`
	r, err := im.Store.CreateRecipeU(ctx, RecipeUParams{ID: parseUUID(uuid.NewString()), Name: t.Type()})
	if err != nil {
		return err
	}
	if err := im.Store.CreatePartU(ctx, PartUParams{N: 1, RecipeID: r.ID, Name: t.Type()}); err != nil {
		return err
	}
	return im.Store.CreateRecord(ctx, 1, t.Type())
}

// SavePartsKeyed (near miss): every column of the part's key is the same
// on a redelivery (n a constant, recipe_id the task's): its insert fails
// on the key and keeps a redelivery from the record, which commits apart
// (duplicate-as-error, guard-separate-tx).
func (im *Importer) SavePartsKeyed(ctx context.Context, t *asynq.Task) error { // want `^duplicate-as-error: a second delivery's insert into sb_parts2 \(medium\)`
	if err := im.Store.CreatePartU(ctx, PartUParams{N: 1, RecipeID: parseUUID(t.Type()), Name: t.Type()}); err != nil {
		return err
	}
	return im.Store.CreateRecord(ctx, 1, t.Type())
}

func Main(db *sql.DB, tx *sql.Tx) {
	im := &Importer{Store: &Repository{Querier: &DB{DB: db}}}
	other := &Repository{Querier: &Tx{Tx: tx}}
	_, _ = other.CreateFile(context.Background(), "x")
	mux := asynq.NewServeMux()
	mux.HandleFunc("import", im.Import)
	mux.HandleFunc("record-first", im.RecordFirst)
	mux.HandleFunc("save-recipe", im.SaveRecipe)
	mux.HandleFunc("save-recipe-parts", im.SaveRecipeParts)
	mux.HandleFunc("save-parts-keyed", im.SavePartsKeyed)
}
