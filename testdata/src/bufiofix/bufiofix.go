// Package bufiofix covers writes through a bufio.Writer: it only buffers,
// so a Write or Flush is a write into the writer its constructor wrapped.
// A *bufio.ReadWriter kept in an unexported field and set from
// bufio.NewWriter of an accepted *net.TCPConn (nichebox's TCPLongConn)
// writes to the network; one wrapping a file or a buffer has no effect of
// its own. A variable a func literal captures is followed to what is
// stored into it; a writer the caller passes is decided by each caller
// (buffered=pN). Near misses: an exported field another package may set,
// a captured variable also set to such a writer or whose address is
// passed on, and a caller passing a connection stay writes, never no
// effect.
package bufiofix

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
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

// emitTo writes into the writer its caller passes: each caller says
// which (buffered=p0).
func emitTo(w *bufio.Writer, b []byte) error { // want emitTo:`^effects: unknown/write @p0 buffered=p0; unknown/write @p0 buffered=p0$`
	w.Write(b)
	return w.Flush()
}

// exportTo writes each line into a file it creates in dir, through a
// bufio.Writer a func literal captures and flushes (bcda-app's
// writeBBDataToFile): the create is the effect, the buffered writes
// land in that file.
func exportTo(dir string, lines []string) error { // want exportTo:`^effects: file_write/write$`
	f, err := os.Create(dir + "/out.ndjson")
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	for _, l := range lines {
		func() {
			writeLine(w, l)
		}()
	}
	return w.Flush()
}

// writeLine writes into the *bufio.Writer its caller passes; its callers
// here pass only exportTo's, which wraps a file.
func writeLine(w *bufio.Writer, l string) { // want writeLine:`^effects: unknown/write @p0 buffered=p0; unknown/write @p0 buffered=p0$`
	defer w.Flush()
	w.WriteString(l + "\n")
}

// renderTo wraps whatever io.Writer it is given (html.Render's shape).
func renderTo(out io.Writer, lines []string) error { // want renderTo:`^effects: unknown/write buffered=p0; unknown/write buffered=p0$`
	buf := bufio.NewWriter(out)
	for _, l := range lines {
		buf.WriteString(l)
	}
	return buf.Flush()
}

// RenderString renders into a strings.Builder: memory only.
func RenderString(lines []string) string { // want RenderString:`^no effects$`
	var sb strings.Builder
	renderTo(&sb, lines)
	return sb.String()
}

// RenderConn renders onto a connection it dials: the network write,
// reached through the bufio.Writer renderTo wraps around it.
func RenderConn(addr string, lines []string) error { // want RenderConn:`^effects: network/write; network/write$`
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	return renderTo(c, lines)
}

// RenderTo passes its own writer on: its callers decide.
func RenderTo(out io.Writer, lines []string) error { // want RenderTo:`^effects: unknown/write buffered=p0; unknown/write buffered=p0$`
	return renderTo(out, lines)
}

// Out is exported: another package may set it to anything.
var Out io.Writer

// Near miss: a captured writer set twice, the second time to a writer
// of unknown type — the writes are no longer only the file's.
func exportEither(dir string, lines []string) error { // want exportEither:`^effects: unknown/write; unknown/write; file_write/write$`
	f, err := os.Create(dir + "/out.ndjson")
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if len(lines) > 10 {
		w = bufio.NewWriter(Out)
	}
	func() {
		w.WriteString(lines[0])
	}()
	return w.Flush()
}

// Near miss: a parameter one caller gives a connection: the write there
// is the connection's, the file's caller's nothing.
func pushLines(addr string, f *os.File) { // want pushLines:`^effects: network/write; network/write$`
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return
	}
	writeLine(bufio.NewWriter(c), "a")
	writeLine(bufio.NewWriter(f), "b")
}

// Near miss: a captured variable whose address is passed on: whatever
// reset does with it is not followed.
func exportReset(f *os.File, lines []string) error { // want exportReset:`^effects: unknown/write$`
	w := bufio.NewWriter(f)
	reset(&w)
	return w.Flush()
}

func reset(w **bufio.Writer) { // want reset:`^effects: memory_write/set holder=p0$`
	*w = nil
}

// stringWriter is what golang.org/x/net/html's render writes into.
type stringWriter interface {
	io.Writer
	WriteString(string) (int, error)
}

func renderNode(w stringWriter, s string) error { // want renderNode:`^effects: dynamic_call/call \(bufiofix.stringWriter\).WriteString$`
	_, err := w.WriteString(s)
	return err
}

// RenderNode is html.Render's shape: a writer that can take strings is
// written directly, any other through a bufio.Writer over it.
func RenderNode(w io.Writer, s string) error { // want RenderNode:`^effects: dynamic_call/call \(bufiofix.stringWriter\).WriteString; unknown/write buffered=p0$`
	if x, ok := w.(stringWriter); ok {
		return renderNode(x, s)
	}
	buf := bufio.NewWriter(w)
	if err := renderNode(buf, s); err != nil {
		return err
	}
	return buf.Flush()
}

// PageText renders into a bytes.Buffer: RenderNode's bufio write is
// no effect here (the interface call is the whole program's to resolve).
func PageText(s string) string { // want PageText:`^effects: dynamic_call/call \(bufiofix.stringWriter\).WriteString$`
	var b bytes.Buffer
	RenderNode(&b, s)
	return b.String()
}
