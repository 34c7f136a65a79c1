package gormv1fix

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jinzhu/gorm"
	"github.com/nats-io/nats.go"
)

type Order struct {
	ID    uint
	State string
}

type StockLog struct{ OrderID uint }

// Close reads the order's state with a plain First, and when it is still
// open logs the change and moves the state: two deliveries at once both
// read "open" and both insert the log row (gorm v1's reads are reads, as
// v2's, so the status test is seen as the check).
func (d *Deps) Close(ctx context.Context, t *asynq.Task) error { // want Close:`^effects: db_write/insert stock_logs issue=check-then-act; db_read/select orders; db_write/update-set orders$`
	var o Order
	if err := d.DB.First(&o, 1).Error; err != nil { // want `check-then-act: this check of orders and the write into it at gormv1fix/checkact.go:33 sit on either side of the insert into stock_logs at gormv1fix/checkact.go:30`
		return err
	}
	if o.State != "open" {
		return nil
	}
	if err := d.DB.Create(&StockLog{OrderID: o.ID}).Error; err != nil {
		return err
	}
	return d.DB.Model(&o).Update("state", "closed").Error
}

// find is an application's generic read helper: the destination's type
// is its caller's.
func find(db *gorm.DB, out interface{}, id uint) error { return db.First(out, id).Error } // want find:`^effects: db_read/select @p0$` `check-then-act: this check of orders and the write into it at gormv1fix/checkact.go:53 sit on either side of the insert into stock_logs at gormv1fix/checkact.go:50`

// CloseHelper is Close with the read through find: the read's table is
// the type the caller passes.
func (d *Deps) CloseHelper(ctx context.Context, t *asynq.Task) error { // want CloseHelper:`^effects: db_write/insert stock_logs issue=check-then-act; db_read/select orders; db_write/update-set orders$`
	var o Order
	if err := find(d.DB, &o, 1); err != nil {
		return err
	}
	if o.State != "open" {
		return nil
	}
	if err := d.DB.Create(&StockLog{OrderID: o.ID}).Error; err != nil {
		return err
	}
	return d.DB.Model(&o).Update("state", "closed").Error
}

// Audit reads through find into a map, which names no table: no read of
// a table, so the log insert is unguarded and no check is paired.
func (d *Deps) Audit(ctx context.Context, t *asynq.Task) error { // want Audit:`^effects: db_write/insert stock_logs$` `unguarded: handler \(\*gormv1fix.Deps\).Audit`
	m := map[string]interface{}{}
	if err := find(d.DB, &m, 1); err != nil {
		return err
	}
	return d.DB.Create(&StockLog{OrderID: 1}).Error
}

// OnClose is Close on a core NATS subscription, delivered at most once:
// the same read-then-act has no second delivery to race with, so no
// check-then-act (nor unguarded) is reported.
func (d *Deps) OnClose(m *nats.Msg) { // want OnClose:`^effects: db_write/insert stock_logs issue=check-then-act; db_read/select orders; db_write/update-set orders$`
	var o Order
	if err := d.DB.First(&o, 1).Error; err != nil {
		return
	}
	if o.State != "open" {
		return
	}
	if err := d.DB.Create(&StockLog{OrderID: o.ID}).Error; err != nil {
		return
	}
	_ = d.DB.Model(&o).Update("state", "closed").Error
}

func (d *Deps) Subscribe(nc *nats.Conn) { // want Subscribe:"no effects"
	_, _ = nc.Subscribe("orders.close", d.OnClose)
}
