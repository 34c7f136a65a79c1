// Package model is a goctl-style go-zero model: the SQL is assembled
// from the struct's db tags (builder.RawFieldNames, stringx.Remove,
// strings.Join) and fmt.Sprintf with the table the constructor keeps in
// a field, and runs through sqlc.CachedConn's callback (looklook's
// app/order/model/homestayOrderModel_gen.go:24-28, 167-200).
package model

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/zeromicro/go-zero/core/stores/builder"
	"github.com/zeromicro/go-zero/core/stores/sqlc"
	"github.com/zeromicro/go-zero/core/stores/sqlx"
	"github.com/zeromicro/go-zero/core/stringx"
)

var ErrNoRowsUpdate = errors.New("update db no rows change")

var (
	orderFieldNames          = builder.RawFieldNames(&Order{})
	orderRows                = strings.Join(orderFieldNames, ",")
	orderRowsWithPlaceHolder = strings.Join(stringx.Remove(orderFieldNames, "`id`", "`create_time`"), "=?,") + "=?"
)

type Order struct {
	Id         int64  `db:"id"`
	CreateTime int64  `db:"create_time"`
	Sn         string `db:"sn"`
	TradeState int64  `db:"trade_state"`
	Version    int64  `db:"version"`
	Memo       string `db:"-"`
}

type defaultOrderModel struct {
	sqlc.CachedConn
	table string
}

// OrderModel is the interface goctl generates; the custom model embeds
// the generated one (its methods are promoted).
type OrderModel interface {
	FindOneBySn(ctx context.Context, sn string) (*Order, error)
	UpdateWithVersion(ctx context.Context, session sqlx.Session, data *Order) error
}

type customOrderModel struct {
	*defaultOrderModel
}

func NewOrderModel(conn sqlx.SqlConn) OrderModel {
	return &customOrderModel{defaultOrderModel: &defaultOrderModel{CachedConn: sqlc.NewConn(conn), table: "`order`"}}
}

func (m *defaultOrderModel) FindOneBySn(ctx context.Context, sn string) (*Order, error) {
	var resp Order
	query := fmt.Sprintf("select %s from %s where `sn` = ? limit 1", orderRows, m.table)
	if err := m.QueryRowNoCacheCtx(ctx, &resp, query, sn); err != nil {
		return nil, err
	}
	return &resp, nil
}

// Update is goctl's plain update: by id alone, no test of what the row held.
func (m *defaultOrderModel) Update(ctx context.Context, session sqlx.Session, data *Order) error {
	_, err := m.ExecCtx(ctx, func(ctx context.Context, conn sqlx.SqlConn) (sql.Result, error) {
		query := fmt.Sprintf("update %s set %s where `id` = ?", m.table, orderRowsWithPlaceHolder)
		if session != nil {
			return session.ExecCtx(ctx, query, data.Sn, data.TradeState, data.Version, data.Id)
		}
		return conn.ExecCtx(ctx, query, data.Sn, data.TradeState, data.Version, data.Id)
	}, "cache:order:id")
	return err
}

// UpdateWithVersion is the optimistic lock: the row changes only while it
// still has the version read, and no row changed is reported.
func (m *defaultOrderModel) UpdateWithVersion(ctx context.Context, session sqlx.Session, newData *Order) error {
	oldVersion := newData.Version
	newData.Version += 1
	sqlResult, err := m.ExecCtx(ctx, func(ctx context.Context, conn sqlx.SqlConn) (result sql.Result, err error) {
		query := fmt.Sprintf("update %s set %s where `id` = ? and version = ? ", m.table, orderRowsWithPlaceHolder)
		if session != nil {
			// PayUnchecked drops this claim's outcome:
			return session.ExecCtx(ctx, query, newData.Sn, newData.TradeState, newData.Version, newData.Id, oldVersion)
		}
		return conn.ExecCtx(ctx, query, newData.Sn, newData.TradeState, newData.Version, newData.Id, oldVersion)
	}, "cache:order:id")
	if err != nil {
		return err
	}
	updateCount, err := sqlResult.RowsAffected()
	if err != nil {
		return err
	}
	if updateCount == 0 {
		// PayCarried's version comes with the job: a redelivery finds the
		// row moved and fails here on every retry. Pay and PayNoCheck hand
		// it the version they read, so here they only lose a race (the
		// retry reads the row again); PayUnchecked drops the error.
		return ErrNoRowsUpdate
	}
	return nil
}
