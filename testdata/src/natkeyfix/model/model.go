// Package model declares an order model whose table its TableName()
// names, used from another package (natkeyfix.Imported): the importer
// reads the name from this package's fact.
package model

type Order struct {
	ID    string `gorm:"type:varchar(100);primaryKey"`
	Track string
}

func (Order) TableName() string { return "nk_orders" } // want TableName:"no effects" TableName:`const "nk_orders"`
