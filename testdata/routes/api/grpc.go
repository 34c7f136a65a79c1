package api

import (
	"context"
	"database/sql"

	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"example.com/routes/ordersv1"
)

// OrdersServer is the gRPC side of the same service.
type OrdersServer struct {
	ordersv1.UnimplementedOrdersServer
	DB *sql.DB
}

// SetStatus sets a column: safe to repeat.
func (s *OrdersServer) SetStatus(ctx context.Context, id *wrapperspb.StringValue) (*emptypb.Empty, error) {
	_, err := s.DB.ExecContext(ctx, "update orders set status = 'paid' where id = $1", id.GetValue())
	return &emptypb.Empty{}, err
}

// AddRefund inserts a ledger row: a second call refunds twice.
func (s *OrdersServer) AddRefund(ctx context.Context, id *wrapperspb.StringValue) (*emptypb.Empty, error) {
	_, err := s.DB.ExecContext(ctx, "insert into refunds (order_id) values ($1)", id.GetValue())
	return &emptypb.Empty{}, err
}

// SetAddress upserts by the order's key: safe to repeat.
func (s *OrdersServer) SetAddress(ctx context.Context, id *wrapperspb.StringValue) (*emptypb.Empty, error) {
	_, err := s.DB.ExecContext(ctx, "insert into addresses (order_id, line) values ($1, 'x') on conflict (order_id) do update set line = excluded.line", id.GetValue())
	return &emptypb.Empty{}, err
}
