package jobs

import (
	"context"
	"net/http"

	"github.com/hibiken/asynq"
)

// The per-item claim of jobs/itemstatus.go followed by a notice sent
// through an interface (stop 56, fixture claimgate): go vet leaves the
// call unknown after the compare-and-set; the command resolves it to
// the HTTP notifier's POST, which the claim guards as it guards a POST
// made directly (wholeprogram/claimgate.go). The near miss notifies
// before it claims: every delivery posts.

// ItemNotifier sends the notice of a projector's run.
type ItemNotifier interface {
	Notify(ctx context.Context, url string) error
}

// HTTPItemNotifier posts the notice.
type HTTPItemNotifier struct{}

// Notify posts to url.
func (HTTPItemNotifier) Notify(ctx context.Context, url string) error {
	resp, err := http.Post(url, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ItemNotifyClaimed claims the export's run by a compare-and-set of its
// status, then notifies: only the delivery that moved the row posts.
func (d *ItemDeps) ItemNotifyClaimed(ctx context.Context, t *asynq.Task) error {
	tag, err := d.Pool.Exec(ctx, "update exports set name = 'running' where id = $1 and name = 'pending'", string(t.Payload()))
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	return d.Notifier.Notify(ctx, "https://hooks.example.com/export")
}

// ItemNotifyFirst notifies before it claims (near miss).
func (d *ItemDeps) ItemNotifyFirst(ctx context.Context, t *asynq.Task) error {
	if err := d.Notifier.Notify(ctx, "https://hooks.example.com/export"); err != nil {
		return err
	}
	tag, err := d.Pool.Exec(ctx, "update exports set name = 'running' where id = $1 and name = 'pending'", string(t.Payload()))
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	return nil
}
