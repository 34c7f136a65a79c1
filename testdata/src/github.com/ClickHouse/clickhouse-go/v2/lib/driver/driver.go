// Package driver is a stub of clickhouse-go v2.48.0's lib/driver: the
// declarations the catalog models (lib/driver/driver.go).
package driver

import "context"

type (
	Conn interface {
		Select(ctx context.Context, dest any, query string, args ...any) error
		Query(ctx context.Context, query string, args ...any) (Rows, error)
		QueryRow(ctx context.Context, query string, args ...any) Row
		PrepareBatch(ctx context.Context, query string, opts ...PrepareBatchOption) (Batch, error)
		Exec(ctx context.Context, query string, args ...any) error
		Close() error
	}
	Row interface {
		Scan(dest ...any) error
	}
	Rows interface {
		Next() bool
		Scan(dest ...any) error
		Close() error
	}
	Batch interface {
		Abort() error
		Append(v ...any) error
		AppendStruct(v any) error
		Flush() error
		Send() error
		IsSent() bool
		Rows() int
		Close() error
	}
	PrepareBatchOption  func(*PrepareBatchOptions)
	PrepareBatchOptions struct{ ReleaseConnection bool }
)
