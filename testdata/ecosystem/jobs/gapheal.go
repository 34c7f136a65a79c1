package jobs

import (
	"context"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

// Checks of a table the worker never writes, on River v0.51.2 and pgx v5
// (ghsync's gap heal, changelogue's NL gate):
//   - river:gap-heal looks up which deliveries the ingress has stored and
//     asks the provider to send again each one it has not: the record is
//     the redelivery's arrival, written elsewhere, so a retry before it
//     arrives asks again (check-then-act, at the read);
//   - river:gap-notify (near miss) posts while a gate is pending, a status
//     nothing it does changes: unguarded;
//   - river:gap-judge calls a judge no type implements (left nil): it
//     panics there, so the status write after it never runs and the check
//     before it is no check-then-act; only the event insert repeats.

// GapHealArgs is a page of deliveries to heal.
type GapHealArgs struct {
	IDs   []int64  `json:"ids"`
	GUIDs []string `json:"guids"`
}

// Kind names the gap heal.
func (GapHealArgs) Kind() string { return "river:gap-heal" }

// GapNotifyArgs is the near miss.
type GapNotifyArgs struct {
	GateID int64 `json:"gate_id"`
}

// Kind names the near miss.
func (GapNotifyArgs) Kind() string { return "river:gap-notify" }

// GapJudgeArgs is the gate to judge.
type GapJudgeArgs struct {
	GateID int64 `json:"gate_id"`
}

// Kind names the judge.
func (GapJudgeArgs) Kind() string { return "river:gap-judge" }

type gapDelivery struct {
	ID   int64
	GUID string
}

// GapHealWorker redelivers what the ingress has not stored.
type GapHealWorker struct {
	river.WorkerDefaults[GapHealArgs]
	Pool *pgxpool.Pool
}

func (w *GapHealWorker) stored(ctx context.Context, guids []string) ([]string, error) {
	rows, err := w.Pool.Query(ctx, "select guid from gap_webhook_deliveries where guid = any($1)", guids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var g string
		if err := rows.Scan(&g); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

func gapRedeliver(ctx context.Context, id int64) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, fmt.Sprintf("https://hooks.example.com/deliveries/%d/attempts", id), nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (w *GapHealWorker) Work(ctx context.Context, job *river.Job[GapHealArgs]) error {
	deliveries := make([]gapDelivery, 0, len(job.Args.IDs))
	for i, id := range job.Args.IDs {
		deliveries = append(deliveries, gapDelivery{ID: id, GUID: job.Args.GUIDs[i]})
	}
	existing, err := w.stored(ctx, job.Args.GUIDs)
	if err != nil {
		return err
	}
	present := make(map[string]struct{}, len(existing))
	for _, g := range existing {
		present[g] = struct{}{}
	}
	for i := range deliveries {
		d := &deliveries[i]
		if _, ok := present[d.GUID]; ok {
			continue
		}
		if err := gapRedeliver(ctx, d.ID); err != nil {
			return err
		}
	}
	return nil
}

// GapNotifyWorker posts while the gate is pending.
type GapNotifyWorker struct {
	river.WorkerDefaults[GapNotifyArgs]
	Pool *pgxpool.Pool
}

func (w *GapNotifyWorker) Work(ctx context.Context, job *river.Job[GapNotifyArgs]) error {
	var status string
	if err := w.Pool.QueryRow(ctx, "select status from gap_gates where id = $1", job.Args.GateID).Scan(&status); err != nil {
		return err
	}
	if status != "pending" {
		return nil
	}
	return gapRedeliver(ctx, job.Args.GateID)
}

// GapJudge judges a gate; nothing implements it yet.
type GapJudge interface {
	JudgeGate(ctx context.Context, gateID int64) (bool, error)
}

// GapGateStore is the gates' repository.
type GapGateStore interface {
	GateStatus(ctx context.Context, id int64) (string, error)
	GateEvent(ctx context.Context, id int64, kind string) error
	OpenGapGate(ctx context.Context, id int64) error
}

type pgGapGates struct{ pool *pgxpool.Pool }

func (s *pgGapGates) GateStatus(ctx context.Context, id int64) (string, error) {
	var status string
	err := s.pool.QueryRow(ctx, "select status from gap_gates where id = $1", id).Scan(&status)
	return status, err
}

func (s *pgGapGates) GateEvent(ctx context.Context, id int64, kind string) error {
	_, err := s.pool.Exec(ctx, "insert into gap_gate_events (gate_id, kind) values ($1, $2)", id, kind)
	return err
}

func (s *pgGapGates) OpenGapGate(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, "update gap_gates set status = 'open' where id = $1", id)
	return err
}

// GapJudgeWorker panics at JudgeGate on every attempt.
type GapJudgeWorker struct {
	river.WorkerDefaults[GapJudgeArgs]
	Store GapGateStore
	Judge GapJudge
}

func (w *GapJudgeWorker) Work(ctx context.Context, job *river.Job[GapJudgeArgs]) error {
	status, err := w.Store.GateStatus(ctx, job.Args.GateID)
	if err != nil {
		return err
	}
	if status != "pending" {
		return nil
	}
	if err := w.Store.GateEvent(ctx, job.Args.GateID, "judging"); err != nil {
		return err
	}
	ok, err := w.Judge.JudgeGate(ctx, job.Args.GateID)
	if err != nil || !ok {
		return err
	}
	return w.Store.OpenGapGate(ctx, job.Args.GateID)
}

// RegisterGapWorkers adds the gap workers; the judge is a stub left nil.
func RegisterGapWorkers(ws *river.Workers, pool *pgxpool.Pool) {
	river.AddWorker(ws, &GapHealWorker{Pool: pool})
	river.AddWorker(ws, &GapNotifyWorker{Pool: pool})
	river.AddWorker(ws, &GapJudgeWorker{Store: &pgGapGates{pool: pool}, Judge: nil})
}
