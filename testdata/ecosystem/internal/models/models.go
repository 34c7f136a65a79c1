// Package models holds the gorm and bun models.
package models

import (
	"net/smtp"

	"gorm.io/gorm"
)

// User is a gorm model whose AfterCreate hook welcomes the new user.
type User struct {
	ID    uint
	Email string
}

// AfterCreate runs inside gorm's Create: every insert of a User sends an
// email, before the surrounding transaction commits.
func (u *User) AfterCreate(tx *gorm.DB) error {
	return smtp.SendMail("mail.example.com:25", nil, "shop@example.com", []string{u.Email}, []byte("Subject: welcome\r\n\r\nHello!"))
}

// Order is a gorm and bun model of the orders table.
type Order struct {
	ID     int64
	Ref    string
	Amount int64
}

// Account is a gorm model of the accounts table.
type Account struct {
	ID      int64
	Balance int64
}

// ProcessedJob is the claim table (processed_jobs, key job_key).
type ProcessedJob struct {
	JobKey string `gorm:"primaryKey" bun:"job_key,pk"`
}

// Counter is a bun model of the counters table.
type Counter struct {
	ID string `bun:"id,pk"`
	N  int64  `bun:"n"`
}
