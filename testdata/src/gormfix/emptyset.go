package gormfix

import (
	"context"
	"strconv"
	"strings"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"declared/gormmodels"
)

// Classify: the labels, checked with the article, are created only when
// the computed list is not empty, while the enqueue in the same
// transaction and the one after it run either way: a delivery that finds nothing to label
// records nothing, and every redelivery enqueues again (unguarded), on
// top of the race of two deliveries that both find no label and both
// create them (check-then-act).
func (s *Assoc) Classify(ctx context.Context, t *asynq.Task) error { // want Classify:`^effects: db_write/insert assoc_labels issue=check-then-act; publish/enqueue asynq; publish/enqueue asynq; db_read/select assoc_articles; db_read/select assoc_labels$` `unguarded: handler \(\*gormfix.Assoc\).Classify`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var a gormmodels.AssocArticle
	if err := s.DB.Preload("Labels").First(&a, id).Error; err != nil { // want `check-then-act: this check of assoc_labels, loaded with its parent row`
		return err
	}
	if len(a.Labels) > 0 {
		return nil
	}
	var labels []gormmodels.AssocLabel
	for _, w := range strings.Fields(a.Title) {
		labels = append(labels, gormmodels.AssocLabel{AssocArticleID: a.ID, Name: w})
	}
	err := s.DB.Transaction(func(tx *gorm.DB) error {
		if len(labels) > 0 {
			if err := tx.Create(&labels).Error; err != nil {
				return err
			}
		}
		_, err := s.Q.Enqueue(asynq.NewTask("classified", t.Payload()))
		return err
	})
	if err != nil {
		return err
	}
	_, err = s.Q.Enqueue(asynq.NewTask("indexed", t.Payload()))
	return err
}
