// Package outside is pure's other near miss: the plugins come from a field
// the program never fills, and no type of the program implements the
// library's Plugin: what the option closure calls is not known, and the
// folded calls stay unknown.
package outside

import (
	"context"

	"github.com/hibiken/asynq"

	"example.org/mdconv"
)

type Deps struct{ Plugins []mdconv.Plugin }

// Render converts the payload with plugins from elsewhere: unknown.
func (d *Deps) Render(ctx context.Context, t *asynq.Task) error {
	conv := mdconv.New(mdconv.WithPlugins(d.Plugins...))
	_, err := conv.Convert(string(t.Payload()))
	return err
}

func Register(mux *asynq.ServeMux, plugins []mdconv.Plugin) {
	d := &Deps{Plugins: plugins}
	mux.HandleFunc("doc:outside", d.Render)
}
