package jobs

import (
	"context"
	"encoding/json"
	"log"
	"time"

	"github.com/hibiken/asynq"

	"example.com/ecosystem/internal/tracks"
)

// Stop 65's rules on the real gorm and encoding/json:
//   - a create that fails on a duplicate of the job's own key, whose
//     failure the handler only logs, is taken as success (rule65;
//     fixture gormfix/tagkeylog.go): ShareTrack's share is unique by
//     (user_id, track_id), both from the payload, so a redelivery's create
//     is refused and logged: guarded; near miss ShareStamped fills the
//     track column from the clock: nothing is refused, unguarded;
//   - a read-modify-write through gorm's Update (summary/model.go
//     changedSet; fixture gormfix/rmwupdate.go) and a copy of the row read
//     (newapp65; fixture sqlshapes/rmwcopy.go): LapTake copies the counter
//     through a JSON round trip and writes it back minus one: an increment
//     changed from the read; near miss LapReset writes a constant: a set.
//     (Both also run the module's gorm update callback, which posts.)

// ShareDeps are the share jobs' clients.
type ShareDeps struct {
	Repo *tracks.Repo
}

type shareMsg struct {
	UserID  uint64 `json:"user_id"`
	TrackID uint64 `json:"track_id"`
}

// ShareTrack records the share the job names, logging a failure.
func (d *ShareDeps) ShareTrack(ctx context.Context, t *asynq.Task) error {
	var m shareMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.Repo.AddShare(&tracks.Share{UserID: m.UserID, TrackID: m.TrackID}); err != nil {
		log.Printf("share: %v", err)
	}
	return nil
}

// ShareStamped records a share whose track column is the clock.
func (d *ShareDeps) ShareStamped(ctx context.Context, t *asynq.Task) error {
	var m shareMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.Repo.AddShare(&tracks.Share{UserID: m.UserID, TrackID: uint64(time.Now().UnixNano())}); err != nil {
		log.Printf("share: %v", err)
	}
	return nil
}

// copyAs copies data into a T through its JSON.
func copyAs[T any](data any) (T, error) {
	var out T
	raw, err := json.Marshal(data)
	if err != nil {
		return out, err
	}
	err = json.Unmarshal(raw, &out)
	return out, err
}

// LapTake takes one from the counter read.
func (d *ShareDeps) LapTake(ctx context.Context, t *asynq.Task) error {
	id := trackID(t)
	v, err := d.Repo.LapRow(id)
	if err != nil {
		return err
	}
	l, err := copyAs[tracks.Lap](v)
	if err != nil {
		return err
	}
	return d.Repo.DB.Model(&tracks.Lap{}).Where("id = ?", id).Update("left", l.Left-1).Error
}

// LapReset sets the counter to ten.
func (d *ShareDeps) LapReset(ctx context.Context, t *asynq.Task) error {
	id := trackID(t)
	if _, err := d.Repo.LapRow(id); err != nil {
		return err
	}
	return d.Repo.DB.Model(&tracks.Lap{}).Where("id = ?", id).Update("left", 10).Error
}

// RegisterShares adds the share and lap jobs.
func RegisterShares(mux *asynq.ServeMux, d *ShareDeps) {
	mux.HandleFunc("share:track", d.ShareTrack)
	mux.HandleFunc("share:stamped", d.ShareStamped)
	mux.HandleFunc("lap:take", d.LapTake)
	mux.HandleFunc("lap:reset", d.LapReset)
	mux.HandleFunc("mark:track", d.MarkTrack)
	mux.HandleFunc("pin:slot", d.PinSlot)
	mux.HandleFunc("ap:deliver", APDeliver)
	mux.HandleFunc("ap:deliver-plain", APDeliverPlain)
}
