// Package gormmodels declares gorm models whose tables the application
// creates from them at startup (AutoMigrate): their tags' unique keys are
// the tables' keys (triggers.ModelSchema), and a model without one is a
// known table with no key.
package gormmodels

import "gorm.io/gorm"

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

// Migrate creates the tables from the models.
func Migrate(db *gorm.DB) error {
	return db.AutoMigrate(&AssocArticle{}, &AssocLabel{}, &AssocSummary{}, &AssocTag{}, &OutboxEntry{})
}
