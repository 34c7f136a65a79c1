// Package notes is a third-party client that speaks its own protocol over
// a connection: its names say nothing remote, its code does network I/O.
package notes

import (
	"context"
	"net"
)

type Book struct{ Conn net.Conn }

func (s *Book) CreateNote(ctx context.Context, text string) error { // want CreateNote:"network/write"
	_, err := s.Conn.Write([]byte(text))
	return err
}
