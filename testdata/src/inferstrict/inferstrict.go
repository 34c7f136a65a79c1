// Package inferstrict: with -strict, the calls name inference would
// decide stay unknown (unknown-effect), a POST to …/_search stays a POST,
// and a GET to …/create is unknown, not a read.
package inferstrict

import (
	"context"
	"net/http"
	"strings"

	"github.com/hibiken/asynq"
)

type OrderStore interface {
	CreateOrder(ctx context.Context, id string) error
	GetOrder(ctx context.Context, id string) (string, error)
}

type Deps struct{ Orders OrderStore }

func (d *Deps) Create(ctx context.Context, t *asynq.Task) error { // want Create:"^handler asynq" Create:`reads=db_write/insert` `unknown-effect: \(\*inferstrict.Deps\).Create cannot be classified statically: calls \(inferstrict.OrderStore\).CreateOrder through an interface`
	return d.Orders.CreateOrder(ctx, string(t.Payload()))
}

func (d *Deps) Read(ctx context.Context, t *asynq.Task) error { // want Read:"^handler asynq" Read:`reads=db_read/read` `unknown-effect: \(\*inferstrict.Deps\).Read cannot be classified statically: calls \(inferstrict.OrderStore\).GetOrder`
	_, err := d.Orders.GetOrder(ctx, string(t.Payload()))
	return err
}

func Search(ctx context.Context, t *asynq.Task) error { // want Search:`^effects: http/post search.example.com/orders/_search$` `unguarded: handler inferstrict.Search repeats .*http post \(search.example.com/orders/_search\) \(high\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://search.example.com/orders/_search", strings.NewReader(`{}`))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

func CreateByGet(ctx context.Context, t *asynq.Task) error { // want CreateByGet:`^effects: http/get api.example.com/v1/orders/create$` `unknown-effect: inferstrict.CreateByGet cannot be classified statically: http get \(api.example.com/v1/orders/create\) at .*`
	_, err := http.Get("https://api.example.com/v1/orders/create?id=" + string(t.Payload()))
	return err
}
