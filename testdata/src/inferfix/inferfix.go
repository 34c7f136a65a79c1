// Package inferfix covers name inference: calls the analysis cannot
// follow read as a reviewer reads them. A third-party client's calls whose
// code nothing resolves: a creation with a payload is an inferred insert,
// a welcome email an inferred email, a read returning data an inferred
// read (by: name, confidence medium); an amount's update stays unknown. A
// POST to …/_search is a read, a GET to …/create is not. A call the
// catalog models (a Find… that updates) or whose code shows a write (a
// Get… that POSTs) is never decided by its name.
package inferfix

import (
	"context"
	"net/http"
	"strings"

	"example.org/notes"
	"example.org/ordersdk"
	"github.com/hibiken/asynq"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
)

type Deps struct {
	SDK   *ordersdk.Client
	Mongo *mongo.Database
}

func (d *Deps) Create(ctx context.Context, t *asynq.Task) error { // want Create:`^effects: dynamic_call/call \(\*ordersdk.Client\).CreateOrder reads=http/post$` `unguarded: handler \(\*inferfix.Deps\).Create repeats .*http post \(inferred from the name \(\*ordersdk.Client\).CreateOrder\) \(high\) .*inferred from the name \(\*ordersdk.Client\).CreateOrder: a creation with a payload; example.org/ordersdk.\(\*Client\).CreateOrder makes calls that cannot be resolved here\); confidence medium: decided from names, not followed in code; path:`
	return d.SDK.CreateOrder(ctx, ordersdk.Order{ID: string(t.Payload())})
}

func (d *Deps) Welcome(ctx context.Context, t *asynq.Task) error { // want Welcome:`reads=email/send` `unguarded: handler \(\*inferfix.Deps\).Welcome repeats .*email send \(inferred from the name \(\*ordersdk.Client\).SendWelcomeEmail\) \(high\)`
	return d.SDK.SendWelcomeEmail(ctx, string(t.Payload()))
}

// Read only reads: safe, inferred (no finding).
func (d *Deps) Read(ctx context.Context, t *asynq.Task) error { // want Read:`^effects: dynamic_call/call \(\*ordersdk.Client\).GetOrder reads=http/get$`
	_, err := d.SDK.GetOrder(ctx, string(t.Payload()))
	return err
}

// Balance changes an amount: no reading decides it.
func (d *Deps) Balance(ctx context.Context, t *asynq.Task) error { // want Balance:`^effects: dynamic_call/call \(\*ordersdk.Client\).UpdateBalance$`
	return d.SDK.UpdateBalance(ctx, "a", 1)
}

// Token calls a Get… whose code POSTs: the code decides (http post), and
// its unresolved rest stays unknown rather than read.
func (d *Deps) Token(ctx context.Context, t *asynq.Task) error { // want Token:`^effects: http/post auth.example.org/token; dynamic_call/call \(\*ordersdk.Client\).GetToken$` `unguarded: handler \(\*inferfix.Deps\).Token repeats .*http post \(auth.example.org/token\) \(high\) at example.org/ordersdk/ordersdk.go:\d+ is not guarded; path:`
	_, err := d.SDK.GetToken(ctx)
	return err
}

// FindAndInc calls a Find… that the catalog models as an update with
// $inc: a write, whatever its name reads as.
func (d *Deps) FindAndInc(ctx context.Context, t *asynq.Task) error { // want FindAndInc:`^effects: db_write/increment counters$` `unguarded: handler \(\*inferfix.Deps\).FindAndInc .*increment of counters \(medium\) at inferfix/inferfix.go:\d+ is not guarded; path:`
	return d.Mongo.Collection("counters").FindOneAndUpdate(ctx, bson.M{"_id": "seq"}, bson.M{"$inc": bson.M{"n": 1}}).Err()
}

