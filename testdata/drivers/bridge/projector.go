package bridge

import (
	"context"
	"net/http"

	"github.com/ThreeDotsLabs/watermill/message"

	"example.com/drivers/bridge/ledger"
)

// The same projection with the ledger and the chat provider behind
// interfaces (stop 63's serialmarkwp, orako's projector): the check is a
// test of an element of the rows an interface call returned, the mark and
// the post interface calls in a static helper. Only the whole program
// joins them; on the sequential bus the mark guards the post
// (ProjectSerial), on the GoChannel that does not wait it does not
// (ProjectOverlapping).

type rowLedger interface {
	ByConversation(ctx context.Context, conv string) ([]ledger.Row, error)
	SetState(ctx context.Context, id int64, state string) error
}

type provider interface {
	Deliver(ctx context.Context, text string) error
}

// chat posts to the chat service.
type chat struct{}

func (chat) Deliver(ctx context.Context, text string) error {
	resp, err := http.Post("https://chat.example.com/post", "text/plain", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Projector holds the ledger and the provider.
type Projector struct {
	Ledger   rowLedger
	Provider provider
}

// ProjectSerial runs the projector on the sequential bus.
func (p *Projector) ProjectSerial(msg *message.Message) error {
	return projectRows(msg.Context(), p.Ledger, p.Provider, string(msg.Payload))
}

// ProjectOverlapping runs it on the GoChannel that does not wait.
func (p *Projector) ProjectOverlapping(msg *message.Message) error {
	return projectRows(msg.Context(), p.Ledger, p.Provider, string(msg.Payload))
}

func projectRows(ctx context.Context, l rowLedger, p provider, conv string) error {
	rows, err := l.ByConversation(ctx, conv)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if r.State == "resolved" || r.State == "reserving" {
			continue
		}
		if err := projectRow(ctx, l, p, r); err != nil {
			return err
		}
	}
	return nil
}

func projectRow(ctx context.Context, l rowLedger, p provider, r ledger.Row) error {
	if err := l.SetState(ctx, r.ID, "reserving"); err != nil {
		return err
	}
	if err := p.Deliver(ctx, "closed"); err != nil {
		_ = l.SetState(ctx, r.ID, r.State) // given back for the retry
		return err
	}
	return l.SetState(ctx, r.ID, "resolved")
}
