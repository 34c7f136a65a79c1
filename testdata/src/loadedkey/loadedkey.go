// Package loadedkey is a gorm row's primary key after the row was loaded
// (aepyornis's update_workout): a read by key (First, Take, Find) whose
// error is tested found the row, so its primary key is the table's, not
// zero, and a branch that creates the row when the key is zero (if
// w.ID == 0 { Create(w) } else { Save(w) }) never runs for it. The test
// sits in a transaction closure two calls down, on the receiver; the
// row comes from the handler's own read (touch) or from a repository
// interface the whole program resolves (update), also through a
// preloaded association (w.Track.ID). Near misses keep the create: a row
// the handler builds (fresh), a read whose error is not tested (blind), a
// key the handler sets after the read (rekey), a repository that may
// return a new row (renew).
package loadedkey

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

type LkTrack struct {
	ID        uint
	WorkoutID uint
	Body      string
}

type LkWorkout struct {
	ID    uint
	Dirty bool
	Track *LkTrack
}

// Save writes the workout and its track: created when new, saved
// otherwise.
func (w *LkWorkout) Save(db *gorm.DB) error {
	return db.Transaction(func(tx *gorm.DB) error {
		if w.ID == 0 {
			if err := tx.Create(w).Error; err != nil {
				return err
			}
		} else {
			if err := tx.Save(w).Error; err != nil {
				return err
			}
		}
		if w.Track != nil {
			w.Track.WorkoutID = w.ID
			if w.Track.ID != 0 {
				return tx.Save(w.Track).Error
			}
			return tx.Create(w.Track).Error
		}
		return nil
	})
}

// Update clears the flag and saves.
func (w *LkWorkout) Update(db *gorm.DB) error {
	w.Dirty = false
	return w.Save(db)
}

// Repo is the application's repository.
type Repo interface {
	GetDetailsByID(id uint64) (*LkWorkout, error)
	OrNew(id uint64) (*LkWorkout, error)
}

type gormRepo struct{ db *gorm.DB }

func (r *gormRepo) GetDetailsByID(id uint64) (*LkWorkout, error) {
	var w LkWorkout
	if err := r.db.Preload("Track").First(&w, id).Error; err != nil {
		return nil, err
	}
	return &w, nil
}

func (r *gormRepo) OrNew(id uint64) (*LkWorkout, error) {
	var w LkWorkout
	err := r.db.First(&w, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return &LkWorkout{Dirty: true}, nil
	}
	if err != nil {
		return nil, err
	}
	return &w, nil
}

type Worker struct {
	Repo Repo
	DB   *gorm.DB
}

// Update saves back the workout the repository loaded: only updates.
func (k *Worker) Update(ctx context.Context, t *asynq.Task) error {
	w, err := k.Repo.GetDetailsByID(7)
	if err != nil {
		return err
	}
	if !w.Dirty {
		return nil
	}
	return w.Update(k.DB)
}

// Touch saves back the workout it read itself: only updates.
func (k *Worker) Touch(ctx context.Context, t *asynq.Task) error {
	var w LkWorkout
	if err := k.DB.Preload("Track").First(&w, 7).Error; err != nil {
		return err
	}
	return w.Update(k.DB)
}

// Fresh saves a workout it builds: the create runs.
func (k *Worker) Fresh(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into lk_workouts \(medium\) at`
	w := &LkWorkout{Dirty: true}
	return w.Update(k.DB)
}

// Blind reads without testing the read's error: a failed read leaves the
// key zero, the create runs.
func (k *Worker) Blind(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into lk_workouts \(medium\) at`
	var w LkWorkout
	k.DB.First(&w, 7)
	return w.Update(k.DB)
}

// Rekey reads the workout, then sets its key from the task: the key is
// no longer the one the table gave, the create stays.
func (k *Worker) Rekey(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into lk_workouts \(medium\) at`
	var w LkWorkout
	if err := k.DB.First(&w, 7).Error; err != nil {
		return err
	}
	w.ID = uint(len(t.Payload()))
	return w.Update(k.DB)
}

// Renew saves what the repository returns loaded or new: the create runs.
func (k *Worker) Renew(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into lk_workouts \(medium\) at`
	w, err := k.Repo.OrNew(7)
	if err != nil {
		return err
	}
	return w.Update(k.DB)
}

func Main(db *gorm.DB) {
	k := &Worker{Repo: &gormRepo{db: db}, DB: db}
	mux := asynq.NewServeMux()
	mux.HandleFunc("update", k.Update)
	mux.HandleFunc("touch", k.Touch)
	mux.HandleFunc("fresh", k.Fresh)
	mux.HandleFunc("blind", k.Blind)
	mux.HandleFunc("renew", k.Renew)
	mux.HandleFunc("rekey", k.Rekey)
}
