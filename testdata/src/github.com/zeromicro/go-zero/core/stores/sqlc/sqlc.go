// Package sqlc is a stub of github.com/zeromicro/go-zero/core/stores/sqlc (v1.7.3).
package sqlc

import (
	"context"
	"database/sql"

	"github.com/zeromicro/go-zero/core/stores/sqlx"
)

var ErrNotFound = sqlx.ErrNotFound

type (
	ExecCtxFn         func(ctx context.Context, conn sqlx.SqlConn) (sql.Result, error)
	IndexQueryCtxFn   func(ctx context.Context, conn sqlx.SqlConn, v any) (any, error)
	PrimaryQueryCtxFn func(ctx context.Context, conn sqlx.SqlConn, v, primary any) error
	QueryCtxFn        func(ctx context.Context, conn sqlx.SqlConn, v any) error

	CachedConn struct {
		db sqlx.SqlConn
	}
)

func NewConn(db sqlx.SqlConn) CachedConn { return CachedConn{db: db} }

func (cc CachedConn) DelCacheCtx(ctx context.Context, keys ...string) error { return nil }

func (cc CachedConn) ExecCtx(ctx context.Context, exec ExecCtxFn, keys ...string) (sql.Result, error) {
	res, err := exec(ctx, cc.db)
	if err != nil {
		return nil, err
	}
	return res, cc.DelCacheCtx(ctx, keys...)
}

func (cc CachedConn) ExecNoCacheCtx(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return cc.db.ExecCtx(ctx, q, args...)
}

func (cc CachedConn) QueryRowCtx(ctx context.Context, v any, key string, query QueryCtxFn) error {
	return query(ctx, cc.db, v)
}

func (cc CachedConn) QueryRowIndexCtx(ctx context.Context, v any, key string,
	keyer func(primary any) string, indexQuery IndexQueryCtxFn,
	primaryQuery PrimaryQueryCtxFn) error {
	primary, err := indexQuery(ctx, cc.db, v)
	if err != nil {
		return err
	}
	return primaryQuery(ctx, cc.db, v, primary)
}

func (cc CachedConn) QueryRowNoCacheCtx(ctx context.Context, v any, q string, args ...any) error {
	return cc.db.QueryRowCtx(ctx, v, q, args...)
}
