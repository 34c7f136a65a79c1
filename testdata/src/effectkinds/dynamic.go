package effectkinds

import (
	"context"
	"database/sql"
	"fmt"
	"log"

	"github.com/hibiken/asynq"
	"golang.org/x/text/language/display"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/runtime/protoimpl"
)

// Notifier is a user interface: what its implementations do is not known
// in this package.
type Notifier interface {
	Notify(ctx context.Context, to, msg string) error
}

func notify(ctx context.Context, n Notifier) error { // want notify:`^effects: dynamic_call/call \(effectkinds.Notifier\).Notify reads=push/send$`
	return n.Notify(ctx, "u1", "hello")
}

// Unknown only: the handler's risk is unknown, so no unguarded finding
// (unknown-effect is reported only with -strict).
func (d *Deps) NotifyUser(ctx context.Context, t *asynq.Task) error { // want NotifyUser:`^effects: dynamic_call/call \(effectkinds.Notifier\).Notify reads=push/send$` NotifyUser:`^handler asynq`
	return d.Notifier.Notify(ctx, decode(t).Email, "hello")
}

// A func-typed struct field is a dynamic call.
func (d *Deps) runHook(ctx context.Context) error { // want runHook:`^effects: dynamic_call/call effectkinds.Deps.Hook$`
	return d.Hook(ctx)
}

// A func-typed parameter that is called is left to the caller to resolve.
func withRetry(ctx context.Context, fn func(context.Context) error) error { // want withRetry:`^effects: calls p1$`
	for i := 0; i < 3; i++ {
		if err := fn(ctx); err == nil {
			return nil
		}
	}
	return fn(ctx)
}

// ... which substitutes what it passes: the closure's insert runs on the
// caller's parameter 1.
// go/ssa captures db in a cell; the executor is still parameter 1.
func retryAudit(ctx context.Context, db *sql.DB) error { // want retryAudit:`^effects: db_write/insert audit @p1$`
	return withRetry(ctx, func(ctx context.Context) error {
		_, err := db.ExecContext(ctx, "insert into audit(msg) values ('retry')")
		return err
	})
}

// Logging and printing are not effects.
func logOnly(ctx context.Context, t *asynq.Task) error { // want logOnly:"no effects"
	log.Printf("task %s", t.Type())
	fmt.Println("done")
	return nil
}

func printDone() { // want printDone:"no effects"
	fmt.Println("done")
}

// A language's display name is a table look-up in golang.org/x/text
// (catalogued inert): no effect, although its code calls a function value.
func languageName(tag string) string { // want languageName:`^no effects$`
	return display.English.Languages().Name(tag)
}

// A generated protobuf enum's String is protoimpl.X.EnumStringOf, the
// value's name looked up in its descriptor (catalogued inert): no effect,
// although its code calls the descriptor's interfaces.
type EventType int32

var eventTypeDesc protoreflect.EnumDescriptor

func (x EventType) String() string { // want String:`^no effects$`
	return protoimpl.X.EnumStringOf(eventTypeDesc, protoreflect.EnumNumber(x))
}
