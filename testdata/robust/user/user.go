// Package user imports the package whose analysis fails: it is still
// analysed, and sees the failed package's functions as not analysed.
package user

import (
	"context"

	"example.com/robust/failing"
)

// Audit is a job handler that appends to the audit log through failing.
//
//jobeffects:handler audit
func Audit(ctx context.Context, line string) error {
	return failing.Append(line)
}

//jobeffects:ignore
func Noted() {}
