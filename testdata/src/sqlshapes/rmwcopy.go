package sqlshapes

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/hibiken/asynq"
)

// Product is what StockRepo hands out, as an any.
type Product struct {
	ID    string
	Stock int
}

// StockRepo is implemented nowhere in the program: GetByID is read by its
// name as a read; UpdateStock carries the changed-from mark that the
// whole-program phase applies to the sets of the implementation it
// resolves the call to (as EnvelopeRepo.Save in rmwcalls.go).
type StockRepo interface {
	GetByID(ctx context.Context, id string) (any, error)
	UpdateStock(ctx context.Context, id string, stock int) error
}

type Shop struct{ Stock StockRepo }

// convertTo copies data into a T: the value itself when it is one, else
// its JSON decoded into a T (btl-ktpm's utils.ConvertToStruct). What comes
// out is what went in.
func convertTo[T any](data any) (T, error) { // want convertTo:"no effects"
	var out T
	if data == nil {
		return out, fmt.Errorf("nil data")
	}
	if reflect.TypeOf(data) == reflect.TypeOf(out) {
		var ok bool
		if out, ok = data.(T); ok {
			return out, nil
		}
	}
	var raw []byte
	if s, ok := data.(string); ok {
		raw = []byte(s)
	} else {
		var err error
		if raw, err = json.Marshal(data); err != nil {
			return out, err
		}
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return out, err
	}
	return out, nil
}

// Take reads a product as an any, copies it into a Product and writes its
// stock back minus one: a second delivery takes one more
// (read-modify-write through the copy).
func (s *Shop) Take(ctx context.Context, t *asynq.Task) error { // want Take:`^effects: dynamic_call/call \(sqlshapes.StockRepo\).GetByID reads=db_read/read; dynamic_call/call \(sqlshapes.StockRepo\).UpdateStock changed-from$` Take:`^handler asynq`
	v, err := s.Stock.GetByID(ctx, t.Type())
	if err != nil {
		return err
	}
	p, err := convertTo[Product](v)
	if err != nil {
		return err
	}
	return s.Stock.UpdateStock(ctx, p.ID, p.Stock-1)
}

// blankOf returns a new T whatever it is given: no copy.
func blankOf[T any](data any) (T, error) { // want blankOf:"no effects"
	var out T
	if data == nil {
		return out, fmt.Errorf("nil data")
	}
	return out, nil
}

// fromJSON decodes a T from other bytes than its parameter's: no copy.
func fromJSON[T any](data any, other []byte) (T, error) { // want fromJSON:"no effects"
	var out T
	if data == nil {
		return out, fmt.Errorf("nil data")
	}
	err := json.Unmarshal(other, &out)
	return out, err
}

// Restock writes a stock computed from what blankOf returns, which is not
// the product read (near miss of Take): the set stays a set.
func (s *Shop) Restock(ctx context.Context, t *asynq.Task) error { // want Restock:`^effects: dynamic_call/call \(sqlshapes.StockRepo\).GetByID reads=db_read/read; dynamic_call/call \(sqlshapes.StockRepo\).UpdateStock$` Restock:`^handler asynq`
	v, err := s.Stock.GetByID(ctx, t.Type())
	if err != nil {
		return err
	}
	p, err := blankOf[Product](v)
	if err != nil {
		return err
	}
	return s.Stock.UpdateStock(ctx, t.Type(), p.Stock+10)
}

// Refill decodes the product from the task's payload, not from the read
// (near miss of Take): the set stays a set.
func (s *Shop) Refill(ctx context.Context, t *asynq.Task) error { // want Refill:`^effects: dynamic_call/call \(sqlshapes.StockRepo\).GetByID reads=db_read/read; dynamic_call/call \(sqlshapes.StockRepo\).UpdateStock$` Refill:`^handler asynq`
	v, err := s.Stock.GetByID(ctx, t.Type())
	if err != nil {
		return err
	}
	p, err := fromJSON[Product](v, t.Payload())
	if err != nil {
		return err
	}
	return s.Stock.UpdateStock(ctx, t.Type(), p.Stock+10)
}
