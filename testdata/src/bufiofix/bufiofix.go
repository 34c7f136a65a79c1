// Package bufiofix covers writes through a bufio.Writer: it only buffers,
// so a Write or Flush is a write into the writer its constructor wrapped.
// A *bufio.ReadWriter kept in an unexported field and set from
// bufio.NewWriter of an accepted *net.TCPConn (nichebox's TCPLongConn)
// writes to the network; one wrapping a file or a buffer has no effect of
// its own. Near misses: an exported field another package may set, and a
// writer the caller passes, stay unknown writes, never no effect.
package bufiofix

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"os"
)

// LongConn pushes packets to a user's accepted connection.
type LongConn struct {
	conn *net.TCPConn
	rw   *bufio.ReadWriter
}

func newLongConn(c *net.TCPConn) *LongConn { // want newLongConn:`^no effects$`
	return &LongConn{conn: c, rw: bufio.NewReadWriter(bufio.NewReader(c), bufio.NewWriter(c))}
}

func (lc *LongConn) WritePacket(b []byte) error { // want WritePacket:`^effects: network/write; network/write$`
	if _, err := lc.rw.Write(b); err != nil {
		return err
	}
	return lc.rw.Flush()
}

// Journal buffers lines into a file it opened: the open is the effect.
type Journal struct {
	w *bufio.Writer
}

func openJournal(f *os.File) *Journal { // want openJournal:`^no effects$`
	return &Journal{w: bufio.NewWriterSize(f, 1<<16)}
}

func (j *Journal) Append(line string) error { // want Append:`^no effects$`
	if _, err := j.w.WriteString(line); err != nil {
		return err
	}
	fmt.Fprintf(j.w, "%d\n", len(line))
	return j.w.Flush()
}

// Render writes into a buffer in memory.
func Render(lines []string) string { // want Render:`^no effects$`
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	for _, l := range lines {
		w.WriteString(l)
		w.WriteByte('\n')
	}
	w.Flush()
	return buf.String()
}

// Sink's writer is exported: another package may set it to anything.
type Sink struct {
	W *bufio.Writer
}

func (s *Sink) Emit(b []byte) error { // want Emit:`^effects: unknown/write; unknown/write$`
	s.W.Write(b)
	return s.W.Flush()
}

// emitTo writes into the writer its caller passes.
func emitTo(w *bufio.Writer, b []byte) error { // want emitTo:`^effects: unknown/write @p0; unknown/write @p0$`
	w.Write(b)
	return w.Flush()
}
