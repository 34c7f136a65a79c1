package sqlutil

import (
	"context"
	"database/sql"
)

// A preparer of the application's own (goalert's util.Prepare,
// util/sqlprepare.go): an interface over the library's handles, and a
// method that prepares the text it is given on it and keeps the first
// error. Its statements are made with the method called directly and
// through a method value (goalert's alert.NewStore: p := prep.P).
type Preparer interface {
	PrepareContext(context.Context, string) (*sql.Stmt, error)
}

type Prepare struct {
	DB  Preparer
	Ctx context.Context
	Err error
}

func (p *Prepare) P(query string) (s *sql.Stmt) { // want P:`effects: .*; prepares p1$`
	if p.Err != nil {
		return nil
	}
	if p.Ctx != nil {
		s, p.Err = p.DB.PrepareContext(p.Ctx, query)
	} else {
		s, p.Err = p.DB.PrepareContext(context.Background(), query)
	}
	return s
}
