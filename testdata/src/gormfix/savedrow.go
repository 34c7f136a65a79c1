package gormfix

import (
	"context"
	"errors"
	"strconv"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

// Saves of loaded rows: gorm's Save updates a row whose primary key is
// set (and creates it again with that key when it is gone), so saving the
// row a read loaded writes that row again on a second delivery. A row
// not loaded (built here, or read without its error tested, on the
// not-found branch) has no key: Save inserts it.

type Segment struct {
	ID     uint
	Name   string
	Dirty  bool
	Detail *SegmentDetail
}

type SegmentDetail struct {
	ID        uint
	SegmentID uint
	Note      string
}

// SaveDetail saves the segment's detail row: an association of the
// receiver, loaded with it when the receiver was.
func (s *Segment) SaveDetail(db *gorm.DB) error { // want SaveDetail:`^effects: db_write/insert segment_details @p1$`
	if s.Detail == nil {
		return nil
	}
	return db.Save(s.Detail).Error
}

// ResetDetail gives the segment a new detail row and saves it: an
// insert, whatever the receiver is.
func (s *Segment) ResetDetail(db *gorm.DB) error { // want ResetDetail:`^effects: db_write/insert segment_details @p1; memory_write/set gormfix.Segment.Detail holder=p0$`
	s.Detail = &SegmentDetail{Note: "reset"}
	return db.Save(s.Detail).Error
}

// SaveTo saves the segment in a transaction: the row is its receiver, so
// its callers decide whether it was loaded.
func (s *Segment) SaveTo(db *gorm.DB) error { // want SaveTo:`^effects: db_write/insert segments$`
	return db.Transaction(func(tx *gorm.DB) error {
		return tx.Save(s).Error
	})
}

// segmentByID is a repository's GetByID: the row First loaded, its error
// tested.
func segmentByID(db *gorm.DB, id uint64) (*Segment, error) { // want segmentByID:`^effects: db_read/select segments @p0$`
	var s Segment
	if err := db.First(&s, id).Error; err != nil {
		return nil, err
	}
	return &s, nil
}

// segmentOrNew returns the row when it is there and a new one otherwise:
// not always loaded.
func segmentOrNew(db *gorm.DB, id uint64) (*Segment, error) { // want segmentOrNew:`^effects: db_read/select segments @p0$`
	var s Segment
	err := db.First(&s, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return &Segment{Name: "new"}, nil
	}
	if err != nil {
		return nil, err
	}
	return &s, nil
}

// SegmentClean loads the segment and saves it back: an update.
func (d *Deps) SegmentClean(ctx context.Context, t *asynq.Task) error { // want SegmentClean:`^effects: db_read/select segments; db_write/upsert-set segments$`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var s Segment
	if err := d.DB.First(&s, id).Error; err != nil {
		return err
	}
	s.Dirty = false
	return d.DB.Save(&s).Error
}

// SegmentRename saves, through the row's own method and a transaction
// closure, the row a helper loaded: an update.
func (d *Deps) SegmentRename(ctx context.Context, t *asynq.Task) error { // want SegmentRename:`^effects: db_write/upsert-set segments; db_read/select segments$`
	s, err := segmentByID(d.DB, 7)
	if err != nil {
		return err
	}
	s.Name = string(t.Payload())
	return s.SaveTo(d.DB)
}

// SegmentNew saves a row it builds: an insert.
func (d *Deps) SegmentNew(ctx context.Context, t *asynq.Task) error { // want SegmentNew:`^effects: db_write/insert segments$` `unguarded: handler \(\*gormfix.Deps\).SegmentNew`
	s := &Segment{Name: string(t.Payload())}
	return s.SaveTo(d.DB)
}

// SegmentUpsert saves the row on the not-found branch of its read: the
// row has no key there, an insert.
func (d *Deps) SegmentUpsert(ctx context.Context, t *asynq.Task) error { // want SegmentUpsert:`^effects: db_write/insert segments; db_read/select segments$` `unguarded: handler \(\*gormfix.Deps\).SegmentUpsert`
	var s Segment
	err := d.DB.First(&s, 7).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		s.Name = string(t.Payload())
		return d.DB.Save(&s).Error
	}
	return err
}

// SegmentOrNew saves what a helper returns loaded or new: an insert.
func (d *Deps) SegmentOrNew(ctx context.Context, t *asynq.Task) error { // want SegmentOrNew:`^effects: db_write/insert segments; db_read/select segments$` `unguarded: handler \(\*gormfix.Deps\).SegmentOrNew`
	s, err := segmentOrNew(d.DB, 7)
	if err != nil {
		return err
	}
	return s.SaveTo(d.DB)
}

// SegmentNote saves the detail of the segment a helper loaded: an update.
func (d *Deps) SegmentNote(ctx context.Context, t *asynq.Task) error { // want SegmentNote:`^effects: db_write/upsert-set segment_details; db_read/select segments$`
	s, err := segmentByID(d.DB, 7)
	if err != nil {
		return err
	}
	s.Detail.Note = string(t.Payload())
	return s.SaveDetail(d.DB)
}

// SegmentReset saves a new detail row of a loaded segment: an insert.
func (d *Deps) SegmentReset(ctx context.Context, t *asynq.Task) error { // want SegmentReset:`^effects: db_write/insert segment_details; db_read/select segments$` `unguarded: handler \(\*gormfix.Deps\).SegmentReset`
	s, err := segmentByID(d.DB, 7)
	if err != nil {
		return err
	}
	return s.ResetDetail(d.DB)
}
