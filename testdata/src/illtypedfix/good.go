// Package illtypedfix does not type-check (bad.go names an undefined
// function and an undefined type) and is analysed for the rest: the
// functions whose body holds a type error, or uses something whose type
// does not check, keep one unknown effect naming the error; their callers
// include it; the others are analysed as in a package without errors.
package illtypedfix

import (
	"context"
	"database/sql"
)

type Store struct{ db *sql.DB }

// MarkDone is well typed and depends on nothing ill-typed.
func (s *Store) MarkDone(ctx context.Context, id int64) error { // want MarkDone:"^effects: db_write/update-set jobs$"
	_, err := s.db.ExecContext(ctx, "UPDATE jobs SET done = true WHERE id = $1", id)
	return err
}

// Both calls a well-typed and an ill-typed method: the unknown effect is
// only the ill-typed one's.
func (s *Store) Both(ctx context.Context, id int64) error { // want Both:"^effects: unknown/unknown \\(\\*illtypedfix.Store\\).Broken; db_write/update-set jobs$"
	if err := s.MarkDone(ctx, id); err != nil {
		return err
	}
	return s.Broken(ctx, id)
}

// Labels, builtins and package names have no type of their own: a body
// that uses them is not ill-typed for that (near miss).
func Builtins(n int) []int { // want Builtins:"no effects"
	out := make([]int, 0, n)
loop:
	for i := 0; i < n; i++ {
		if i > 10 {
			break loop
		}
		out = append(out, len(out))
	}
	p := new(int)
	_ = p
	return out
}

// CallsUses calls a function whose signature names the undefined type:
// the call itself does not check, so CallsUses is ill-typed too.
func CallsUses() { // want CallsUses:"^effects: unknown/unknown illtypedfix.CallsUses$"
	Uses(nil)
}
