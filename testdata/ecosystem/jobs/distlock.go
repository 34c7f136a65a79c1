package jobs

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// DlLink is the row whose status the sync handlers check and write.
type DlLink struct {
	ID     string
	Status string
}

// DlAccount is a row the refresh handler lists with gorm's Scan.
type DlAccount struct {
	ID        string
	ExpiresAt *time.Time
	Refresh   string
}

// DistLockDeps are the clients of the handlers below (gorm v1.31.2,
// go-redis v9).
type DistLockDeps struct {
	DB  *gorm.DB
	RDB *redis.Client
}

func dlPublish(id string) error {
	resp, err := http.Post("https://docs.example.com/blocks", "text/plain", strings.NewReader(id))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// DistLockSync takes a Redis lock (SETNX, deleted when it returns),
// leaves when the link is ready (gorm First), publishes and marks the
// link ready before the release: guarded.
func (d *DistLockDeps) DistLockSync(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	key := "sync:" + id
	ok, err := d.RDB.SetNX(ctx, key, 1, time.Minute).Result()
	if err != nil || !ok {
		return err
	}
	defer d.RDB.Del(ctx, key)
	var link DlLink
	if err := d.DB.WithContext(ctx).Where("id = ?", id).First(&link).Error; err != nil {
		return err
	}
	if link.Status == "ready" {
		return nil
	}
	if err := dlPublish(id); err != nil {
		return err
	}
	return d.DB.WithContext(ctx).Model(&DlLink{}).Where("id = ?", id).Update("status", "ready").Error
}

// DistLockOnly takes the same lock and checks nothing under it (near
// miss): a delivery after the first finished publishes again.
func (d *DistLockDeps) DistLockOnly(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	key := "sync:" + id
	ok, err := d.RDB.SetNX(ctx, key, 1, time.Minute).Result()
	if err != nil || !ok {
		return err
	}
	defer d.RDB.Del(ctx, key)
	if err := dlPublish(id); err != nil {
		return err
	}
	return d.DB.WithContext(ctx).Model(&DlLink{}).Where("id = ?", id).Update("status", "ready").Error
}

// DlRefreshAll lists the accounts with gorm's Scan, skips those whose
// token is fresh, refreshes the others and upserts the new expiry
// afterwards: check-then-act.
func (d *DistLockDeps) DlRefreshAll(ctx context.Context, t *asynq.Task) error {
	var accounts []DlAccount
	if err := d.DB.WithContext(ctx).Model(&DlAccount{}).Scan(&accounts).Error; err != nil {
		return err
	}
	for _, a := range accounts {
		if a.ExpiresAt != nil && time.Until(*a.ExpiresAt) > 10*time.Minute {
			continue
		}
		resp, err := http.Post("https://auth.example.com/refresh", "text/plain", strings.NewReader(a.Refresh))
		if err != nil {
			continue
		}
		resp.Body.Close()
		next := time.Now().Add(2 * time.Hour)
		a.ExpiresAt = &next
		if err := d.DB.WithContext(ctx).Clauses(clause.OnConflict{UpdateAll: true}).Create(&a).Error; err != nil {
			return err
		}
	}
	return nil
}

// RegisterDistLock registers the handlers above.
func RegisterDistLock(mux *asynq.ServeMux, d *DistLockDeps) {
	mux.HandleFunc("dl:sync", d.DistLockSync)
	mux.HandleFunc("dl:lock-only", d.DistLockOnly)
	mux.HandleFunc("dl:refresh-all", d.DlRefreshAll)
}
