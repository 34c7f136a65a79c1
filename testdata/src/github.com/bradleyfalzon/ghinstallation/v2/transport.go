// Package ghinstallation is a stub of github.com/bradleyfalzon/ghinstallation/v2 (v2.19.0).
package ghinstallation

import "context"

type Transport struct {
	refresh func(context.Context) (string, error)
}

// Token refreshes through a function value its body cannot resolve.
func (t *Transport) Token(ctx context.Context) (string, error) { return t.refresh(ctx) }
