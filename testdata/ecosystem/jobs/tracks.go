package jobs

import (
	"context"
	"strconv"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"example.com/ecosystem/internal/tracks"
)

// Stop 64's gorm rules on the real gorm (fixtures savedrowwhole and
// gormfix SaveIntervals; aepyornis's shapes):
//   - a Save of a row an interface call returned is decided by that call's
//     callees over the whole program: the repository's SegmentByID returns
//     the row its First loaded, so TrackClean's Save writes it again (an
//     upsert-set; the module's update callback still posts); near miss
//     TrackReset's SegmentOrNew returns a new row when none was found: an
//     insert;
//   - a model's keys from the base struct it embeds from its own package:
//     Interval's only key is Base's id, so TrackIntervals' delete by the
//     track clears a scope of it and the insert that follows is a replace;
//     near miss TrackRenumber deletes by a track it created itself (a new
//     id on every delivery): the insert stays an insert.
//
// Stop 65's gorm association writes (fixture gormfix/association.go;
// aepyornis's route segment matches): Association.Replace saves the rows
// with ON CONFLICT on their primary key, so TrackMatches' matches, keyed
// by the two ids they link, are written over on a repeat (an upsert-set);
// near miss TrackNotes' notes are numbered by the database: created again
// (unknown, a db_write on notes).

// TrackRepo is the application's repository interface (*tracks.Repo).
type TrackRepo interface {
	SegmentByID(id uint64) (*tracks.Segment, error)
	SegmentOrNew(id uint64) (*tracks.Segment, error)
}

// TrackDeps are the track jobs' clients.
type TrackDeps struct {
	Repo TrackRepo
	DB   *gorm.DB
}

func trackID(t *asynq.Task) uint64 {
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	return id
}

func cleanSegment(db *gorm.DB, s *tracks.Segment) error {
	s.Dirty = false
	return s.Save(db)
}

// TrackClean saves back the segment the repository loaded.
func (d *TrackDeps) TrackClean(ctx context.Context, t *asynq.Task) error {
	s, err := d.Repo.SegmentByID(trackID(t))
	if err != nil {
		return err
	}
	if !s.Dirty {
		return nil
	}
	return cleanSegment(d.DB, s)
}

// TrackReset saves what the repository returns, loaded or new.
func (d *TrackDeps) TrackReset(ctx context.Context, t *asynq.Task) error {
	s, err := d.Repo.SegmentOrNew(trackID(t))
	if err != nil {
		return err
	}
	return cleanSegment(d.DB, s)
}

// TrackIntervals replaces the track's intervals.
func (d *TrackDeps) TrackIntervals(ctx context.Context, t *asynq.Task) error {
	id := trackID(t)
	iv := []tracks.Interval{{TrackID: id, Seconds: 60}, {TrackID: id, Seconds: 120}}
	return d.DB.Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("track_id = ?", id).Delete(&tracks.Interval{}).Error; err != nil {
			return err
		}
		return tx.Create(&iv).Error
	})
}

// TrackRenumber creates a track and replaces the intervals of that new
// track: a new track, and new intervals, on every delivery.
func (d *TrackDeps) TrackRenumber(ctx context.Context, t *asynq.Task) error {
	tr := &tracks.Track{Name: string(t.Payload())}
	if err := d.DB.Create(tr).Error; err != nil {
		return err
	}
	if err := d.DB.Where("track_id = ?", tr.ID).Delete(&tracks.Interval{}).Error; err != nil {
		return err
	}
	iv := []tracks.Interval{{TrackID: tr.ID, Seconds: 60}}
	return d.DB.Create(&iv).Error
}

// TrackMatches replaces the route's matches with one for the track.
func (d *TrackDeps) TrackMatches(ctx context.Context, t *asynq.Task) error {
	id := trackID(t)
	r := &tracks.Route{Base: tracks.Base{ID: id}}
	m := []tracks.Match{{RouteID: id, TrackID: id + 1, Meters: 100}}
	return d.DB.Model(r).Association("Matches").Replace(m)
}

// TrackNotes replaces the route's notes with a new one.
func (d *TrackDeps) TrackNotes(ctx context.Context, t *asynq.Task) error {
	id := trackID(t)
	r := &tracks.Route{Base: tracks.Base{ID: id}}
	n := []tracks.Note{{RouteID: id, Text: "seen"}}
	return d.DB.Model(r).Association("Notes").Replace(n)
}

// RegisterTracks adds the track jobs.
func RegisterTracks(mux *asynq.ServeMux, d *TrackDeps) {
	mux.HandleFunc("track:clean", d.TrackClean)
	mux.HandleFunc("track:reset", d.TrackReset)
	mux.HandleFunc("track:intervals", d.TrackIntervals)
	mux.HandleFunc("track:renumber", d.TrackRenumber)
	mux.HandleFunc("track:matches", d.TrackMatches)
	mux.HandleFunc("track:notes", d.TrackNotes)
}
