package gormfix

import "gorm.io/gorm"

// gorm's Association.Replace and Append save the rows they are given with
// ON CONFLICT on the rows' primary key: rows keyed by the code are written
// over on a repeat, rows the database numbers are created again
// (summary/keyedrows.go).

// AsMatch links a segment and a workout: its key is the two ids it links,
// set by the code.
type AsMatch struct {
	AsSegmentID uint64 `gorm:"primaryKey"`
	WorkoutID   uint64 `gorm:"primaryKey"`
	Distance    float64
}

// AsSegment has many matches, notes, stamps and labels.
type AsSegment struct {
	ID      uint64
	Matches []*AsMatch
	Notes   []AsNote
	Stamps  []AsStamp
	Labels  []AsLabel
	Hooked  []AsHooked
}

// AsNote is numbered by the database (gorm's default id).
type AsNote struct {
	ID          uint64
	AsSegmentID uint64
	Text        string
}

// AsStamp's composite key has an id field, which gorm auto-increments.
type AsStamp struct {
	ID          uint64 `gorm:"primaryKey"`
	AsSegmentID uint64 `gorm:"primaryKey"`
}

// AsLabel is keyed by a string: often a fresh UUID, not read here.
type AsLabel struct {
	Key         string `gorm:"primaryKey"`
	AsSegmentID uint64
}

// AsHooked is keyed by the code, but its BeforeCreate hook may set the key.
type AsHooked struct {
	AsSegmentID uint64 `gorm:"primaryKey"`
	Seq         int    `gorm:"primaryKey;autoIncrement:false"`
}

func (h *AsHooked) BeforeCreate(tx *gorm.DB) error { return nil } // want BeforeCreate:`^no effects$`

// ReplaceMatches: the matches are keyed by the ids they link: a repeat
// writes the same rows.
func ReplaceMatches(db *gorm.DB, s *AsSegment) error { // want ReplaceMatches:`^effects: db_write/upsert-set as_matches$`
	return db.Model(s).Association("Matches").Replace(s.Matches)
}

// AppendMatch appends one match: the same.
func AppendMatch(db *gorm.DB, s *AsSegment, m *AsMatch) error { // want AppendMatch:`^effects: db_write/upsert-set as_matches$`
	return db.Model(s).Association("Matches").Append(m)
}

// ReplaceNotes: notes the database numbers are created again on a repeat.
func ReplaceNotes(db *gorm.DB, s *AsSegment) error { // want ReplaceNotes:`^effects: db_write/unknown as_notes$`
	return db.Model(s).Association("Notes").Replace(s.Notes)
}

// ReplaceStamps: a composite key with an auto-incremented id.
func ReplaceStamps(db *gorm.DB, s *AsSegment) error { // want ReplaceStamps:`^effects: db_write/unknown as_stamps$`
	return db.Model(s).Association("Stamps").Replace(s.Stamps)
}

// ReplaceLabels: a string key, not decided.
func ReplaceLabels(db *gorm.DB, s *AsSegment) error { // want ReplaceLabels:`^effects: db_write/unknown as_labels$`
	return db.Model(s).Association("Labels").Replace(s.Labels)
}

// ReplaceHooked: a hook may set the key.
func ReplaceHooked(db *gorm.DB, s *AsSegment) error { // want ReplaceHooked:`^effects: db_write/unknown as_hookeds$`
	return db.Model(s).Association("Hooked").Replace(s.Hooked)
}

// AppendMixed: a keyed match and a numbered note in one call.
func AppendMixed(db *gorm.DB, s *AsSegment, m *AsMatch, n *AsNote) error { // want AppendMixed:`^effects: db_write/unknown$`
	return db.Model(s).Association("Matches").Append(m, n)
}
