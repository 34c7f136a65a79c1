// Package rowkeyfix's handlers hand an invoice row to a store interface
// with its IdempotencyKey field set from a key generator that hashes a
// map of the key's parts. Stamped with time.Now() in the map, the key is
// new on every delivery (random-key, at the key); built from the job's
// fields only, it decides nothing here (the store's schema would), and a
// clock value in a field not named as a key is no key either.
package rowkeyfix

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"time"

	"github.com/hibiken/asynq"
)

type Invoice struct {
	CustomerID     string
	Note           string
	IdempotencyKey *string `json:"idempotency_key"`
}

type Store interface {
	CreateInvoice(ctx context.Context, inv *Invoice) error
}

// Generator hashes a scope and the parts of a key.
type Generator struct{}

func (g *Generator) GenerateKey(scope string, params map[string]interface{}) string { // want GenerateKey:"no effects"
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	s := scope
	for _, k := range keys {
		s += fmt.Sprintf(":%s=%v", k, params[k])
	}
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}

type Deps struct {
	Store Store
	gen   *Generator
}

// Stamped: the key's parts include the clock.
func (d *Deps) Stamped(ctx context.Context, t *asynq.Task) error { // want Stamped:`handler asynq \(\*rowkeyfix.Deps\).Stamped` Stamped:`effects: dynamic_call/call \(rowkeyfix.Store\).CreateInvoice issue=random-key reads=db_write/insert`
	customer := string(t.Payload())
	params := map[string]interface{}{
		"customer_id": customer,
		"timestamp":   time.Now().UTC(),
	}
	key := d.gen.GenerateKey("invoice", params)
	inv := &Invoice{CustomerID: customer}
	inv.IdempotencyKey = &key // want `random-key: idempotency key key derives from time.Now: every delivery sends a new key, so the call of \(rowkeyfix.Store\).CreateInvoice is not deduplicated`
	return d.Store.CreateInvoice(ctx, inv)
}

// Stable: the key's parts are the job's.
func (d *Deps) Stable(ctx context.Context, t *asynq.Task) error { // want Stable:`handler asynq \(\*rowkeyfix.Deps\).Stable` Stable:`effects: dynamic_call/call \(rowkeyfix.Store\).CreateInvoice reads=db_write/insert$`
	customer := string(t.Payload())
	params := map[string]interface{}{"customer_id": customer}
	params["task"] = t.Type()
	key := d.gen.GenerateKey("invoice", params)
	inv := &Invoice{CustomerID: customer}
	inv.IdempotencyKey = &key
	return d.Store.CreateInvoice(ctx, inv)
}

// Noted: the clock goes into a note, not the key.
func (d *Deps) Noted(ctx context.Context, t *asynq.Task) error { // want Noted:`handler asynq \(\*rowkeyfix.Deps\).Noted` Noted:`effects: dynamic_call/call \(rowkeyfix.Store\).CreateInvoice reads=db_write/insert$`
	inv := &Invoice{CustomerID: string(t.Payload()), Note: time.Now().String()}
	return d.Store.CreateInvoice(ctx, inv)
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:"no effects"
	mux.HandleFunc("invoice:stamped", d.Stamped)
	mux.HandleFunc("invoice:stable", d.Stable)
	mux.HandleFunc("invoice:noted", d.Noted)
}