// Search POSTs a query: read by its path, no finding.
func Search(ctx context.Context, t *asynq.Task) error { // want Search:`^effects: http/post search.example.com/orders/_search$`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://search.example.com/orders/_search", strings.NewReader(`{"query":{}}`))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// CreateByGet GETs a path that names an action: not a read.
func CreateByGet(ctx context.Context, t *asynq.Task) error { // want CreateByGet:`^effects: http/get api.example.com/v1/orders/create$` `unguarded: handler inferfix.CreateByGet repeats .*http get \(api.example.com/v1/orders/create\) \(medium\) .*a GET that names an action \(create\), not taken as a read; a creation with a payload\); confidence medium`
	_, err := http.Get("https://api.example.com/v1/orders/create?id=" + string(t.Payload()))
	return err
}

// Bulk inserts many: "bulk" qualifies the verb (an inferred post to
// another party: high).
func (d *Deps) Bulk(ctx context.Context, t *asynq.Task) error { // want Bulk:`^effects: dynamic_call/call \(\*ordersdk.Client\).BulkInsertOrders reads=http/post$` `unguarded: handler \(\*inferfix.Deps\).Bulk repeats .*http post \(inferred from the name \(\*ordersdk.Client\).BulkInsertOrders\) \(high\)`
	return d.SDK.BulkInsertOrders(ctx, []ordersdk.Order{{ID: string(t.Payload())}})
}

// Session builds a client (a constructor), edits an order (a set by
// key) and closes the client: safe, inferred (no finding).
func Session(ctx context.Context, t *asynq.Task) error { // want Session:`^effects: dynamic_call/call ordersdk.NewClient reads=dynamic_call/read; dynamic_call/call \(\*ordersdk.Client\).Close reads=dynamic_call/read; dynamic_call/call \(\*ordersdk.Client\).EditOrder reads=http/put$`
	c := ordersdk.NewClient(nil)
	defer c.Close()
	_, err := c.EditOrder(ctx, ordersdk.Order{ID: string(t.Payload())})
	return err
}

// Pages counts a file's pages: no notification to anyone, and nothing
// else reads it (unknown).
func Pages(ctx context.Context, t *asynq.Task) error { // want Pages:`^effects: dynamic_call/call ordersdk.PageCountFile$`
	_, err := ordersdk.PageCountFile(string(t.Payload()))
	return err
}

// Note creates through a library whose code does network I/O: a post to
// another party, though no name says remote (high, inferred).
func Note(ctx context.Context, t *asynq.Task) error { // want Note:`^effects: network/call \(\*notes.Book\).CreateNote reads=http/post$` `unguarded: handler inferfix.Note repeats .*http post \(inferred from the name \(\*notes.Book\).CreateNote\) \(high\)`
	s := &notes.Book{}
	return s.CreateNote(ctx, string(t.Payload()))
}

// GetUser GETs a user by its id: a plain read, no finding.
func GetUser(ctx context.Context, t *asynq.Task) error { // want GetUser:`^effects: http/get api.example.com/users$`
	resp, err := http.Get("https://api.example.com/users/" + string(t.Payload()))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// PayByGet GETs a URL built from a constant prefix whose last constant
// segment pays: a charge, not a read.
func PayByGet(ctx context.Context, t *asynq.Task) error { // want PayByGet:`^effects: http/get pay.example.com/v1/orders$` `unguarded: handler inferfix.PayByGet repeats .*http get \(pay.example.com/v1/orders\) \(critical\) .*inferred from the path …/\{\}/pay: a GET that names an action \(pay\), not taken as a read; a charge\); confidence medium`
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://pay.example.com/v1/orders/"+string(t.Payload())+"/pay", nil)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// CreateByQuery GETs a URL whose query names the action (?action=…): a
// creation, not a read.
func CreateByQuery(ctx context.Context, t *asynq.Task) error { // want CreateByQuery:`^effects: http/get legacy.example.com/api.php$` `unguarded: handler inferfix.CreateByQuery repeats .*http get \(legacy.example.com/api.php\) \(medium\) .*inferred from the query \?action=create_order&id=\{\}: a GET that names an action \(action=create_order\), not taken as a read; a creation with a payload\); confidence medium`
	resp, err := http.Get("https://legacy.example.com/api.php?action=create_order&id=" + string(t.Payload()))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ActionByQuery GETs a URL whose query's action is set at run time: not a
// read, and not known either.
func ActionByQuery(ctx context.Context, t *asynq.Task) error { // want ActionByQuery:`^effects: http/get legacy.example.com/api.php$`
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://legacy.example.com/api.php?action="+string(t.Payload()), nil)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// CreateUserByGet GETs a URL whose path names an action before its last
// segment (/create/user): not a read; left unknown, since what follows the
// verb may make it one (/send/history).
func CreateUserByGet(ctx context.Context, t *asynq.Task) error { // want CreateUserByGet:`^effects: http/get legacy.example.com/create/user$`
	resp, err := http.Get("https://legacy.example.com/create/user?name=" + string(t.Payload()))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// CommentsByGet GETs a post's comments: "post" names a resource here, a
// plain read.
func CommentsByGet(ctx context.Context, t *asynq.Task) error { // want CommentsByGet:`^effects: http/get blog.example.com/post$`
	resp, err := http.Get("https://blog.example.com/post/" + string(t.Payload()) + "/comments")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// SSNTrace POSTs to a look-up service named by a phrase (an SSN trace, a
// records search): read by its path, no finding.
func SSNTrace(ctx context.Context, t *asynq.Task) error { // want SSNTrace:`^effects: http/post checks.example.com/ssntrace$`
	return post(ctx, "https://checks.example.com/ssntrace")
}

// Traces POSTs spans to a collector: "trace" alone names no look-up.
func Traces(ctx context.Context, t *asynq.Task) error { // want Traces:`^effects: http/post otel.example.com/v1/traces$` `unguarded: handler inferfix.Traces repeats .*http post \(otel.example.com/v1/traces\) \(high\)`
	return post(ctx, "https://otel.example.com/v1/traces")
}

// StackTrace uploads a crash report: a write, though it ends in "trace".
func StackTrace(ctx context.Context, t *asynq.Task) error { // want StackTrace:`^effects: http/post crash.example.com/stacktrace$` `unguarded: handler inferfix.StackTrace repeats .*http post \(crash.example.com/stacktrace\) \(high\)`
	return post(ctx, "https://crash.example.com/stacktrace")
}

func post(ctx context.Context, url string) error { // want post:`^effects: http/post http url=p1$`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(`{}`))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// Quiesce closes the client after a wait given in milliseconds: a
// connection's lifecycle, no effect (safe, inferred).
func Quiesce(ctx context.Context, t *asynq.Task) error { // want Quiesce:`^effects: dynamic_call/call \(\*ordersdk.Client\).Disconnect reads=dynamic_call/read$`
	c := &ordersdk.Client{}
	c.Disconnect(250)
	return nil
}

// Kick disconnects a user of a service: the number names whom, unknown.
func Kick(ctx context.Context, t *asynq.Task) error { // want Kick:`^effects: dynamic_call/call \(\*ordersdk.Hub\).Disconnect$`
	h := &ordersdk.Hub{}
	return h.Disconnect(int64(len(t.Payload())))
}
