package gormfix

import "gorm.io/gorm"

// A gorm Update whose value was computed from a row the function read
// before: a second delivery reads the first one's result and moves the
// value again (summary/model.go changedSet).

// RmwLap is a lap counter.
type RmwLap struct {
	ID   uint64
	Left int
}

// TakeLap writes the counter read, minus one: an increment.
func TakeLap(db *gorm.DB, id uint64) error { // want TakeLap:`^effects: db_write/update-increment rmw_laps @p0; db_read/select rmw_laps @p0$`
	var l RmwLap
	if err := db.First(&l, id).Error; err != nil {
		return err
	}
	return db.Model(&RmwLap{}).Where("id = ?", id).Update("left", l.Left-1).Error
}

// ResetLap writes a constant after the read (near miss): a set.
func ResetLap(db *gorm.DB, id uint64) error { // want ResetLap:`^effects: db_read/select rmw_laps @p0; db_write/update-set rmw_laps @p0$`
	var l RmwLap
	if err := db.First(&l, id).Error; err != nil {
		return err
	}
	return db.Model(&RmwLap{}).Where("id = ?", id).Update("left", 10).Error
}

// KeepLap writes back the value read unchanged (near miss): a set.
func KeepLap(db *gorm.DB, id uint64) error { // want KeepLap:`^effects: db_read/select rmw_laps @p0; db_write/update-set rmw_laps @p0$`
	var l RmwLap
	if err := db.First(&l, id).Error; err != nil {
		return err
	}
	return db.Model(&RmwLap{}).Where("id = ?", id).Update("left", l.Left).Error
}
