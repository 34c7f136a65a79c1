// Package clickhouse is a stub of clickhouse-go v2.48.0 (clickhouse.go).
package clickhouse

import "github.com/ClickHouse/clickhouse-go/v2/lib/driver"

type Conn = driver.Conn

type Options struct{ Addr []string }

func Open(opt *Options) (driver.Conn, error) { return nil, nil }
