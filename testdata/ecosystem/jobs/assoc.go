package jobs

import (
	"context"
	"strconv"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

// gorm associations on the real gorm (issue 28, stop 49): an article
// loaded with an association (Preload), skipped when the association
// already has rows and given them otherwise. Where no unique key holds
// the rows' reference to the article, two deliveries at once both find
// none and both create them: check-then-act. One summary per article (a
// unique index on the reference) turns the second create away (the near
// miss).

// Article has many labels and one summary.
type Article struct {
	ID      uint `gorm:"primaryKey"`
	Title   string
	Labels  []ArticleLabel
	Summary *ArticleSummary
}

// ArticleLabel: a plain index on the article's reference, no unique key.
type ArticleLabel struct {
	ID        uint   `gorm:"primaryKey"`
	ArticleID uint   `gorm:"not null;index"`
	Name      string `gorm:"not null"`
}

// ArticleSummary is one per article: a unique index on the reference.
type ArticleSummary struct {
	ID        uint   `gorm:"primaryKey"`
	ArticleID uint   `gorm:"not null;uniqueIndex"`
	Text      string `gorm:"not null"`
}

// AssocLabel creates the article's labels when it has none.
func (d *OutboxDeps) AssocLabel(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var a Article
	if err := d.DB.WithContext(ctx).Preload("Labels").First(&a, id).Error; err != nil {
		return err
	}
	if len(a.Labels) > 0 {
		return nil
	}
	labels := []ArticleLabel{{ArticleID: a.ID, Name: "news"}}
	err := d.DB.Transaction(func(tx *gorm.DB) error {
		return tx.Create(&labels).Error
	})
	if err != nil {
		return err
	}
	_, err = d.Q.Enqueue(asynq.NewTask("labelled", t.Payload()))
	return err
}

// AssocSummarize, the near miss: the summary's unique key turns a second
// delivery's create away.
func (d *OutboxDeps) AssocSummarize(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var a Article
	if err := d.DB.WithContext(ctx).Preload("Summary").First(&a, id).Error; err != nil {
		return err
	}
	if a.Summary != nil {
		return nil
	}
	err := d.DB.Transaction(func(tx *gorm.DB) error {
		return tx.Create(&ArticleSummary{ArticleID: a.ID, Text: a.Title}).Error
	})
	if err != nil {
		return err
	}
	_, err = d.Q.Enqueue(asynq.NewTask("summarized", t.Payload()))
	return err
}
