// Package natkeyfix covers a business key in an id column: a gorm Create
// whose primary key is only an id column, filled from the message (the
// order's own UID, also through a static converter), is an insert a
// redelivery cannot repeat but fails on. Where the caller only logs that
// failure and goes on, the duplicate is taken as success (guarded); where
// the failure is returned, it is duplicate-as-error as for a natural key;
// an id filled from uuid.New stays a surrogate (unguarded).
package natkeyfix

import (
	"context"
	"encoding/json"
	"log"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"natkeyfix/model"
)

type Order struct {
	ID    string `gorm:"type:varchar(100);primaryKey"`
	Track string
}

func (Order) TableName() string { return "nk_orders" } // want TableName:"no effects" TableName:`const "nk_orders"`

type Msg struct {
	OrderUID string `json:"order_uid"`
	Track    string `json:"track"`
}

type Deps struct{ DB *gorm.DB }

func toModel(m Msg) Order { // want toModel:"no effects"
	return Order{ID: m.OrderUID, Track: m.Track}
}

func (d *Deps) add(m Msg) error { // want add:`^effects: db_write/insert nk_orders$`
	o := toModel(m)
	tx := d.DB.Begin()
	if err := tx.Create(&o).Error; err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit().Error
}

func (d *Deps) addFresh(m Msg) error { // want addFresh:`^effects: db_write/insert nk_orders$`
	o := Order{ID: uuid.New().String(), Track: m.Track}
	return d.DB.Create(&o).Error
}

// Logged: the order's UID is the key; the failure of a redelivery's
// insert is only logged: guarded.
func (d *Deps) Logged(ctx context.Context, t *asynq.Task) error { // want Logged:`^effects: db_write/insert nk_orders guarded=processed_jobs$`
	var m Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.add(m); err != nil {
		log.Println("add order:", err)
	}
	return nil
}

// Fresh: a new uuid per delivery: the insert repeats.
func (d *Deps) Fresh(ctx context.Context, t *asynq.Task) error { // want Fresh:`^effects: db_write/insert nk_orders$` `unguarded: handler \(\*natkeyfix.Deps\).Fresh`
	var m Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.addFresh(m); err != nil {
		log.Println("add order:", err)
	}
	return nil
}

// Returned: the redelivery's failure fails the job.
func (d *Deps) Returned(ctx context.Context, t *asynq.Task) error { // want Returned:`^effects: db_write/insert nk_orders$` `duplicate-as-error: a second delivery's insert into nk_orders \(medium\) at natkeyfix/natkeyfix.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) .*, filled from m.OrderUID`
	var m Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	return d.add(m)
}

func toImported(m Msg) model.Order { // want toImported:"no effects"
	return model.Order{ID: m.OrderUID, Track: m.Track}
}

func (d *Deps) addImported(m Msg) error { // want addImported:`^effects: db_write/insert nk_orders$`
	o := toImported(m)
	return d.DB.Create(&o).Error
}

// Imported: the model and its TableName() are another package's; the
// table is still nk_orders (the name comes from model's fact), so the
// UID key guards the logged insert as in Logged.
func (d *Deps) Imported(ctx context.Context, t *asynq.Task) error { // want Imported:`^effects: db_write/insert nk_orders guarded=processed_jobs$`
	var m Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.addImported(m); err != nil {
		log.Println("add order:", err)
	}
	return nil
}

func (d *Deps) addLiteral(m Msg) error { // want addLiteral:`^effects: db_write/insert nk_orders$`
	o := Order{ID: m.OrderUID, Track: m.Track}
	return d.DB.Create(&o).Error
}

// Literal: the model is a composite literal in the helper that creates
// it (go/ssa copies the literal's own local into o): the UID key guards
// the logged insert as in Logged.
func (d *Deps) Literal(ctx context.Context, t *asynq.Task) error { // want Literal:`^effects: db_write/insert nk_orders guarded=processed_jobs$`
	var m Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.addLiteral(m); err != nil {
		log.Println("add order:", err)
	}
	return nil
}

func Main() { // want Main:"no effects"
	d := &Deps{}
	mux := asynq.NewServeMux()
	mux.HandleFunc("logged", d.Logged)
	mux.HandleFunc("fresh", d.Fresh)
	mux.HandleFunc("returned", d.Returned)
	mux.HandleFunc("imported", d.Imported)
	mux.HandleFunc("literal", d.Literal)
}
