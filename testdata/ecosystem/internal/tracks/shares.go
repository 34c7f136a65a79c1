package tracks

// Share is one user's share of a track: one per user and track (the two
// fields name one unique index), numbered by the database.
type Share struct {
	Base
	UserID  uint64 `gorm:"uniqueIndex:idx_share_user_track;not null"`
	TrackID uint64 `gorm:"uniqueIndex:idx_share_user_track;not null"`
}

// AddShare inserts the row it is passed: its key is the callers'.
func (r *Repo) AddShare(s *Share) error { return r.DB.Create(s).Error }

// Lap is a lap counter a job takes from.
type Lap struct {
	Base
	Left int
}

// LapRow reads the counter.
func (r *Repo) LapRow(id uint64) (*Lap, error) {
	var l Lap
	if err := r.DB.First(&l, id).Error; err != nil {
		return nil, err
	}
	return &l, nil
}
