// Package htmlish is golang.org/x/net/html's rendering in small, another
// module's code: Render writes straight into a writer that takes strings
// and through a bufio.Writer over any other; Text renders into a
// bytes.Buffer (goquery's Html, gofeed's resolveHTML); Send renders onto
// a connection it dials.
package htmlish

import (
	"bufio"
	"bytes"
	"io"
	"net"
)

type writer interface {
	io.Writer
	WriteString(string) (int, error)
}

func render(w writer, s string) error {
	_, err := w.WriteString("<p>" + s + "</p>")
	return err
}

// Render writes s as HTML into w.
func Render(w io.Writer, s string) error {
	if x, ok := w.(writer); ok {
		return render(x, s)
	}
	buf := bufio.NewWriter(w)
	if err := render(buf, s); err != nil {
		return err
	}
	return buf.Flush()
}

// Text is s as HTML.
func Text(s string) string {
	var b bytes.Buffer
	Render(&b, s)
	return b.String()
}

// Send renders s onto a connection to addr.
func Send(addr, s string) error {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	defer c.Close()
	return Render(c, s)
}
