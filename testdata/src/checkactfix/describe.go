package checkactfix

import (
	"context"
	"slices"

	"github.com/hibiken/asynq"
)

// IoTClient is an external API client nothing in sight implements: its
// methods are read by their names.
type IoTClient interface {
	ListCACertificates(ctx context.Context, in *ListIn) (*ListOut, error)
	RegisterCACertificate(ctx context.Context, in *RegisterIn) (*RegisterOut, error)
}

type ListIn struct{ Marker string }

type ListOut struct{ Serials []string }

type RegisterIn struct{ Cert, Verification string }

type RegisterOut struct{ ARN string }

type Cloud struct {
	Deps
	IoT IoTClient
}

// RegisterCA lists the registered certificates, returns success when the
// serial is there, and otherwise signs a verification certificate (a row
// inserted) and registers the certificate: describe-then-create, two calls
// and not one, so two deliveries at once both find it missing and both
// register.
func (c *Cloud) RegisterCA(ctx context.Context, t *asynq.Task) error { // want RegisterCA:`^handler asynq` RegisterCA:`^effects: db_write/insert verifications issue=check-then-act; dynamic_call/call \(checkactfix.IoTClient\).ListCACertificates reads=http/get; dynamic_call/call \(checkactfix.IoTClient\).RegisterCACertificate; db_write/update-set cas$`
	_, err := c.register(ctx, string(t.Payload()), true)
	return err
}

func (c *Cloud) register(ctx context.Context, serial string, primary bool) (arn string, err error) { // want register:`^effects: db_write/insert verifications issue=check-then-act; dynamic_call/call \(checkactfix.IoTClient\).ListCACertificates reads=http/get; dynamic_call/call \(checkactfix.IoTClient\).RegisterCACertificate; db_write/update-set cas$`
	out, err := c.IoT.ListCACertificates(ctx, &ListIn{}) // want `check-then-act: this look-up of \(checkactfix.IoTClient\).ListCACertificates and its creation at checkactfix/describe.go:\d+ are two calls`
	if err != nil {
		return "", err
	}
	registered := false
	idx := slices.IndexFunc(out.Serials, func(s string) bool { return s == serial })
	if idx != -1 {
		registered = true
	}
	if registered {
		return "", nil // registered before
	}
	defer func() {
		if err != nil {
			_, _ = c.Pool.Exec(ctx, "update cas set status = 'failed' where serial = $1", serial)
		}
	}()
	in := &RegisterIn{Cert: serial}
	if primary {
		if _, err := c.Pool.Exec(ctx, "insert into verifications (serial) values ($1)", serial); err != nil {
			return "", err
		}
		in.Verification = serial
	}
	res, err := c.IoT.RegisterCACertificate(ctx, in)
	if err != nil {
		return "", err
	}
	return res.ARN, nil
}

// RegisterAlways registers without looking first: no check, the insert is
// plainly unguarded.
func (c *Cloud) RegisterAlways(ctx context.Context, t *asynq.Task) error { // want RegisterAlways:`^handler asynq` RegisterAlways:`effects: .*db_write/insert verifications[;$]` `unguarded: handler \(\*checkactfix.Cloud\).RegisterAlways \(asynq task "registeralways"\) repeats its side effects when a job is delivered twice: insert into verifications`
	if _, err := c.Pool.Exec(ctx, "insert into verifications (serial) values ($1)", "s"); err != nil {
		return err
	}
	_, err := c.IoT.RegisterCACertificate(ctx, &RegisterIn{Cert: "s"})
	return err
}

func RegisterCloud(mux *asynq.ServeMux, c *Cloud) { // want RegisterCloud:`^no effects$`
	mux.HandleFunc("registerca", c.RegisterCA)
	mux.HandleFunc("registeralways", c.RegisterAlways)
}

// EventStore is a repository nothing in sight implements.
type EventStore interface {
	FindEventByID(ctx context.Context, id string) (string, error)
	CreateEvent(ctx context.Context, id string) error
}

type Events struct {
	Deps
	Store EventStore
}

// CreateOnce looks the event up in its repository and creates it when it
// is missing: a table's row, whose unique key decides a second insert, not
// an external describe-then-create; the insert before it is plainly
// unguarded.
func (c *Events) CreateOnce(ctx context.Context, t *asynq.Task) error { // want CreateOnce:`^handler asynq` CreateOnce:`effects: db_write/insert notices;` `unguarded: handler \(\*checkactfix.Events\).CreateOnce \(asynq task "createonce"\) repeats its side effects when a job is delivered twice: insert into notices`
	if _, err := c.Store.FindEventByID(ctx, "e"); err == nil {
		return nil
	}
	if _, err := c.Pool.Exec(ctx, "insert into notices (email) values ($1)", "e"); err != nil {
		return err
	}
	return c.Store.CreateEvent(ctx, "e")
}

func RegisterEvents(mux *asynq.ServeMux, c *Events) { // want RegisterEvents:`^no effects$`
	mux.HandleFunc("createonce", c.CreateOnce)
}
