package effectkinds

import (
	"context"
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
