package gormfix

import (
	"context"
	"strconv"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"declared/gormmodels"
)

// Assoc loads an article with its associations (Preload), skips it when
// the association already has rows, and creates them otherwise.
type Assoc struct {
	DB *gorm.DB
	Q  *asynq.Client
}

// article loads the article with its tags, in a helper: the caller's
// test of a.Tags is the check.
func (s *Assoc) article(id uint64) (*gormmodels.AssocArticle, error) { // want article:`^effects: db_read/select assoc_articles; db_read/select assoc_tags$`
	var a *gormmodels.AssocArticle
	if err := s.DB.Preload("Tags").First(&a, id).Error; err != nil {
		return nil, err
	}
	return a, nil
}

// Label: the labels, checked with the article, are created where no
// unique key holds their reference to the article: two deliveries at once
// both find none, both insert a set and both enqueue the next task.
func (s *Assoc) Label(ctx context.Context, t *asynq.Task) error { // want Label:`^effects: db_write/insert assoc_labels issue=check-then-act; publish/enqueue asynq issue=check-then-act; db_read/select assoc_articles; db_read/select assoc_labels$`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var a gormmodels.AssocArticle
	if err := s.DB.Preload("Labels").First(&a, id).Error; err != nil { // want `check-then-act: this check of assoc_labels, loaded with its parent row, and the create of its rows at gormfix/assoc.go:\d+ are two statements, and no unique key of assoc_labels holds the rows' reference to the parent: two deliveries at once both find none, both create the rows and both run the publish enqueue \(asynq\)`
		return err
	}
	if len(a.Labels) > 0 {
		return nil
	}
	labels := []gormmodels.AssocLabel{{AssocArticleID: a.ID, Name: "news"}}
	err := s.DB.Transaction(func(tx *gorm.DB) error {
		return tx.Create(&labels).Error
	})
	if err != nil {
		return err
	}
	_, err = s.Q.Enqueue(asynq.NewTask("labelled", t.Payload()))
	return err
}

// Summarize is the near miss: one summary per article (a unique index on
// the reference) turns a second delivery's create away: no
// check-then-act. The key's failure (summary.ormTagKey) is returned, and
// the retry it asks for takes the check's early return (the check reads
// the table the create writes: guard.DoneChecks), so it is no
// duplicate-as-error either; the enqueue runs only after the create
// succeeded. The create itself, made only where the read of its table
// found no summary, is guarded by that find-or-create (guard
// checkedCreates, since stop 54).
func (s *Assoc) Summarize(ctx context.Context, t *asynq.Task) error { // want Summarize:`^effects: db_write/insert assoc_summaries guarded=processed_jobs; publish/enqueue asynq guarded=processed_jobs; db_read/select assoc_articles; db_read/select assoc_summaries$`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var a gormmodels.AssocArticle
	if err := s.DB.Preload("Summary").First(&a, id).Error; err != nil {
		return err
	}
	if a.Summary != nil {
		return nil
	}
	err := s.DB.Transaction(func(tx *gorm.DB) error {
		return tx.Create(&gormmodels.AssocSummary{AssocArticleID: a.ID, Text: a.Title}).Error
	})
	if err != nil {
		return err
	}
	_, err = s.Q.Enqueue(asynq.NewTask("summarized", t.Payload()))
	return err
}

// Tag is the other near miss: the reference is part of the table's named
// unique group (article, name), read in a helper: no check-then-act (the
// insert, whose rows' key is not traced, stays unguarded as before).
func (s *Assoc) Tag(ctx context.Context, t *asynq.Task) error { // want Tag:`^effects: db_write/insert assoc_tags; publish/enqueue asynq; db_read/select assoc_articles; db_read/select assoc_tags$` `unguarded: handler \(\*gormfix.Assoc\).Tag`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	a, err := s.article(id)
	if err != nil {
		return err
	}
	if len(a.Tags) > 0 {
		return nil
	}
	tags := []gormmodels.AssocTag{{AssocArticleID: a.ID, Name: "news"}}
	if err := s.DB.Create(&tags).Error; err != nil {
		return err
	}
	_, err = s.Q.Enqueue(asynq.NewTask("tagged", t.Payload()))
	return err
}
