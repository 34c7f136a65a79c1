// Package bufiowhole: a handler renders through another module's code
// whose bufio.Writer wraps the *bytes.Buffer it renders into
// (example.org/htmlish, html.Render's shape). The per-package pass folds
// the library call ("makes calls that cannot be resolved"); the whole
// program follows each bufio write's receiver back to the buffer: no
// effect. Near miss: package bufiowholeconn, whose program also renders
// onto a connection through the same Render.
package bufiowhole

import (
	"context"

	"github.com/hibiken/asynq"

	"example.org/htmlish"
)

// Page renders the task's text in memory.
func Page(ctx context.Context, t *asynq.Task) error {
	_ = htmlish.Text(string(t.Payload()))
	return nil
}

func Main() {
	mux := asynq.NewServeMux()
	mux.HandleFunc("page", Page)
}
