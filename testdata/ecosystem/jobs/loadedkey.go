package jobs

import (
	"context"
	"strconv"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

// A loaded row's primary key is not zero, on the real gorm (stop 67,
// aepyornis's update_workout): Trip.Store creates the trip when its key
// is zero and saves it otherwise, in a transaction closure on the
// receiver, and the same for its route, a pointer association. A trip
// read by key (First, its error tested) has the table's key, so the
// create never runs for it, at the handler's own read (trip:touch) or
// behind the repository interface the whole program resolves
// (trip:refresh): only upsert-sets of trips and trip_routes are left (the
// module's gorm:update callback still posts on each save: high). The near
// miss builds a new trip (trip:import): both creates run every delivery.

// Trip is a stored trip; gorm.Model's ID is its key.
type Trip struct {
	gorm.Model
	Dirty bool
	Route *TripRoute
}

// TripRoute is the trip's route, preloaded with it.
type TripRoute struct {
	gorm.Model
	TripID uint
	Path   string
}

// Store creates the trip (and its route) when new, saves it otherwise.
func (t *Trip) Store(db *gorm.DB) error {
	return db.Transaction(func(tx *gorm.DB) error {
		if t.ID == 0 {
			if err := tx.Omit("Route").Create(t).Error; err != nil {
				return err
			}
		} else {
			if err := tx.Omit("Route").Save(t).Error; err != nil {
				return err
			}
		}
		if t.Route != nil {
			t.Route.TripID = t.ID
			if t.Route.ID == 0 {
				return tx.Create(t.Route).Error
			}
			return tx.Save(t.Route).Error
		}
		return nil
	})
}

// TripRepo is the handlers' repository.
type TripRepo interface {
	GetWithRoute(ctx context.Context, id uint) (*Trip, error)
}

// GormTrips is TripRepo on gorm.
type GormTrips struct{ DB *gorm.DB }

// GetWithRoute reads the trip by key with its route: loaded, or an error.
func (r *GormTrips) GetWithRoute(ctx context.Context, id uint) (*Trip, error) {
	var t Trip
	if err := r.DB.WithContext(ctx).Preload("Route").First(&t, id).Error; err != nil {
		return nil, err
	}
	return &t, nil
}

// TripDeps holds the repository and the database.
type TripDeps struct {
	Repo TripRepo
	DB   *gorm.DB
}

// TripRefresh clears the flag of the trip the repository loaded and
// stores it: only saves, safe.
func (d *TripDeps) TripRefresh(ctx context.Context, task *asynq.Task) error {
	id, _ := strconv.ParseUint(string(task.Payload()), 10, 64)
	t, err := d.Repo.GetWithRoute(ctx, uint(id))
	if err != nil {
		return err
	}
	t.Dirty = false
	return t.Store(d.DB)
}

// TripTouch stores the trip it read itself: only saves, safe.
func (d *TripDeps) TripTouch(ctx context.Context, task *asynq.Task) error {
	id, _ := strconv.ParseUint(string(task.Payload()), 10, 64)
	var t Trip
	if err := d.DB.WithContext(ctx).Preload("Route").First(&t, id).Error; err != nil {
		return err
	}
	return t.Store(d.DB)
}

// TripImport, the near miss: a trip built here has no key, the create
// runs on every delivery.
func (d *TripDeps) TripImport(ctx context.Context, task *asynq.Task) error {
	t := &Trip{Dirty: true, Route: &TripRoute{Path: string(task.Payload())}}
	return t.Store(d.DB)
}

// RegisterTrips wires the handlers.
func RegisterTrips(mux *asynq.ServeMux, d *TripDeps) {
	mux.HandleFunc("trip:refresh", d.TripRefresh)
	mux.HandleFunc("trip:touch", d.TripTouch)
	mux.HandleFunc("trip:import", d.TripImport)
}
