package jobs

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"

	"github.com/hibiken/asynq"
	"golang.org/x/net/html"
)

// Stop 67's bufio read-through (summary/bufiowrap.go; fixture bufiofix):
// the writer a bufio.Writer wraps is followed through a variable a func
// literal captures and through a parameter, each caller deciding what it
// passes (Effect.BufferedArg), across modules too. BufExport creates a
// file in the temporary directory and writes its lines through a
// captured *bufio.Writer handed to writeNDJSON (bcda-app's
// writeBBDataToFile): the create is the effect, safe; before, four
// unknown writes. BufPage renders a parsed page into a bytes.Buffer with
// golang.org/x/net/html's Render, whose bufio.Writer wraps the io.Writer
// it is given: no effect, safe; before, "html.Render makes calls that
// cannot be resolved". Near miss BufRelay hands writeNDJSON a
// bufio.Writer over a dialled connection: two raw network writes, risk
// unknown.

// writeNDJSON writes one record into the buffered writer it is given.
func writeNDJSON(w *bufio.Writer, rec []byte) {
	defer w.Flush()
	w.Write(append(rec, '\n'))
}

// BufExport writes the task's payload into a new file of the job's.
func BufExport(_ context.Context, t *asynq.Task) error {
	f, err := os.Create(filepath.Join(os.TempDir(), t.Type()+".ndjson"))
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	for _, rec := range bytes.Split(t.Payload(), []byte("\n")) {
		func() {
			writeNDJSON(w, rec)
		}()
	}
	return w.Flush()
}

// BufRelay sends the task's payload to a relay it dials.
func BufRelay(_ context.Context, t *asynq.Task) error {
	conn, err := net.Dial("tcp", os.Getenv("RELAY_ADDR"))
	if err != nil {
		return err
	}
	defer conn.Close()
	writeNDJSON(bufio.NewWriter(conn), t.Payload())
	return nil
}

// BufPage normalises the task's HTML payload in memory.
func BufPage(_ context.Context, t *asynq.Task) error {
	doc, err := html.Parse(bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	var out bytes.Buffer
	if err := html.Render(&out, doc); err != nil {
		return err
	}
	_ = out.Len()
	return nil
}

// RegisterBufExport registers the handlers above.
func RegisterBufExport(mux *asynq.ServeMux) {
	mux.HandleFunc("buf:export", BufExport)
	mux.HandleFunc("buf:relay", BufRelay)
	mux.HandleFunc("buf:page", BufPage)
}
