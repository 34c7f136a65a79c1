// Package nkrepo is a gorm repository of nk_orders: the row's only key is
// its id, which Add fills with the order's own UID and AddFresh with a new
// uuid.
package nkrepo

import (
	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Order is a row of nk_orders.
type Order struct {
	ID    string `gorm:"type:varchar(100);primaryKey"`
	Track string
}

// TableName names the table.
func (Order) TableName() string { return "nk_orders" }

// Msg is the message that carries an order.
type Msg struct {
	OrderUID string `json:"order_uid"`
	Track    string `json:"track"`
}

// Orders writes nk_orders with gorm.
type Orders struct{ DB *gorm.DB }

// Add inserts the order under its own UID: a second insert of the same
// order fails on the primary key.
func (r *Orders) Add(m Msg) error {
	o := Order{ID: m.OrderUID, Track: m.Track}
	return r.DB.Create(&o).Error
}

// AddFresh inserts the order under a new uuid: every call adds a row.
func (r *Orders) AddFresh(m Msg) error {
	o := Order{ID: uuid.NewString(), Track: m.Track}
	return r.DB.Create(&o).Error
}
