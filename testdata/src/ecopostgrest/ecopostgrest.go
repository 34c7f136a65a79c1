// Package ecopostgrest covers github.com/supabase/postgrest-go (and
// supabase-go's Client, which hands out its QueryBuilder): the one
// Execute of every query is decided by the builder call before it
// (Insert with upsert false or true, Upsert, Update, Delete, Select) and
// its table by From.
package ecopostgrest

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/supabase-community/supabase-go"
	postgrest "github.com/supabase/postgrest-go"
)

type Deps struct {
	SB   *supabase.Client
	Rest *postgrest.Client
}

// Status appends a row per call (PostgREST insert, upsert false).
func (d *Deps) Status(ctx context.Context, t *asynq.Task) error { // want Status:`^effects: db_write/insert scraping_status$` `unguarded: handler \(\*ecopostgrest.Deps\).Status .*insert into scraping_status \(medium\)`
	row := map[string]interface{}{"display_name": t.Type(), "success": true}
	_, _, err := d.SB.From("scraping_status").Insert(row, false, "id", "*", "").Execute()
	return err
}

// Conditions upserts by its conflict key: a set.
func (d *Deps) Conditions(ctx context.Context, t *asynq.Task) error { // want Conditions:`^effects: db_write/upsert-set resort_conditions$`
	_, _, err := d.SB.From("resort_conditions").Upsert(map[string]string{"mountain_id": t.Type()}, "mountain_id", "*", "estimated").Execute()
	return err
}

// InsertUpsert is Insert with upsert true: merge-duplicates, an upsert.
func (d *Deps) InsertUpsert(ctx context.Context, t *asynq.Task) error { // want InsertUpsert:`^effects: db_write/upsert-set forecasts$`
	_, err := d.Rest.From("forecasts").Insert(map[string]string{"id": t.Type()}, true, "id", "", "").ExecuteTo(&[]map[string]string{})
	return err
}

// Rename updates the filtered rows to the given values: a set.
func (d *Deps) Rename(ctx context.Context, t *asynq.Task) error { // want Rename:`^effects: db_write/update-set mountains$`
	_, _, err := d.SB.From("mountains").Update(map[string]string{"name": "x"}, "", "").Eq("mountain_id", t.Type()).ExecuteString()
	return err
}

func (d *Deps) Forget(ctx context.Context, t *asynq.Task) error { // want Forget:`^effects: db_write/delete alerts$`
	_, _, err := d.SB.From("alerts").Delete("", "").Eq("user_id", t.Type()).Execute()
	return err
}

// Mountains only reads.
func (d *Deps) Mountains(ctx context.Context, t *asynq.Task) error { // want Mountains:`^effects: db_read/select mountains$`
	_, _, err := d.SB.From("mountains").Select("mountain_id, lat, lon", "", false).Eq("location_type", "backcountry").Execute()
	return err
}

// Either's upsert flag is no constant: insert or upsert, not known here.
func (d *Deps) Either(ctx context.Context, t *asynq.Task) error { // want Either:`^effects: db_write/unknown events$`
	_, _, err := d.SB.From("events").Insert(map[string]string{"k": t.Type()}, len(t.Payload()) > 0, "k", "", "").Execute()
	return err
}
