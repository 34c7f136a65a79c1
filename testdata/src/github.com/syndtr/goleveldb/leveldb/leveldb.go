// Package leveldb is a stub of github.com/syndtr/goleveldb/leveldb
// (v1.0.1-0.20190923125748-758128399b1d signatures).
package leveldb

import "github.com/syndtr/goleveldb/leveldb/opt"

type DB struct{}

type Batch struct{}

func OpenFile(path string, o *opt.Options) (*DB, error) { return &DB{}, nil }

func (db *DB) Put(key, value []byte, wo *opt.WriteOptions) error { return nil }

func (db *DB) Delete(key []byte, wo *opt.WriteOptions) error { return nil }

func (db *DB) Get(key []byte, ro *opt.ReadOptions) ([]byte, error) { return nil, nil }

func (db *DB) Has(key []byte, ro *opt.ReadOptions) (bool, error) { return false, nil }

func (db *DB) Write(batch *Batch, wo *opt.WriteOptions) error { return nil }

func (db *DB) Close() error { return nil }

func (b *Batch) Put(key, value []byte) {}

func (b *Batch) Delete(key []byte) {}
