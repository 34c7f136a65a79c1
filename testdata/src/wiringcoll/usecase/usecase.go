// Package usecase is a domain package: its ports are interfaces, and New
// copies its parameters into the Usecase value's fields.
package usecase

import "context"

type Repository interface {
	CreateNotification(ctx context.Context, msg string) error
}

type Dispatcher interface {
	Send(ctx context.Context, msg string) error
}

type Usecase struct {
	repo       Repository
	dispatcher Dispatcher
}

func New(repo Repository, dp Dispatcher) Usecase {
	return Usecase{repo: repo, dispatcher: dp}
}

// Notify stores the notification and pushes it.
func (u Usecase) Notify(ctx context.Context, msg string) error {
	if err := u.repo.CreateNotification(ctx, msg); err != nil {
		return err
	}
	return u.dispatcher.Send(ctx, msg)
}
