// Package gormmodels declares gorm models whose tables the application
// creates from them at startup (AutoMigrate): their tags' unique keys are
// the tables' keys (triggers.ModelSchema), and a model without one is a
// known table with no key.
package gormmodels

import (
	"crypto/sha256"
	"time"

	"gorm.io/gorm"
)

// AssocArticle has many labels and one summary.
type AssocArticle struct {
	ID      uint `gorm:"primaryKey"`
	Title   string
	Labels  []AssocLabel
	Summary *AssocSummary
	Tags    []AssocTag
}

// AssocLabel: a plain index on the article's reference, no unique key
// holds it: a second set of labels for the same article is accepted.
type AssocLabel struct {
	ID             uint   `gorm:"primaryKey"`
	AssocArticleID uint   `gorm:"not null;index"`
	Name           string `gorm:"not null"`
}

// AssocSummary: one per article (a unique index on the reference).
type AssocSummary struct {
	ID             uint   `gorm:"primaryKey"`
	AssocArticleID uint   `gorm:"not null;uniqueIndex"`
	Text           string `gorm:"not null"`
}

// AssocTag: the reference is part of a named unique group with the
// tag's name.
type AssocTag struct {
	ID             uint   `gorm:"primaryKey"`
	AssocArticleID uint   `gorm:"not null;index:idx_article_tag,unique"`
	Name           string `gorm:"not null;index:idx_article_tag,unique"`
}

// OutboxEntry: one per user and workout (two fields tagged with one index
// name make one composite index, unique as one of them says).
type OutboxEntry struct {
	ID        uint   `gorm:"primaryKey"`
	UserID    uint64 `gorm:"index:idx_outbox_user_workout;not null"`
	WorkoutID uint64 `gorm:"uniqueIndex:idx_outbox_user_workout;not null"`
	Body      string
}

// HookedEntry: one per user and workout, as OutboxEntry; its BeforeCreate
// hook, in this package and not in the one that inserts it, fills the
// checksum only, no column of the key.
type HookedEntry struct {
	ID        uint   `gorm:"primaryKey"`
	UserID    uint64 `gorm:"index:idx_hooked_user_workout;not null"`
	WorkoutID uint64 `gorm:"uniqueIndex:idx_hooked_user_workout;not null"`
	Body      string
	Checksum  []byte `gorm:"not null"`
}

// BeforeCreate fills the checksum of the body.
func (e *HookedEntry) BeforeCreate(_ *gorm.DB) error {
	h := sha256.Sum256([]byte(e.Body))
	e.Checksum = h[:]
	return nil
}

// SlottedEntry: one per user and slot; its BeforeCreate hook gives the
// slot the clock when it is empty, a value new on every insert.
type SlottedEntry struct {
	ID     uint   `gorm:"primaryKey"`
	UserID uint64 `gorm:"index:idx_slotted_user_slot;not null"`
	Slot   int64  `gorm:"uniqueIndex:idx_slotted_user_slot;not null"`
	Body   string
}

// BeforeCreate gives the slot the clock.
func (e *SlottedEntry) BeforeCreate(_ *gorm.DB) error {
	if e.Slot == 0 {
		e.Slot = time.Now().UnixNano()
	}
	return nil
}

// Migrate creates the tables from the models.
func Migrate(db *gorm.DB) error {
	return db.AutoMigrate(&AssocArticle{}, &AssocLabel{}, &AssocSummary{}, &AssocTag{}, &OutboxEntry{}, &HookedEntry{}, &SlottedEntry{})
}
