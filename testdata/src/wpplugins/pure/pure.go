// Package pure builds a converter of another module with plugins of its
// own, passed through the library's option closure: the closure calls
// their Name and Init through the library's interface, which the library's
// summary folds into one unresolved call. Over the whole program those
// calls reach only these two plugins, which touch the converter's memory:
// the handler is safe.
package pure

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

type trim struct{ cut string }

func (t trim) Name() string { return "trim" }

func (t trim) Init(c *mdconv.Converter) error {
	c.AddRule("trim " + t.cut)
	return nil
}

func render(s string) (string, error) {
	conv := mdconv.New(mdconv.WithPlugins(upper{}, trim{cut: " "}))
	return conv.Convert(s)
}

type Deps struct{ DB *sql.DB }

// Render converts the payload and sets the result: safe.
func (d *Deps) Render(ctx context.Context, t *asynq.Task) error {
	md, err := render(string(t.Payload()))
	if err != nil {
		return err
	}
	_, err = d.DB.ExecContext(ctx, `UPDATE docs SET markdown = $1 WHERE id = 1`, md)
	return err
}

func Register(mux *asynq.ServeMux, db *sql.DB) {
	d := &Deps{DB: db}
	mux.HandleFunc("doc:render", d.Render)
}
