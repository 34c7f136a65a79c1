package tracks

import (
	"crypto/sha256"
	"time"

	"gorm.io/gorm"
)

// Mark is one user's mark of a track: one per user and track. Its
// BeforeCreate hook, in this package while the jobs package inserts it,
// fills the checksum only: no column of the key.
type Mark struct {
	Base
	UserID   uint64 `gorm:"uniqueIndex:idx_mark_user_track;not null"`
	TrackID  uint64 `gorm:"uniqueIndex:idx_mark_user_track;not null"`
	Note     string
	Checksum []byte
}

// BeforeCreate fills the checksum of the note.
func (m *Mark) BeforeCreate(_ *gorm.DB) error {
	h := sha256.Sum256([]byte(m.Note))
	m.Checksum = h[:]
	return nil
}

// Pin is one user's pin in a slot: its BeforeCreate hook gives the slot,
// a column of the key, the clock when it is empty.
type Pin struct {
	Base
	UserID uint64 `gorm:"uniqueIndex:idx_pin_user_slot;not null"`
	Slot   int64  `gorm:"uniqueIndex:idx_pin_user_slot;not null"`
}

// BeforeCreate gives the slot the clock.
func (p *Pin) BeforeCreate(_ *gorm.DB) error {
	if p.Slot == 0 {
		p.Slot = time.Now().UnixNano()
	}
	return nil
}
