package gormfix

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

// The status form of duplicate-as-error: a handler loads a row, rejects
// it with an error unless its status is the one before this step, then
// stores the step's status into the row and saves it. A redelivery after
// a first attempt that saved the row reads the new status and fails.

type ParcelStatus string

const (
	ParcelPending  ParcelStatus = "PENDING"
	ParcelVerified ParcelStatus = "VERIFIED"
	ParcelShipped  ParcelStatus = "SHIPPED"
	ParcelCanceled ParcelStatus = "CANCELLED"
)

type Parcel struct {
	ID     uint
	Status ParcelStatus
	Note   string
}

// parcelByID is a repository's GetByID.
func parcelByID(db *gorm.DB, id uint64) (*Parcel, error) { // want parcelByID:`^effects: db_read/select parcels @p0$`
	var p Parcel
	if err := db.First(&p, id).Error; err != nil {
		return nil, err
	}
	return &p, nil
}

// ParcelVerify: the error unless PENDING; VERIFIED stored and the row
// saved: a redelivery reads VERIFIED and fails.
func (d *Deps) ParcelVerify(ctx context.Context, t *asynq.Task) error { // want ParcelVerify:`^effects: db_read/select parcels; db_write/upsert-set parcels$`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var p Parcel
	if err := d.DB.First(&p, id).Error; err != nil {
		return err
	}
	if p.Status != ParcelPending {
		return fmt.Errorf("parcel has invalid status: %s", p.Status) // want `duplicate-as-error: the test of parcels.Status takes this branch once a first delivery stored "VERIFIED" into it and saved the row \(at gormfix/statuserr.go:\d+\)`
	}
	p.Status = ParcelVerified
	return d.DB.Save(&p).Error
}

// ParcelShip: the error when the status already is the one stored, on a
// row a helper returns as a pointer.
func (d *Deps) ParcelShip(ctx context.Context, t *asynq.Task) error { // want ParcelShip:`^effects: db_read/select parcels; db_write/upsert-set parcels$`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	p, err := parcelByID(d.DB, id)
	if err != nil {
		return err
	}
	if p.Status == ParcelShipped {
		return errors.New("parcel already shipped") // want `duplicate-as-error: the test of parcels.Status takes this branch once a first delivery stored "SHIPPED"`
	}
	p.Status = ParcelShipped
	return d.DB.Save(p).Error
}

// ParcelPrecondition (near miss): a cancelled parcel is rejected, but the
// handler stores VERIFIED: a redelivery passes the test.
func (d *Deps) ParcelPrecondition(ctx context.Context, t *asynq.Task) error { // want ParcelPrecondition:`^effects: db_read/select parcels; db_write/upsert-set parcels$`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var p Parcel
	if err := d.DB.First(&p, id).Error; err != nil {
		return err
	}
	if p.Status == ParcelCanceled {
		return errors.New("parcel cancelled")
	}
	p.Status = ParcelVerified
	return d.DB.Save(&p).Error
}

// ParcelSkip (near miss): the same test returning nil is the right guard.
func (d *Deps) ParcelSkip(ctx context.Context, t *asynq.Task) error { // want ParcelSkip:`^effects: db_read/select parcels; db_write/upsert-set parcels$`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var p Parcel
	if err := d.DB.First(&p, id).Error; err != nil {
		return err
	}
	if p.Status != ParcelPending {
		return nil
	}
	p.Status = ParcelVerified
	return d.DB.Save(&p).Error
}

// ParcelOtherRow (near miss): the status stored is another row's, built
// here and inserted; the row tested is not written back.
func (d *Deps) ParcelOtherRow(ctx context.Context, t *asynq.Task) error { // want ParcelOtherRow:`^effects: db_write/insert parcels; db_read/select parcels$` `unguarded: handler \(\*gormfix.Deps\).ParcelOtherRow`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var p Parcel
	if err := d.DB.First(&p, id).Error; err != nil {
		return err
	}
	if p.Status != ParcelPending {
		return errors.New("parcel not pending")
	}
	q := &Parcel{Note: p.Note}
	q.Status = ParcelVerified
	return d.DB.Create(q).Error
}

// ParcelTwoSteps stores PACKED, saves, then SHIPPED and saves again: the
// first status passes the test, the second takes the error branch.
func (d *Deps) ParcelTwoSteps(ctx context.Context, t *asynq.Task) error { // want ParcelTwoSteps:`^effects: db_read/select parcels; db_write/upsert-set parcels; db_write/upsert-set parcels$`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var p Parcel
	if err := d.DB.First(&p, id).Error; err != nil {
		return err
	}
	if p.Status == ParcelShipped {
		return errors.New("parcel already shipped") // want `duplicate-as-error: the test of parcels.Status takes this branch once a first delivery stored "SHIPPED"`
	}
	p.Status = "PACKED"
	if err := d.DB.Save(&p).Error; err != nil {
		return err
	}
	p.Status = ParcelShipped
	return d.DB.Save(&p).Error
}
