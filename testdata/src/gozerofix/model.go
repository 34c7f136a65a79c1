// Package gozerofix is a goctl-style go-zero model: the SQL is assembled
// from the struct's db tags (builder.RawFieldNames, stringx.Remove,
// strings.Join) and fmt.Sprintf with the table the constructor keeps in
// a field, and runs through sqlc.CachedConn's callback (looklook's
// app/order/model/homestayOrderModel_gen.go:24-28, 167-200).
package gozerofix

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

func newOrderModel(conn sqlx.SqlConn) *defaultOrderModel { // want newOrderModel:`^no effects$`
	return &defaultOrderModel{CachedConn: sqlc.NewConn(conn), table: "`order`"}
}

func (m *defaultOrderModel) FindOneBySn(ctx context.Context, sn string) (*Order, error) { // want FindOneBySn:`^effects: db_read/select order @p0$`
	var resp Order
	query := fmt.Sprintf("select %s from %s where `sn` = ? limit 1", orderRows, m.table)
	if err := m.QueryRowNoCacheCtx(ctx, &resp, query, sn); err != nil {
		return nil, err
	}
	return &resp, nil
}

// Update is goctl's plain update: by id alone, no test of what the row held.
func (m *defaultOrderModel) Update(ctx context.Context, session sqlx.Session, data *Order) error { // want Update:`^effects: db_write/update-set order @p2; db_write/update-set order$`
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
func (m *defaultOrderModel) UpdateWithVersion(ctx context.Context, session sqlx.Session, newData *Order) error { // want UpdateWithVersion:`^effects: memory_write/increment gozerofix.Order.Version holder=p3; db_write/claim order @p2; db_write/claim order; returns claim result 0 \(norows\)$`
	oldVersion := newData.Version
	newData.Version += 1
	sqlResult, err := m.ExecCtx(ctx, func(ctx context.Context, conn sqlx.SqlConn) (result sql.Result, err error) {
		query := fmt.Sprintf("update %s set %s where `id` = ? and version = ? ", m.table, orderRowsWithPlaceHolder)
		if session != nil {
			// PayUnchecked drops this claim's outcome:
			return session.ExecCtx(ctx, query, newData.Sn, newData.TradeState, newData.Version, newData.Id, oldVersion) // want `claim-unchecked: the result of this claim on order is never tested`
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
		return ErrNoRowsUpdate // want `duplicate-as-error: the already-processed branch returns a non-nil error`
	}
	return nil
}
