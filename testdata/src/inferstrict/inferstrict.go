// Package inferstrict: with -strict, the calls name inference would
// decide stay unknown (unknown-effect), a POST to …/_search stays a POST,
// and a GET to …/create is unknown, not a read.
package inferstrict

import (
	"context"
	"net/http"
	"strings"

	"example.org/ordersdk"
	"github.com/hibiken/asynq"
)

type Deps struct{ SDK *ordersdk.Client }

func (d *Deps) Create(ctx context.Context, t *asynq.Task) error { // want Create:`reads=http/post` `unknown-effect: \(\*inferstrict.Deps\).Create cannot be classified statically: example.org/ordersdk.\(\*Client\).CreateOrder makes calls that cannot be resolved here`
	return d.SDK.CreateOrder(ctx, ordersdk.Order{ID: string(t.Payload())})
}

func (d *Deps) Read(ctx context.Context, t *asynq.Task) error { // want Read:`reads=http/get` `unknown-effect: \(\*inferstrict.Deps\).Read cannot be classified statically: example.org/ordersdk.\(\*Client\).GetOrder makes calls`
	_, err := d.SDK.GetOrder(ctx, string(t.Payload()))
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
