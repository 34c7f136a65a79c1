package gormfix

import (
	"context"
	"errors"
	"strconv"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"

	"declared/gormmodels"
)

// The find-or-create form on PostgreSQL (guard/findcreate.go): a helper
// looks the article's summary up on the transaction, returns when it is
// there, creates it otherwise (a unique-key violation, PostgreSQL's
// SQLSTATE, taken as success) and then collects a task, which the handler
// enqueues after the commit. The collection is filled on both outcomes of
// the create, but a redelivery finds the summary, and an overlapping one's
// violation aborts the transaction, whose commit then fails.

// isPGDuplicate recognises PostgreSQL's unique-key violation only.
func isPGDuplicate(err error) bool { // want isPGDuplicate:`^effects: tests for a unique-key violation$`
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// createSummaryPG creates a summary and takes PostgreSQL's violation as
// success.
func createSummaryPG(tx *gorm.DB, row *gormmodels.AssocSummary) error { // want createSummaryPG:`^effects: db_write/insert assoc_summaries @p0 guarded=processed_jobs$`
	err := tx.Create(row).Error
	if isPGDuplicate(err) {
		return nil
	}
	return err
}

// createSummaryAny takes gorm's translated violation as success: which
// database it came from is not known.
func createSummaryAny(tx *gorm.DB, row *gormmodels.AssocSummary) error { // want createSummaryAny:`^effects: db_write/insert assoc_summaries @p0 guarded=processed_jobs$`
	err := tx.Create(row).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return nil
	}
	return err
}

// summarise is the find-or-create: the look-up and the create run on the
// handle it is given; whether that is a transaction its callers decide.
func (s *Assoc) summarise(tx *gorm.DB, id uint64, ob *outbox) error { // want summarise:`^effects: db_write/insert assoc_summaries @p1 guarded=processed_jobs; memory_write/insert gormfix.outbox.tasks @p1 holder=p3 guarded=processed_jobs; db_read/select assoc_articles @p1; db_read/select assoc_summaries$`
	var a gormmodels.AssocArticle
	if err := tx.Preload("Summary").First(&a, id).Error; err != nil {
		return err
	}
	if a.Summary != nil {
		return nil
	}
	if err := createSummaryPG(tx, &gormmodels.AssocSummary{AssocArticleID: a.ID, Text: a.Title}); err != nil {
		return err
	}
	ob.add("summarised", nil)
	return nil
}

// FindOrCreate: the helper runs in the transaction; the enqueue after the
// commit runs only over tasks of summaries this delivery created.
func (s *Assoc) FindOrCreate(ctx context.Context, t *asynq.Task) error { // want FindOrCreate:`^effects: db_write/insert assoc_summaries guarded=processed_jobs; publish/enqueue asynq guarded=processed_jobs; db_read/select assoc_articles; db_read/select assoc_summaries$`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	ob := newOutbox()
	err := s.DB.Transaction(func(tx *gorm.DB) error {
		return s.summarise(tx, id, ob)
	})
	if err != nil {
		return err
	}
	return ob.flush(s.Q)
}

// FindOrCreateNoTx, near miss: the same helper on the pool: the insert
// commits alone, and an overlapping delivery's violation, taken as
// success, collects the task again.
func (s *Assoc) FindOrCreateNoTx(ctx context.Context, t *asynq.Task) error { // want FindOrCreateNoTx:`^effects: db_write/insert assoc_summaries guarded=processed_jobs; publish/enqueue asynq; db_read/select assoc_articles; db_read/select assoc_summaries$` `unguarded: handler \(\*gormfix.Assoc\).FindOrCreateNoTx`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	ob := newOutbox()
	if err := s.summarise(s.DB, id, ob); err != nil {
		return err
	}
	return ob.flush(s.Q)
}

// FindOrCreateNoCheck, near miss: no look-up before the create, whose
// violation is taken as success: the task is collected on both outcomes.
func (s *Assoc) FindOrCreateNoCheck(ctx context.Context, t *asynq.Task) error { // want FindOrCreateNoCheck:`^effects: db_write/insert assoc_summaries guarded=processed_jobs; publish/enqueue asynq$` `unguarded: handler \(\*gormfix.Assoc\).FindOrCreateNoCheck`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	ob := newOutbox()
	err := s.DB.Transaction(func(tx *gorm.DB) error {
		if err := createSummaryPG(tx, &gormmodels.AssocSummary{AssocArticleID: uint(id)}); err != nil {
			return err
		}
		ob.add("summarised", nil)
		return nil
	})
	if err != nil {
		return err
	}
	return ob.flush(s.Q)
}

// FindOrCreateAnyDB, near miss: the violation is gorm's translated error,
// not known to be PostgreSQL's: on MySQL the transaction goes on and
// commits the overlapping delivery's task.
func (s *Assoc) FindOrCreateAnyDB(ctx context.Context, t *asynq.Task) error { // want FindOrCreateAnyDB:`^effects: db_write/insert assoc_summaries guarded=processed_jobs; publish/enqueue asynq; db_read/select assoc_articles; db_read/select assoc_summaries$` `unguarded: handler \(\*gormfix.Assoc\).FindOrCreateAnyDB`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	ob := newOutbox()
	err := s.DB.Transaction(func(tx *gorm.DB) error {
		var a gormmodels.AssocArticle
		if err := tx.Preload("Summary").First(&a, id).Error; err != nil {
			return err
		}
		if a.Summary != nil {
			return nil
		}
		if err := createSummaryAny(tx, &gormmodels.AssocSummary{AssocArticleID: a.ID}); err != nil {
			return err
		}
		ob.add("summarised", nil)
		return nil
	})
	if err != nil {
		return err
	}
	return ob.flush(s.Q)
}

// FindOrCreateLookupApart: the look-up runs on the pool, outside the
// transaction that creates the row: still guarded, as a redelivery sees
// the committed summary there too, and the overlap is the abort's.
func (s *Assoc) FindOrCreateLookupApart(ctx context.Context, t *asynq.Task) error { // want FindOrCreateLookupApart:`^effects: db_write/insert assoc_summaries guarded=processed_jobs; publish/enqueue asynq guarded=processed_jobs; db_read/select assoc_articles; db_read/select assoc_summaries$`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	ob := newOutbox()
	err := s.DB.Transaction(func(tx *gorm.DB) error {
		var a gormmodels.AssocArticle
		if err := s.DB.Preload("Summary").First(&a, id).Error; err != nil {
			return err
		}
		if a.Summary != nil {
			return nil
		}
		if err := createSummaryPG(tx, &gormmodels.AssocSummary{AssocArticleID: a.ID}); err != nil {
			return err
		}
		ob.add("summarised", nil)
		return nil
	})
	if err != nil {
		return err
	}
	return ob.flush(s.Q)
}

// FindOrCreateFlushInside, near miss: the enqueue runs inside the
// transaction's callback, before the commit the abort would fail: an
// overlapping delivery enqueues the task before its transaction ends.
func (s *Assoc) FindOrCreateFlushInside(ctx context.Context, t *asynq.Task) error { // want FindOrCreateFlushInside:`^effects: db_write/insert assoc_summaries guarded=processed_jobs; publish/enqueue asynq; db_read/select assoc_articles; db_read/select assoc_summaries$` `unguarded: handler \(\*gormfix.Assoc\).FindOrCreateFlushInside`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	ob := newOutbox()
	return s.DB.Transaction(func(tx *gorm.DB) error {
		if err := s.summarise(tx, id, ob); err != nil {
			return err
		}
		return ob.flush(s.Q)
	})
}
