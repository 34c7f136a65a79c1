package jobs

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
)

// gorm shapes on the real gorm, pgx v5 and asynq (issue 28, stops 50 and
// 52), over the article models of assoc.go, each with its near miss:
//   - A row a helper builds carries its model's unique key to the create
//     (RowDigest: the enqueue after it guarded, no finding); a helper's
//     row without one (RowNote: unguarded).
//   - Labels created only when the computed list is not empty leave the
//     enqueues around the create unguarded (RowClassify: check-then-act
//     and unguarded); the near miss, labels created either way, is
//     AssocLabel (assoc.go).
//   - Find-or-create on PostgreSQL: the look-up in the transaction, the
//     insert's violation recognised by SQLSTATE 23505 only, the task
//     enqueued after the commit (FindOrCreateSummary: guarded); the same
//     helper on the pool (FindOrCreateSummaryNoTx: unguarded).

// GormShapeDeps are the clients of these handlers.
type GormShapeDeps struct {
	DB *gorm.DB
	Q  *asynq.Client
}

// digestRow gives the article's summary row, or nil when the article
// already has one.
func digestRow(a *Article) (*ArticleSummary, error) {
	if a.Summary != nil {
		return nil, nil
	}
	return newDigest(a), nil
}

// newDigest fills the row's reference from the article it is handed.
func newDigest(a *Article) *ArticleSummary {
	return &ArticleSummary{ArticleID: a.ID, Text: a.Title}
}

// RowDigest creates the row helpers build, in a transaction closure
// that captures it, then enqueues.
func (d *GormShapeDeps) RowDigest(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var a Article
	if err := d.DB.WithContext(ctx).Preload("Summary").First(&a, id).Error; err != nil {
		return err
	}
	row, err := digestRow(&a)
	if err != nil {
		return err
	}
	if row == nil {
		return nil
	}
	err = d.DB.Transaction(func(tx *gorm.DB) error {
		res := tx.Create(row)
		if res.Error != nil {
			return fmt.Errorf("creating the summary: %w", res.Error)
		}
		return nil
	})
	if err != nil {
		return err
	}
	_, err = d.Q.Enqueue(asynq.NewTask("digested", t.Payload()))
	return err
}

// noteLabel builds a label row: no unique key holds its reference.
func noteLabel(a *Article) *ArticleLabel {
	return &ArticleLabel{ArticleID: a.ID, Name: a.Title}
}

// RowNote, the near miss: a second delivery inserts another label and
// enqueues again.
func (d *GormShapeDeps) RowNote(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var a Article
	if err := d.DB.WithContext(ctx).First(&a, id).Error; err != nil {
		return err
	}
	row := noteLabel(&a)
	err := d.DB.Transaction(func(tx *gorm.DB) error {
		return tx.Create(row).Error
	})
	if err != nil {
		return err
	}
	_, err = d.Q.Enqueue(asynq.NewTask("noted", t.Payload()))
	return err
}

// RowClassify creates the labels only when the computed list is not
// empty; the enqueue in the transaction and the one after it run either
// way.
func (d *GormShapeDeps) RowClassify(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	var a Article
	if err := d.DB.WithContext(ctx).Preload("Labels").First(&a, id).Error; err != nil {
		return err
	}
	if len(a.Labels) > 0 {
		return nil
	}
	var labels []ArticleLabel
	for _, w := range strings.Fields(a.Title) {
		labels = append(labels, ArticleLabel{ArticleID: a.ID, Name: w})
	}
	err := d.DB.Transaction(func(tx *gorm.DB) error {
		if len(labels) > 0 {
			if err := tx.Create(&labels).Error; err != nil {
				return err
			}
		}
		_, err := d.Q.Enqueue(asynq.NewTask("classified", t.Payload()))
		return err
	})
	if err != nil {
		return err
	}
	_, err = d.Q.Enqueue(asynq.NewTask("indexed", t.Payload()))
	return err
}

// isPgUniqueViolation recognises PostgreSQL's unique-key violation only.
func isPgUniqueViolation(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// createSummaryOnce creates a summary and takes PostgreSQL's violation
// as success.
func createSummaryOnce(tx *gorm.DB, row *ArticleSummary) error {
	err := tx.Create(row).Error
	if isPgUniqueViolation(err) {
		return nil
	}
	return err
}

// findOrCreateSummary is the find-or-create on the handle it is given.
func findOrCreateSummary(tx *gorm.DB, id uint64, ob *outbox) error {
	var a Article
	if err := tx.Preload("Summary").First(&a, id).Error; err != nil {
		return err
	}
	if a.Summary != nil {
		return nil
	}
	if err := createSummaryOnce(tx, &ArticleSummary{ArticleID: a.ID, Text: a.Title}); err != nil {
		return err
	}
	ob.add("summarised", nil)
	return nil
}

// FindOrCreateSummary: the helper runs in the transaction; the enqueue
// after the commit runs only over tasks of summaries this delivery made.
func (d *GormShapeDeps) FindOrCreateSummary(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	ob := newOutbox()
	err := d.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return findOrCreateSummary(tx, id, ob)
	})
	if err != nil {
		return err
	}
	return ob.flush(d.Q)
}

// FindOrCreateSummaryNoTx, the near miss: the same helper on the pool;
// an overlapping delivery's violation, taken as success, collects the
// task again.
func (d *GormShapeDeps) FindOrCreateSummaryNoTx(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	ob := newOutbox()
	if err := findOrCreateSummary(d.DB.WithContext(ctx), id, ob); err != nil {
		return err
	}
	return ob.flush(d.Q)
}

// RegisterGormShapes wires the handlers of this file.
func RegisterGormShapes(mux *asynq.ServeMux, d *GormShapeDeps) {
	mux.HandleFunc("row:digest", d.RowDigest)
	mux.HandleFunc("row:note", d.RowNote)
	mux.HandleFunc("row:classify", d.RowClassify)
	mux.HandleFunc("summary:findorcreate", d.FindOrCreateSummary)
	mux.HandleFunc("summary:findorcreatenotx", d.FindOrCreateSummaryNoTx)
}
