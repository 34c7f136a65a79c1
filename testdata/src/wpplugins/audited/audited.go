// Package audited is pure's near miss: one of the plugins it passes
// through the library's option closure inserts a row when it is
// initialised, so the folded calls reach an effect and are not dropped.
package audited

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"

	"example.org/mdconv"
)

type upper struct{}

func (upper) Name() string { return "upper" }

func (upper) Init(c *mdconv.Converter) error {
	c.AddRule("upper")
	return nil
}

type audit struct{ db *sql.DB }

func (a audit) Name() string { return "audit" }

func (a audit) Init(c *mdconv.Converter) error {
	_, err := a.db.Exec(`INSERT INTO plugin_log (name) VALUES ('audit')`)
	return err
}

type Deps struct{ DB *sql.DB }

// Render converts the payload with a plugin that writes: not safe.
func (d *Deps) Render(ctx context.Context, t *asynq.Task) error {
	conv := mdconv.New(mdconv.WithPlugins(upper{}, audit{db: d.DB}))
	_, err := conv.Convert(string(t.Payload()))
	return err
}

func Register(mux *asynq.ServeMux, db *sql.DB) {
	d := &Deps{DB: db}
	mux.HandleFunc("doc:audited", d.Render)
}
