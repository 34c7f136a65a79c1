// Stub of github.com/guregu/null@v4.0.0+incompatible for analysistest: declarations mirror the real API (subset); bodies are empty.

package null

import (
	"database/sql"
	"time"
)

type String struct {
	sql.NullString
}

func StringFrom(s string) String { return String{} }

type Time struct {
	sql.NullTime
}

func TimeFrom(t time.Time) Time { return Time{} }
