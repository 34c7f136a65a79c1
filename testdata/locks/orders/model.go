// Package orders is a goctl-generated go-zero model (goctl model mysql
// ddl, go-zero v1.9.2): the SQL is assembled from the struct's db tags and run
// through sqlc.CachedConn's callback, which deletes the row's cache keys
// after it.
package orders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/zeromicro/go-zero/core/stores/builder"
	"github.com/zeromicro/go-zero/core/stores/cache"
	"github.com/zeromicro/go-zero/core/stores/sqlc"
	"github.com/zeromicro/go-zero/core/stores/sqlx"
	"github.com/zeromicro/go-zero/core/stringx"
)

// ErrNoRowsUpdate is what the optimistic lock returns when the row moved.
var ErrNoRowsUpdate = errors.New("update db no rows change")

var (
	orderFieldNames          = builder.RawFieldNames(&Order{})
	orderRows                = strings.Join(orderFieldNames, ",")
	orderRowsWithPlaceHolder = strings.Join(stringx.Remove(orderFieldNames, "`id`", "`create_time`"), "=?,") + "=?"

	cacheOrderIdPrefix = "cache:order:id:"
)

type Order struct {
	Id         int64  `db:"id"`
	CreateTime int64  `db:"create_time"`
	Sn         string `db:"sn"`
	TradeState int64  `db:"trade_state"`
	Version    int64  `db:"version"`
}

type defaultOrderModel struct {
	sqlc.CachedConn
	table string
}

// newOrderModel builds the cached model over conn and the Redis cache c.
func newOrderModel(conn sqlx.SqlConn, c cache.CacheConf, opts ...cache.Option) *defaultOrderModel {
	return &defaultOrderModel{CachedConn: sqlc.NewConn(conn, c, opts...), table: "`order`"}
}

func (m *defaultOrderModel) FindOneBySn(ctx context.Context, sn string) (*Order, error) {
	var resp Order
	query := fmt.Sprintf("select %s from %s where `sn` = ? limit 1", orderRows, m.table)
	if err := m.QueryRowNoCacheCtx(ctx, &resp, query, sn); err != nil {
		return nil, err
	}
	return &resp, nil
}

// Update is goctl's plain update: by id alone, whatever the row holds.
func (m *defaultOrderModel) Update(ctx context.Context, session sqlx.Session, data *Order) error {
	key := fmt.Sprintf("%s%v", cacheOrderIdPrefix, data.Id)
	_, err := m.ExecCtx(ctx, func(ctx context.Context, conn sqlx.SqlConn) (sql.Result, error) {
		query := fmt.Sprintf("update %s set %s where `id` = ?", m.table, orderRowsWithPlaceHolder)
		if session != nil {
			return session.ExecCtx(ctx, query, data.Sn, data.TradeState, data.Version, data.Id)
		}
		return conn.ExecCtx(ctx, query, data.Sn, data.TradeState, data.Version, data.Id)
	}, key)
	return err
}

// UpdateWithVersion is the optimistic lock: the row changes only while it
// still has the version read, and no row changed is an error.
func (m *defaultOrderModel) UpdateWithVersion(ctx context.Context, session sqlx.Session, newData *Order) error {
	oldVersion := newData.Version
	newData.Version += 1
	key := fmt.Sprintf("%s%v", cacheOrderIdPrefix, newData.Id)
	sqlResult, err := m.ExecCtx(ctx, func(ctx context.Context, conn sqlx.SqlConn) (sql.Result, error) {
		query := fmt.Sprintf("update %s set %s where `id` = ? and version = ? ", m.table, orderRowsWithPlaceHolder)
		if session != nil {
			return session.ExecCtx(ctx, query, newData.Sn, newData.TradeState, newData.Version, newData.Id, oldVersion)
		}
		return conn.ExecCtx(ctx, query, newData.Sn, newData.TradeState, newData.Version, newData.Id, oldVersion)
	}, key)
	if err != nil {
		return err
	}
	updateCount, err := sqlResult.RowsAffected()
	if err != nil {
		return err
	}
	if updateCount == 0 {
		return ErrNoRowsUpdate
	}
	return nil
}
