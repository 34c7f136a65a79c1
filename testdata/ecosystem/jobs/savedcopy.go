package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

// gorm's Save of a row read through an `any` copy, on the real gorm (stop
// 66, btl-ktpm's activities): the repository returns the row as an
// interface{} with the read's error, untested there; the handler tests
// it, converts the row with a generic ConvertToStruct (a type assertion,
// else a JSON round trip), sets its status and hands the struct to the
// repository's Update, whose Save of its parameter is decided with the
// row the call passes. The loaded row keeps the key the table gave it: an
// UPDATE of the same row on every delivery (an upsert-set, safe). The
// near miss clears the key first: gorm inserts a new row each time.

// CopyTicket is the row saved back.
type CopyTicket struct {
	gorm.Model
	Status string
}

// CopyTicketRepo is the handlers' repository.
type CopyTicketRepo interface {
	GetByID(ctx context.Context, id uint) (interface{}, error)
	Update(ctx context.Context, t CopyTicket) error
}

// GormCopyTickets is CopyTicketRepo on gorm.
type GormCopyTickets struct{ DB *gorm.DB }

// GetByID returns the row with the read's error: loaded when it is nil.
func (r *GormCopyTickets) GetByID(ctx context.Context, id uint) (interface{}, error) {
	var t CopyTicket
	err := r.DB.WithContext(ctx).First(&t, id).Error
	return t, err
}

// Update saves the row it is given.
func (r *GormCopyTickets) Update(ctx context.Context, t CopyTicket) error {
	return r.DB.WithContext(ctx).Save(t).Where("id = ?", t.ID).Error
}

// convertCopy copies data into a T.
func convertCopy[T any](data interface{}) (T, error) {
	var out T
	if data == nil {
		return out, fmt.Errorf("nil data")
	}
	if reflect.TypeOf(data) == reflect.TypeOf(out) {
		var ok bool
		if out, ok = data.(T); ok {
			return out, nil
		}
	}
	raw, err := json.Marshal(data)
	if err != nil {
		return out, err
	}
	err = json.Unmarshal(raw, &out)
	return out, err
}

// SavedCopyDeps holds the repository.
type SavedCopyDeps struct{ Repo CopyTicketRepo }

// CopyClose sets the loaded ticket's status and saves it back: safe.
func (d *SavedCopyDeps) CopyClose(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	v, err := d.Repo.GetByID(ctx, uint(id))
	if err != nil {
		return err
	}
	tk, err := convertCopy[CopyTicket](v)
	if err != nil {
		return err
	}
	tk.Status = "closed"
	return d.Repo.Update(ctx, tk)
}

// CopyClone, the near miss: the key cleared, Save inserts a new ticket on
// every delivery.
func (d *SavedCopyDeps) CopyClone(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	v, err := d.Repo.GetByID(ctx, uint(id))
	if err != nil {
		return err
	}
	tk, err := convertCopy[CopyTicket](v)
	if err != nil {
		return err
	}
	tk.ID = 0
	return d.Repo.Update(ctx, tk)
}

// CopyVerify rejects a ticket that is not open with an error made on
// that branch, then sets "verified" and saves the row (stop 67, the
// status form of duplicate-as-error, btl-ktpm's VerifyOrderActivity): a
// redelivery after a first attempt that saved the row reads "verified"
// and fails. Safe (the save is a set), duplicate-as-error at the return.
func (d *SavedCopyDeps) CopyVerify(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	v, err := d.Repo.GetByID(ctx, uint(id))
	if err != nil {
		return err
	}
	tk, err := convertCopy[CopyTicket](v)
	if err != nil {
		return err
	}
	if tk.Status != "open" {
		return fmt.Errorf("ticket has invalid status: %s", tk.Status)
	}
	tk.Status = "verified"
	return d.Repo.Update(ctx, tk)
}

// CopyReopen, the near miss: a precondition. A deleted ticket is
// rejected, but the handler stores "open": a redelivery passes the test.
func (d *SavedCopyDeps) CopyReopen(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	v, err := d.Repo.GetByID(ctx, uint(id))
	if err != nil {
		return err
	}
	tk, err := convertCopy[CopyTicket](v)
	if err != nil {
		return err
	}
	if tk.Status == "deleted" {
		return fmt.Errorf("ticket %d is deleted", tk.ID)
	}
	tk.Status = "open"
	return d.Repo.Update(ctx, tk)
}

// RegisterSavedCopy wires the handlers.
func RegisterSavedCopy(mux *asynq.ServeMux, d *SavedCopyDeps) {
	mux.HandleFunc("copy:close", d.CopyClose)
	mux.HandleFunc("copy:clone", d.CopyClone)
	mux.HandleFunc("copy:verify", d.CopyVerify)
	mux.HandleFunc("copy:reopen", d.CopyReopen)
}
