package gormfix

import (
	"gorm.io/gorm"

	"declared/gormmodels"
)

// SaveTrack is a row's Save with its child rows replaced: each child
// table's scope (the parent's reference, a part of its key) deleted and
// the rows inserted again, in one transaction.
func SaveTrack(db *gorm.DB, m *gormmodels.RpTrack) error { // want SaveTrack:`^effects: db_write/insert rp_tracks; db_write/insert rp_track_details; db_write/delete rp_laps; db_write/upsert-set rp_laps; db_write/delete rp_points; db_write/upsert-set rp_points$`
	return db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Omit("Laps", "Details", "Details.Points").Save(m).Error; err != nil {
			return err
		}
		for i := range m.Laps {
			m.Laps[i].TrackID = m.ID
			m.Laps[i].SortOrder = i
		}
		if err := tx.Where("track_id = ?", m.ID).Delete(&gormmodels.RpLap{}).Error; err != nil {
			return err
		}
		if len(m.Laps) > 0 {
			if err := tx.CreateInBatches(&m.Laps, 500).Error; err != nil {
				return err
			}
		}
		if m.Details != nil {
			if m.Details.TrackID == 0 {
				m.Details.TrackID = m.ID
			}
			if err := tx.Omit("Points").Save(m.Details).Error; err != nil {
				return err
			}
			for i := range m.Details.Points {
				m.Details.Points[i].TrackDetailID = m.Details.ID
				m.Details.Points[i].SortOrder = i
			}
			if err := tx.Where("track_detail_id = ?", m.Details.ID).Delete(&gormmodels.RpPoint{}).Error; err != nil {
				return err
			}
			if len(m.Details.Points) > 0 {
				if err := tx.CreateInBatches(&m.Details.Points, 500).Error; err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// RenumberPoints clears the points of a detail row it has just created:
// the same chain of fields (d.RpBase.ID), but of a row built here, whose
// id is new on each delivery: the insert that follows is not a replace.
func RenumberPoints(db *gorm.DB, pts []gormmodels.RpPoint) error { // want RenumberPoints:`^effects: db_write/insert rp_track_details @p0; db_write/insert rp_points @p0; db_write/delete rp_points @p0$`
	d := &gormmodels.RpTrackDetail{Points: pts}
	if err := db.Omit("Points").Create(d).Error; err != nil {
		return err
	}
	if err := db.Where("track_detail_id = ?", d.ID).Delete(&gormmodels.RpPoint{}).Error; err != nil {
		return err
	}
	return db.CreateInBatches(&d.Points, 500).Error
}

// SaveIntervals replaces a track's intervals: the table's key (id, from
// the embedded base model) is known, so deleting by the track clears a
// scope of it and the insert that follows is a replace.
func SaveIntervals(db *gorm.DB, trackID uint64, iv []gormmodels.RpInterval) error { // want SaveIntervals:`^effects: db_write/delete rp_intervals; db_write/upsert-set rp_intervals$`
	return db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("track_id = ?", trackID).Delete(&gormmodels.RpInterval{}).Error; err != nil {
			return err
		}
		return tx.Create(&iv).Error
	})
}
