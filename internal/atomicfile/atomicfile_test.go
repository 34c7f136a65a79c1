package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "entry")
	for _, data := range []string{"first", "second, longer"} {
		if err := Write(path, []byte(data), 0o700); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != data {
			t.Fatalf("read %q, %v; want %q", got, err, data)
		}
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "tmp-*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if err := Write(filepath.Join(path, "under-a-file"), nil, 0o700); err == nil {
		t.Error("writing under a regular file succeeded")
	}
}
