package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// notifyHandler is a handler for ledgerModule whose insert is behind an
// interface wired in cmd/worker: the whole program resolves it, a package
// alone does not, so the two answers of a run differ.
var notifyHandler = map[string]string{
	"notify/notify.go": `package notify

// Notifier tells someone.
type Notifier interface{ Notify(to string) error }
`,
	"outbox/outbox.go": `package outbox

import "example.com/ledger/store"

// Outbox queues a mail.
type Outbox struct{}

// Notify queues a mail to to.
func (Outbox) Notify(to string) error {
	return store.Exec("insert into outbox(rcpt) values ($1)", to)
}
`,
	"welcome/welcome.go": `package welcome

import "example.com/ledger/notify"

// Deps are the handler's dependencies.
type Deps struct{ N notify.Notifier }

//jobeffects:handler user:welcome
func (d *Deps) Welcome(email string) error {
	return d.N.Notify(email)
}
`,
	"cmd/worker/main.go": `package main

import (
	"example.com/ledger/outbox"
	"example.com/ledger/welcome"
)

func main() {
	d := &welcome.Deps{N: outbox.Outbox{}}
	_ = d.Welcome("a@example.com")
}
`,
	"broken/broken.go": "package broken\n\nfunc F() error { return undefinedThing() }\n",
}

// A run asked for both answers (JOBEFFECTS_DEBUG_PERPACKAGE,
// e2etest.BothAnswers) keeps its per-package answer as the -whole=false
// run's entry: a -whole=false run after it, lint or inventory, in any
// format, replays it (nothing in the cache is written or rewritten) and
// prints what a run from nothing prints, byte for byte. The module has a
// call only the whole program resolves, a type error (exit 2, errors on
// stderr) and a modelled insert, so that the two answers differ.
func TestPerPackageAnswerKeptForWholeFalse(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, notifyHandler)
	writeTree(t, dir, map[string]string{".jobeffects.yaml": storeModel})
	cache := t.TempDir()
	env := []string{"JOBEFFECTS_CACHE_DIR=" + cache}
	file := filepath.Join(t.TempDir(), "perpackage.txt")
	both := runOutcome(t, dir, append(env[:1:1], perPackageEnv+"="+file), "./...")
	pp, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if both.code != 2 || !strings.Contains(both.stderr, "insert into outbox") || !strings.Contains(both.stderr, "undefinedThing") {
		t.Fatalf("the run with both answers: exit %d\n%s", both.code, both.stderr)
	}
	if string(pp) == both.stderr {
		t.Fatalf("the two answers are the same, the test proves nothing:\n%s", pp)
	}
	before := cacheFiles(t, cache)
	off := []string{"JOBEFFECTS_CACHE=off"}
	for _, args := range [][]string{
		{"-whole=false", "./..."},
		{"-whole=false", "-format=json", "./..."},
		{"inventory", "-whole=false", "./..."},
	} {
		replayed := runOutcome(t, dir, env, args...)
		if after := cacheFiles(t, cache); after != before {
			t.Errorf("jobeffects %v analysed instead of replaying the per-package answer:\n--- cache before\n%s--- after\n%s", args, before, after)
		}
		fresh := runOutcome(t, dir, off, args...)
		if replayed != fresh {
			t.Errorf("jobeffects %v replayed differs from a run from nothing:\n--- replayed\n%+v\n--- fresh\n%+v", args, replayed, fresh)
		}
		if args[0] == "-whole=false" && args[1] == "./..." && fresh.stderr != string(pp) {
			t.Errorf("the per-package answer is not -whole=false's:\n--- per package\n%s--- -whole=false\n%s", pp, fresh.stderr)
		}
	}
}

// cacheFiles lists the files under dir with their identity (a file
// rewritten in place of another is a new file).
func cacheFiles(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(path string, de fs.DirEntry, err error) error {
		if err != nil || de.IsDir() {
			return err
		}
		info, err := de.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		fmt.Fprintf(&b, "%s %d %d\n", rel, info.Size(), info.ModTime().UnixNano())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
