package jobs

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/ecosystem/internal/riverreg"
)

// River handlers registered as functions of their args through the
// application's generic registrar (internal/riverreg): a method value and
// a plain function, each a handler of its args type's Kind().

// FuncNoteArgs is the note job.
type FuncNoteArgs struct {
	OrderID string `json:"order_id"`
	Text    string `json:"text"`
}

func (FuncNoteArgs) Kind() string { return "river:func-note" }

// FuncActivateArgs is the activation job.
type FuncActivateArgs struct {
	OrderID string `json:"order_id"`
}

func (FuncActivateArgs) Kind() string { return "river:func-activate" }

// FuncService holds the pool its handlers write on.
type FuncService struct {
	Pool *pgxpool.Pool
}

// addNote inserts a note for every delivery: unguarded.
func (s *FuncService) addNote(ctx context.Context, args FuncNoteArgs) error {
	_, err := s.Pool.Exec(ctx, "insert into order_notes (order_id, text) values ($1, $2)", args.OrderID, args.Text)
	return err
}

// funcPool is the pool of the plain function below.
var funcPool *pgxpool.Pool

// activateOrder sets a flag to a constant: safe.
func activateOrder(ctx context.Context, args FuncActivateArgs) error {
	_, err := funcPool.Exec(ctx, "update order_flags set active = true where order_id = $1", args.OrderID)
	return err
}

// RegisterFuncWorkers registers the handlers above.
func RegisterFuncWorkers(pool *pgxpool.Pool) {
	funcPool = pool
	s := &FuncService{Pool: pool}
	riverreg.RegisterWorkerFunc(s.addNote)
	riverreg.RegisterWorkerFunc(activateOrder)
}
