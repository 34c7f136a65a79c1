package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

// A local struct filled once before a test is not a merged value (stop
// 64's guard/unrecorded.go storedOnce; fixture checkactfix ScreenKept):
// ScreenKept inserts its detection, then blocks the member (the status
// its check reads) only when the score kept in a local struct reaches the
// threshold. A run below it records nothing, and a redelivery after it
// passes the check and inserts again: check-then-act and unguarded. Near
// miss ScreenEachKept's flag field is set beside the insert in a loop, so
// every run that inserted moves the member out of "pending":
// check-then-act only.

// ScreenDeps hold the pool.
type ScreenDeps struct{ Pool *pgxpool.Pool }

const screenBlockAt = 0.9

func screenScore(t *asynq.Task) float64 { return float64(len(t.Payload())) / 100 }

// ScreenKept keeps the member and the score in a local struct.
func (d *ScreenDeps) ScreenKept(ctx context.Context, t *asynq.Task) error {
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from members where id = $1", 7).Scan(&status); err != nil {
		return err
	}
	if status == "blocked" {
		return nil
	}
	var res struct {
		member int64
		score  float64
	}
	res.member, res.score = 7, screenScore(t)
	if _, err := d.Pool.Exec(ctx, "insert into detections (member_id, score) values ($1, $2)", res.member, res.score); err != nil {
		return err
	}
	if res.score >= screenBlockAt {
		if _, err := d.Pool.Exec(ctx, "update members set status = 'blocked' where id = $1", res.member); err != nil {
			return err
		}
	}
	return nil
}

// ScreenEachKept sets its flag field beside the insert in the loop.
func (d *ScreenDeps) ScreenEachKept(ctx context.Context, t *asynq.Task) error {
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from members where id = $1", 8).Scan(&status); err != nil {
		return err
	}
	if status != "pending" {
		return nil
	}
	var st struct{ inserted bool }
	for _, score := range []float64{screenScore(t), 0.5} {
		if _, err := d.Pool.Exec(ctx, "insert into detections (member_id, score) values ($1, $2)", 8, score); err != nil {
			return err
		}
		st.inserted = true
	}
	if st.inserted {
		if _, err := d.Pool.Exec(ctx, "update members set status = 'screened' where id = $1", 8); err != nil {
			return err
		}
	}
	return nil
}

// RegisterScreens adds the screening jobs.
func RegisterScreens(mux *asynq.ServeMux, d *ScreenDeps) {
	mux.HandleFunc("screen:kept", d.ScreenKept)
	mux.HandleFunc("screen:each-kept", d.ScreenEachKept)
}
