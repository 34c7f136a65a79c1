// Package savedrowwhole is gormfix's saved rows through a repository
// interface the whole program resolves (aepyornis's update_route_segment:
// rs, err := c.RouteSegmentRepo().GetByID(id), then rs.Save(db) two calls
// down). The per-package pass cannot see what the interface call returns;
// the whole program finds its one implementation: a GetByID that reads
// the row with First and tests the read's error returns it loaded, so the
// Save writes the same row again (an upsert-set, safe), while an OrNew
// that returns a new row when the read finds none leaves the Save an
// insert (unguarded).
package savedrowwhole

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

type SrwSegment struct {
	ID    uint
	Name  string
	Dirty bool
}

// Save writes the segment: the row is its receiver, its callers decide
// whether it was loaded.
func (s *SrwSegment) Save(db *gorm.DB) error { return db.Save(s).Error }

// Repo is the application's repository.
type Repo interface {
	GetByID(id uint64) (*SrwSegment, error)
	OrNew(id uint64) (*SrwSegment, error)
}

type gormRepo struct{ db *gorm.DB }

func (r *gormRepo) GetByID(id uint64) (*SrwSegment, error) {
	var s SrwSegment
	if err := r.db.First(&s, id).Error; err != nil {
		return nil, err
	}
	return &s, nil
}

func (r *gormRepo) OrNew(id uint64) (*SrwSegment, error) {
	var s SrwSegment
	err := r.db.First(&s, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return &SrwSegment{Name: "new"}, nil
	}
	if err != nil {
		return nil, err
	}
	return &s, nil
}

type Worker struct {
	Repo Repo
	DB   *gorm.DB
}

func clean(db *gorm.DB, s *SrwSegment) error {
	s.Dirty = false
	return s.Save(db)
}

// Clean saves back the row the repository loaded: an update.
func (w *Worker) Clean(ctx context.Context, t *asynq.Task) error {
	s, err := w.Repo.GetByID(7)
	if err != nil {
		return err
	}
	if !s.Dirty {
		return nil
	}
	return clean(w.DB, s)
}

// Reset saves what the repository returns loaded or new: an insert.
func (w *Worker) Reset(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into srw_segments \(medium\) at`
	s, err := w.Repo.OrNew(7)
	if err != nil {
		return err
	}
	return clean(w.DB, s)
}

func Main(db *gorm.DB) {
	w := &Worker{Repo: &gormRepo{db: db}, DB: db}
	mux := asynq.NewServeMux()
	mux.HandleFunc("clean", w.Clean)
	mux.HandleFunc("reset", w.Reset)
}
