// Package cmdfix covers command lines: running an *exec.Cmd has the
// effect of the command it was built with. git's subcommands are the
// catalog's (rev-parse reads, checkout sets the local copy, commit makes
// a new commit, push sets the remote to the local commits), also when a
// helper builds the command from its own parameters; a program the
// catalog does not list is read by its subcommand's name (by: name); a
// command line not known stays unknown.
package cmdfix

import (
	"context"
	"os/exec"

	"github.com/hibiken/asynq"
)

type Repo struct{ dir string }

// git builds a git command in the repository: the subcommand is the
// caller's.
func (r *Repo) git(ctx context.Context, args ...string) *exec.Cmd { // want git:"no effects"
	return exec.CommandContext(ctx, "git", append([]string{"-C", r.dir}, args...)...)
}

// Head reads: safe, decided by the catalog.
func (r *Repo) Head(ctx context.Context, t *asynq.Task) error { // want Head:`^effects: process/read git rev-parse$`
	return r.git(ctx, "rev-parse", "HEAD").Run()
}

// Switch checks a branch out, new or existing: the local copy, safe.
func (r *Repo) Switch(ctx context.Context, t *asynq.Task) error { // want Switch:`^effects: file_write/set git checkout$`
	var cmd *exec.Cmd
	if len(t.Payload()) > 0 {
		cmd = r.git(ctx, "checkout", string(t.Payload()))
	} else {
		cmd = r.git(ctx, "checkout", "-b", "work")
	}
	return cmd.Run()
}

// Edit commits and pushes: a new commit on every delivery, which the push
// sends to the remote (another party's repository: high).
func (r *Repo) Edit(ctx context.Context, t *asynq.Task) error { // want Edit:`^effects: network/insert git push; file_write/insert git commit$` `unguarded: handler \(\*cmdfix.Repo\).Edit repeats .*: git push sends what git commit made at cmdfix.go:44 to another party \(a new one on every run\) \(high\) at cmdfix/cmdfix.go:47 is not guarded`
	if err := r.git(ctx, "commit", "-m", string(t.Payload())).Run(); err != nil {
		return err
	}
	return r.git(ctx, "push", "origin", "main").Run()
}

// Publish pushes the commits the branch has: pushing them again changes
// nothing (safe).
func (r *Repo) Publish(ctx context.Context, t *asynq.Task) error { // want Publish:`^effects: network/set git push$`
	return r.git(ctx, "push", "origin", string(t.Payload())).Run()
}

// PushFirst pushes, then commits locally: the push sends only the
// commits made before this delivery, the new commit stays local (medium).
func (r *Repo) PushFirst(ctx context.Context, t *asynq.Task) error { // want PushFirst:`^effects: file_write/insert git commit; network/set git push$` `unguarded: handler \(\*cmdfix.Repo\).PushFirst repeats .*file_write insert \(git commit\) \(medium\)`
	if err := r.git(ctx, "push", "origin", "main").Run(); err != nil {
		return err
	}
	return r.git(ctx, "commit", "-m", string(t.Payload())).Run()
}

type Builder struct{ exe string }

// Compile runs a compiler held in a field: read by its subcommand, it
// writes its output file (safe, inferred).
func (b *Builder) Compile(ctx context.Context, t *asynq.Task) error { // want Compile:`^effects: process/unknown compile reads=file_write/write$`
	return exec.CommandContext(ctx, b.exe, "compile", "main.typ", "/tmp/out.pdf").Run()
}

// Script runs a command line nothing reads: unknown.
func Script(ctx context.Context, t *asynq.Task) error { // want Script:`^effects: process/unknown$`
	return exec.CommandContext(ctx, "npx", "tool", string(t.Payload())).Run()
}

// Info runs a package's CLI through npx (a launcher: the command line is
// the package's): its info subcommand prints (safe, inferred).
func Info(ctx context.Context, t *asynq.Task) error { // want Info:`^effects: process/unknown mytool info reads=process/read$`
	_, err := exec.CommandContext(ctx, "npx", "mytool", "info", "-d", string(t.Payload())).Output()
	return err
}

// Images builds its arguments on several paths; no subcommand reads it,
// but it names its output directory: it writes its files there (safe,
// inferred).
func Images(ctx context.Context, t *asynq.Task) error { // want Images:`^effects: process/unknown mytool images reads=file_write/write$`
	dir, out := string(t.Payload()), "/tmp/images"
	args := []string{"mytool", "images"}
	args = append(args, "--dir", dir)
	args = append(args, "--output", out)
	if len(dir) > 3 {
		args = append(args, "--label", dir[:3])
	}
	_, err := exec.CommandContext(ctx, "npx", args...).Output()
	return err
}

// Format names an output format, not a path: unknown.
func Format(ctx context.Context, t *asynq.Task) error { // want Format:`^effects: process/unknown$`
	return exec.CommandContext(ctx, "mytool", "upload", "--output", "json").Run()
}
