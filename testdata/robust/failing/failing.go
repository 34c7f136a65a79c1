// Package failing is the package whose analysis the containment tests
// make fail (JOBEFFECTS_TEST_PANIC=example.com/robust/failing).
package failing

import "os"

// Append appends a line to the audit log: a non-idempotent effect.
func Append(line string) error {
	f, err := os.OpenFile("audit.log", os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(line + "\n")
	return err
}
