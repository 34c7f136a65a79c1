package models

import (
	"testing"
	"time"
)

// FuzzParse checks that any catalog text gives a catalog or an error that
// names the file, never a panic, and that an accepted catalog indexes.
func FuzzParse(f *testing.F) {
	f.Add([]byte("libraries:\n  - name: pgx\n    packages: [github.com/jackc/pgx/v5]\n    transactions: [github.com/jackc/pgx/v5.Tx]\n    functions:\n      - {func: \"(*github.com/jackc/pgx/v5.Conn).Exec\", sql: 1}\n"))
	f.Add([]byte("libraries:\n  - name: r\n    functions:\n      - package: p\n        methods: [Incr, Decr]\n        kind: kv_write\n        op: increment\n        risk: medium\n        target_arg: 1\n"))
	f.Add([]byte("libraries:\n  - name: x\n    functions:\n      - {func: a.B, risk: nope}\n"))
	f.Add([]byte("libraries: [{name: x, packages: [a/...], functions: [{package: a, methods: [M], kind: k}]}]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var file File
		var err error
		done := make(chan struct{})
		go func() { file, err = Parse("fuzz.yaml", data); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("Parse takes more than 5s on %q", data)
		}
		if err != nil {
			if len(err.Error()) < len("fuzz.yaml") || err.Error()[:len("fuzz.yaml")] != "fuzz.yaml" {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if _, err := NewIndex(file); err != nil {
			t.Fatalf("accepted catalog does not index: %v", err)
		}
	})
}
