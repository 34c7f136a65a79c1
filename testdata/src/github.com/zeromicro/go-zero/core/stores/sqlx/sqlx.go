// Package sqlx is a stub of github.com/zeromicro/go-zero/core/stores/sqlx (v1.7.3).
package sqlx

import (
	"context"
	"database/sql"
)

var ErrNotFound = sql.ErrNoRows

type (
	Session interface {
		Exec(query string, args ...any) (sql.Result, error)
		ExecCtx(ctx context.Context, query string, args ...any) (sql.Result, error)
		QueryRow(v any, query string, args ...any) error
		QueryRowCtx(ctx context.Context, v any, query string, args ...any) error
		QueryRows(v any, query string, args ...any) error
		QueryRowsCtx(ctx context.Context, v any, query string, args ...any) error
	}

	SqlConn interface {
		Session
		RawDB() (*sql.DB, error)
		Transact(fn func(Session) error) error
		TransactCtx(ctx context.Context, fn func(context.Context, Session) error) error
	}
)

func NewMysql(datasource string) SqlConn { return nil }
