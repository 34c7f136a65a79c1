package illtypedfix

import "context"

// Broken holds a type error (an undefined function).
func (s *Store) Broken(ctx context.Context, id int64) error { // want Broken:"^effects: unknown/unknown \\(\\*illtypedfix.Store\\).Broken$"
	_, err := s.db.ExecContext(ctx, "INSERT INTO audit (id) VALUES ($1)", undefinedID(id))
	return err
}

// Uses has no error in its body, but its signature names a type that
// does not exist.
func Uses(r *Missing) { // want Uses:"^effects: unknown/unknown illtypedfix.Uses$"
}
