package models

import (
	"net/http"
	"strings"

	"gorm.io/gorm"
)

// RegisterCallbacks adds a gorm callback that runs after every update of
// any model: it posts the change to the events service. Nothing calls
// publishUpdate directly; gorm runs it inside each Update, so a job that
// only updates a row also posts an event.
func RegisterCallbacks(db *gorm.DB) error {
	return db.Callback().Update().After("gorm:update").Register("models:publish_update", publishUpdate)
}

func publishUpdate(db *gorm.DB) {
	if db.Error != nil {
		return
	}
	resp, err := http.Post("https://events.example.com/updates", "text/plain", strings.NewReader(db.Statement.Table))
	if err != nil {
		_ = db.AddError(err)
		return
	}
	resp.Body.Close()
}
