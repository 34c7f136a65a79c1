package tracks

// Route has many matches and notes: the association writes of
// jobs.TrackMatches and jobs.TrackNotes (stop 65, summary/keyedrows.go).
type Route struct {
	Base
	Matches []Match
	Notes   []Note
}

// Match links a route and a track: its key is the two ids it links, set
// by the code, so gorm's ON CONFLICT on the key writes the same row on a
// repeat.
type Match struct {
	RouteID uint64 `gorm:"primaryKey;autoIncrement:false"`
	TrackID uint64 `gorm:"primaryKey;autoIncrement:false"`
	Meters  float64
}

// Note is numbered by the database (the base's id): a repeat's rows are
// new rows.
type Note struct {
	Base
	RouteID uint64
	Text    string
}
