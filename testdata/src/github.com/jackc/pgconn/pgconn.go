// Package pgconn is a stub of github.com/jackc/pgconn v1.14 (pgx v4's).
package pgconn

type CommandTag []byte

func (ct CommandTag) RowsAffected() int64 { return 0 }
