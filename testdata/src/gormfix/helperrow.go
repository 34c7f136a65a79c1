package gormfix

import (
	"context"
	"fmt"
	"strconv"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"declared/gormmodels"
)

// summaryRow gives the article's summary row, or nil when the article
// already has one (loaded with it): the row the caller creates is this
// function's result, built by another helper.
func summaryRow(a *gormmodels.AssocArticle) (*gormmodels.AssocSummary, error) { // want summaryRow:`^no effects$`
	if a.Summary != nil {
		return nil, nil
	}
	return newSummary(a), nil
}

// newSummary fills the row's reference from the article it is handed.
func newSummary(a *gormmodels.AssocArticle) *gormmodels.AssocSummary { // want newSummary:`^no effects$`
	return &gormmodels.AssocSummary{AssocArticleID: a.ID, Text: a.Title}
}

// Digest creates the row a helper builds, in a transaction closure that
// captures it: the row's type holds a unique key on the article's
// reference, filled from the article read here, so a second delivery's
// create fails on it, and the enqueue after the transaction runs only
// when the create succeeded. The create's failure is returned (the
// field read twice: tested, then wrapped), and the retry it asks for
// finds the row loaded with the article and takes the builder's "nothing
// to build" return: no duplicate-as-error.
func (s *Assoc) Digest(ctx context.Context, t *asynq.Task) error { // want Digest:`^effects: db_write/insert assoc_summaries guarded=processed_jobs; publish/enqueue asynq guarded=processed_jobs; db_read/select assoc_articles; db_read/select assoc_summaries$`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var a gormmodels.AssocArticle
	if err := s.DB.Preload("Summary").First(&a, id).Error; err != nil {
		return err
	}
	row, err := summaryRow(&a)
	if err != nil {
		return err
	}
	if row == nil {
		return nil
	}
	err = s.DB.Transaction(func(tx *gorm.DB) error {
		res := tx.Create(row)
		if res.Error != nil {
			return fmt.Errorf("creating the summary: %w", res.Error)
		}
		return nil
	})
	if err != nil {
		return err
	}
	_, err = s.Q.Enqueue(asynq.NewTask("digested", t.Payload()))
	return err
}

// noteRow builds a label row: its table has no unique key on the
// reference.
func noteRow(a *gormmodels.AssocArticle) *gormmodels.AssocLabel { // want noteRow:`^no effects$`
	return &gormmodels.AssocLabel{AssocArticleID: a.ID, Name: a.Title}
}

// Note is the near miss: the helper's row has no unique key, so a second
// delivery inserts another and enqueues again.
func (s *Assoc) Note(ctx context.Context, t *asynq.Task) error { // want Note:`^effects: db_write/insert assoc_labels; publish/enqueue asynq; db_read/select assoc_articles$` `unguarded: handler \(\*gormfix.Assoc\).Note`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var a gormmodels.AssocArticle
	if err := s.DB.First(&a, id).Error; err != nil {
		return err
	}
	row := noteRow(&a)
	err := s.DB.Transaction(func(tx *gorm.DB) error {
		return tx.Create(row).Error
	})
	if err != nil {
		return err
	}
	_, err = s.Q.Enqueue(asynq.NewTask("noted", t.Payload()))
	return err
}

// briefRow builds a summary row from the text it is given, nil for an
// empty one: its "nothing built" is decided by no field of a row it was
// handed.
func briefRow(id uint, text string) *gormmodels.AssocSummary { // want briefRow:`^no effects$`
	if text == "" {
		return nil
	}
	return &gormmodels.AssocSummary{AssocArticleID: id, Text: text}
}

// Brief is the near miss of the retry's answer: the builder's nil says
// nothing about a summary already stored, so the retry of an overlapping
// delivery's failed create fails again (duplicate-as-error); the enqueue
// after the create is still guarded by it.
func (s *Assoc) Brief(ctx context.Context, t *asynq.Task) error { // want Brief:`^effects: db_write/insert assoc_summaries; publish/enqueue asynq guarded=processed_jobs$` `duplicate-as-error: a second delivery's insert into assoc_summaries`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	row := briefRow(uint(id), string(t.Payload()))
	if row == nil {
		return nil
	}
	err := s.DB.Transaction(func(tx *gorm.DB) error {
		return tx.Create(row).Error
	})
	if err != nil {
		return err
	}
	_, err = s.Q.Enqueue(asynq.NewTask("briefed", t.Payload()))
	return err
}
