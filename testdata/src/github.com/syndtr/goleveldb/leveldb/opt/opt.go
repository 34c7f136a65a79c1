// Package opt is a stub of github.com/syndtr/goleveldb/leveldb/opt.
package opt

type Options struct{}

type ReadOptions struct{}

type WriteOptions struct{ Sync bool }
