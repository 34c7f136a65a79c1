package effectkinds

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"io"
	"os"
	"os/exec"

	"github.com/hibiken/asynq"
)

// Overwriting a file is idempotent; appending is not; a process is unknown.

func writeReport(data []byte) error { // want writeReport:`^effects: file_write/write /tmp/report.txt$`
	return os.WriteFile("/tmp/report.txt", data, 0o644)
}

func createExport() error { // want createExport:`^effects: file_write/write /tmp/export.csv$`
	f, err := os.Create("/tmp/export.csv")
	if err != nil {
		return err
	}
	return f.Close()
}

func removeTemp() error { // want removeTemp:`^effects: file_write/delete /tmp/export.csv$`
	return os.Remove("/tmp/export.csv")
}

// Scratch space: a new temporary directory per call, and a mode set.
func scratch() error { // want scratch:`^effects: file_write/create; file_write/delete; file_write/set /tmp/out$`
	dir, err := os.MkdirTemp("", "convert")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	return os.Chmod("/tmp/out", 0o600)
}

// A handler by its signature alone: no task name in the finding.
func appendLog(ctx context.Context, t *asynq.Task) error { // want appendLog:`^effects: file_write/append /var/log/jobs.log$` `unguarded: handler effectkinds.appendLog repeats its side effects when a job is delivered twice: file_write append \(/var/log/jobs.log\) \(medium\) at \S*effectkinds/files.go:\d+ is not guarded`
	f, err := os.OpenFile("/var/log/jobs.log", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.Write(t.Payload())
	return err
}

func runConvert(ctx context.Context) error { // want runConvert:`^effects: process/unknown$`
	return exec.CommandContext(ctx, "convert", "in.png", "out.jpg").Run()
}

func runCommand() error { // want runCommand:`^effects: process/unknown$`
	return exec.Command("sync").Run()
}

// A running hash keeps what is written to it in memory, whatever implements
// hash.Hash (hmac.New and sha256.New return the interface): no effect. A
// writer of unknown type stays unknown.
func signature(key []byte, msg string) string { // want signature:`^no effects$`
	h := hmac.New(sha256.New, key)
	h.Write([]byte(msg))
	return hex.EncodeToString(h.Sum(nil))
}

func digest64(h hash.Hash64, msg string) uint64 { // want digest64:`^no effects$`
	_, _ = io.WriteString(h, msg)
	return h.Sum64()
}

func writeTo(w io.Writer, msg string) error { // want writeTo:`^effects: unknown/write @p0$`
	_, err := w.Write([]byte(msg))
	return err
}
