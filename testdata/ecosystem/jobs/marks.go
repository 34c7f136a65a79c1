package jobs

import (
	"context"
	"encoding/json"
	"log"

	"github.com/hibiken/asynq"

	"example.com/ecosystem/internal/tracks"
)

// Stop 66's hook fact on the real gorm (summary.HookFields; fixture
// gormfix/tagkeyhook.go): a model's BeforeCreate hook in another package
// is read from that package's summary. MarkTrack's mark is unique by
// (user_id, track_id), both from the payload, and its hook (in tracks)
// fills only the checksum: a redelivery's create is refused and logged,
// guarded. Near miss PinSlot: the hook gives the key's slot the clock, so
// nothing is refused: unguarded.

type markMsg struct {
	UserID  uint64 `json:"user_id"`
	TrackID uint64 `json:"track_id"`
}

// MarkTrack records the mark the job names, logging a failure.
func (d *ShareDeps) MarkTrack(ctx context.Context, t *asynq.Task) error {
	var m markMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.Repo.DB.Create(&tracks.Mark{UserID: m.UserID, TrackID: m.TrackID, Note: "seen"}).Error; err != nil {
		log.Printf("mark: %v", err)
	}
	return nil
}

// PinSlot records a pin whose slot the hook fills from the clock.
func (d *ShareDeps) PinSlot(ctx context.Context, t *asynq.Task) error {
	var m markMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.Repo.DB.Create(&tracks.Pin{UserID: m.UserID}).Error; err != nil {
		log.Printf("pin: %v", err)
	}
	return nil
}
