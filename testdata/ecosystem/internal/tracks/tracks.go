// Package tracks holds gorm models that embed the package's own base
// model (their primary key, id, is the base's: gorm reads an embedded
// struct's fields as the model's own), whose tables Migrate creates from
// them, and the repository the track jobs
// reach through an interface (jobs.TrackRepo).
package tracks

import (
	"errors"

	"gorm.io/gorm"
)

// Base is the application's base model.
type Base struct {
	ID uint64 `gorm:"primaryKey"`
}

// Track is one recorded track.
type Track struct {
	Base
	Name string
}

// Interval is one interval of a track: keyed only by the base's id.
type Interval struct {
	Base
	TrackID uint64 `gorm:"not null;index"`
	Seconds int
}

// Segment is a named stretch of a track.
type Segment struct {
	Base
	Name  string
	Dirty bool
}

// Save writes the segment: the row is its receiver, its callers decide
// whether it was loaded.
func (s *Segment) Save(db *gorm.DB) error { return db.Save(s).Error }

// Migrate creates the tables from the models, as gorm's AutoMigrate
// does: the models' tags (and the base's) are their keys.
func Migrate(db *gorm.DB) error {
	return db.AutoMigrate(&Track{}, &Interval{}, &Segment{}, &Route{}, &Match{}, &Note{}, &Share{}, &Lap{}, &Mark{}, &Pin{})
}

// Repo is gorm's implementation of jobs.TrackRepo.
type Repo struct{ DB *gorm.DB }

// SegmentByID reads the segment; it returns it only when the read found
// it.
func (r *Repo) SegmentByID(id uint64) (*Segment, error) {
	var s Segment
	if err := r.DB.First(&s, id).Error; err != nil {
		return nil, err
	}
	return &s, nil
}

// SegmentOrNew returns the segment read, or a new one when there is none.
func (r *Repo) SegmentOrNew(id uint64) (*Segment, error) {
	var s Segment
	err := r.DB.First(&s, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return &Segment{Name: "new"}, nil
	}
	if err != nil {
		return nil, err
	}
	return &s, nil
}
