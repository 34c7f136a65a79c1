package jobs

import (
	"context"
	"strconv"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

// A gorm count as the look-up of find-or-create (stop 66), on the real
// gorm over the article models of assoc.go: Model(…).Where(…).Count(&n)
// reads the model's table, and n compared with zero is its "not found".
//   - CountLabel: a label inserted when none is counted; article_labels
//     has no unique key, so two overlapping deliveries both count zero and
//     both insert (check-then-act).
//   - CountSummary (near miss): the same on article_summaries, whose
//     unique article_id turns the second insert away (no finding).

// GormCountDeps are the clients of these handlers.
type GormCountDeps struct {
	DB     *gorm.DB
	Labels LabelStore // the store of gormcountbool.go
}

// CountLabel inserts the article's "new" label unless one is counted.
func (d *GormCountDeps) CountLabel(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var n int64
	if err := d.DB.WithContext(ctx).Model(&ArticleLabel{}).Where("article_id = ? AND name = ?", id, "new").Count(&n).Error; err != nil {
		return err
	}
	if n == 0 {
		if err := d.DB.WithContext(ctx).Create(&ArticleLabel{ArticleID: uint(id), Name: "new"}).Error; err != nil {
			return err
		}
	}
	return nil
}

// CountSummary inserts the article's summary unless one is counted.
func (d *GormCountDeps) CountSummary(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var n int64
	if err := d.DB.WithContext(ctx).Model(&ArticleSummary{}).Where("article_id = ?", id).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	return d.DB.WithContext(ctx).Create(&ArticleSummary{ArticleID: uint(id), Text: "pending"}).Error
}

// RegisterGormCount registers the count handlers.
func RegisterGormCount(mux *asynq.ServeMux, d *GormCountDeps) {
	mux.HandleFunc("count:label", d.CountLabel)
	mux.HandleFunc("count:summary", d.CountSummary)
	registerGormCountBool(mux, d)
}
