// Package ok loads fine next to a broken package.
package ok

func Fine() {}
