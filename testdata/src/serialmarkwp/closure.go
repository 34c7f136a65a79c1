package serialmarkwp

import (
	"context"
	"errors"
	"strings"

	"github.com/ThreeDotsLabs/watermill/message"

	"serialmarkwp/model"
)

// The shape of orako's BridgeProjector: a constructor returns the handler
// closure over the interfaces; the rows' state is a named type tested
// against another package's constants in separate skips; the provider is
// what an interface call resolves for the row's member.

type rowLedger interface {
	Rows(ctx context.Context, conv string) ([]model.Row, error)
	Mark(ctx context.Context, id int64, state model.State) error
}

type resolver interface {
	ForMember(ctx context.Context, member string) (provider, error)
}

type registry struct{ p provider }

func (r *registry) ForMember(ctx context.Context, member string) (provider, error) { return r.p, nil }

func Projector(l rowLedger, res resolver) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		return projectClosed(msg.Context(), l, res, string(msg.Payload))
	}
}

// LooseProjector is Projector for a subscription that may overlap
// deliveries (near miss): the mark before the post is no guard there.
func LooseProjector(l rowLedger, res resolver) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error { // want `^unguarded: handler serialmarkwp.LooseProjector.func1 .*http post \(chat.example.com/post\)`
		return projectClosed(msg.Context(), l, res, string(msg.Payload))
	}
}

func projectClosed(ctx context.Context, l rowLedger, res resolver, conv string) error {
	winner, conv, _ := strings.Cut(conv, "/")
	rows, err := l.Rows(ctx, conv)
	if err != nil {
		return err
	}
	var errs []error
	for _, row := range rows {
		if row.MemberID == winner {
			continue
		}
		if row.State == model.Failed || row.State == model.Resolved {
			continue
		}
		if row.State == model.Reserving {
			continue
		}
		if err := projectClosedRow(ctx, res, l, row); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func projectClosedRow(ctx context.Context, res resolver, l rowLedger, row model.Row) error {
	prov, err := res.ForMember(ctx, row.MemberID)
	if err != nil {
		return err
	}
	previous := row.State
	if err := l.Mark(ctx, row.ID, model.Reserving); err != nil {
		return err
	}
	if err := prov.Deliver(ctx, "closed"); err != nil {
		_ = l.Mark(ctx, row.ID, previous)
		return err
	}
	return l.Mark(ctx, row.ID, model.Resolved)
}
