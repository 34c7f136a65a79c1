package checkactwhole

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

// A spam screen behind a store interface (base-server's spam consumer):
// the member's status read, then an analyser that inserts each detection
// and blocks the member only when the detection's score reaches the
// threshold. Below it the run records nothing and a later delivery
// inserts the detection again: check-then-act and unguarded once the
// whole program resolves the store (screen). An analyser that blocks
// after every detection leaves only overlapping deliveries to repeat it
// (screenalways).

// SpamStore is the screen's store.
type SpamStore interface {
	MemberStatus(ctx context.Context, id string) (string, error)
	CreateDetection(ctx context.Context, id string, score float64) error
	BlockMember(ctx context.Context, id string) error
}

type pgSpam struct{ db *sql.DB }

func (p *pgSpam) MemberStatus(ctx context.Context, id string) (string, error) {
	var st string
	err := p.db.QueryRowContext(ctx, "select status from members where id = $1", id).Scan(&st) // want `^check-then-act: this check of members and the write into it`
	return st, err
}

func (p *pgSpam) CreateDetection(ctx context.Context, id string, score float64) error {
	_, err := p.db.ExecContext(ctx, "insert into detections (member_id, score) values ($1, $2)", id, score)
	return err
}

func (p *pgSpam) BlockMember(ctx context.Context, id string) error {
	_, err := p.db.ExecContext(ctx, "update members set status = 'blocked' where id = $1", id)
	return err
}

type analyser struct{ store SpamStore }

func (a *analyser) analyse(ctx context.Context, id string, scores []float64) error {
	for _, score := range scores {
		if err := a.record(ctx, id, score); err != nil {
			continue // logged
		}
	}
	return nil
}

func (a *analyser) record(ctx context.Context, id string, score float64) error {
	if err := a.store.CreateDetection(ctx, id, score); err != nil {
		return err
	}
	if score >= 0.9 {
		return a.store.BlockMember(ctx, id)
	}
	return nil
}

func (a *analyser) recordAlways(ctx context.Context, id string, score float64) error {
	if err := a.store.CreateDetection(ctx, id, score); err != nil {
		return err
	}
	return a.store.BlockMember(ctx, id)
}

type screener struct {
	store    SpamStore
	analyser *analyser
}

func (s *screener) Screen(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into detections \(medium\) at`
	id := string(t.Payload())
	st, err := s.store.MemberStatus(ctx, id)
	if err != nil {
		return err
	}
	if st == "blocked" {
		return nil
	}
	return s.analyser.analyse(ctx, id, []float64{0.7, 0.95})
}

func (s *screener) ScreenAlways(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	st, err := s.store.MemberStatus(ctx, id)
	if err != nil {
		return err
	}
	if st == "blocked" {
		return nil
	}
	return s.analyser.recordAlways(ctx, id, 0.7)
}

// RegisterScreens wires the screens.
func RegisterScreens(db *sql.DB, mux *asynq.ServeMux) {
	st := &pgSpam{db: db}
	s := &screener{store: st, analyser: &analyser{store: st}}
	mux.HandleFunc("screen", s.Screen)
	mux.HandleFunc("screenalways", s.ScreenAlways)
}
