package gormmodels

// Models of a replace of child rows (gormfix/replace.go): each child
// table's key is the parent's reference and a sort order, so deleting
// the parent's rows clears a scope of it.

// RpBase is an application's own base model.
type RpBase struct {
	ID uint64 `gorm:"primaryKey"`
}

// RpTrack has laps and one detail row, which has points.
type RpTrack struct {
	RpBase
	Laps    []RpLap        `gorm:"foreignKey:TrackID"`
	Details *RpTrackDetail `gorm:"foreignKey:TrackID"`
}

// RpLap: keyed by (track_id, sort_order).
type RpLap struct {
	TrackID   uint64 `gorm:"not null;primaryKey;index:idx_rp_laps_parent_order,unique"`
	SortOrder int    `gorm:"not null;primaryKey;index:idx_rp_laps_parent_order,unique"`
}

func (RpLap) TableName() string { return "rp_laps" }

// RpTrackDetail: one per track.
type RpTrackDetail struct {
	RpBase
	TrackID uint64    `gorm:"not null;uniqueIndex"`
	Points  []RpPoint `gorm:"foreignKey:TrackDetailID"`
}

// RpPoint: keyed by (track_detail_id, sort_order).
type RpPoint struct {
	TrackDetailID uint64 `gorm:"not null;primaryKey;index:idx_rp_points_parent_order,unique"`
	SortOrder     int    `gorm:"not null;primaryKey;index:idx_rp_points_parent_order,unique"`
}

func (RpPoint) TableName() string { return "rp_points" }

// RpInterval: its only key is the primary key of the package's base
// model it embeds (gorm reads the embedded struct's fields as its own).
type RpInterval struct {
	RpBase
	TrackID uint64 `gorm:"not null;index"`
	Seconds int
}
