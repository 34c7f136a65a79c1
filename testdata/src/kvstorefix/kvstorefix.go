// Package kvstorefix: a LevelDB Put sets the value at its key (a second
// delivery overwrites it: safe under a key from the job), but under a key
// built from the clock every delivery stores another entry (trustkeeper's
// wallet_key SaveMnemonic, app/service/wallet_key/pkg/repository/biz.go:33-35).
package kvstorefix

import (
	"strconv"
	"time"

	"github.com/syndtr/goleveldb/leveldb"
)

type Repo struct{ db *leveldb.DB }

// SaveUnder overwrites the value its caller's key names (near miss: a set).
func (r *Repo) SaveUnder(id string, v []byte) error { // want SaveUnder:`^effects: kv_write/set leveldb$`
	return r.db.Put([]byte("mnemonic/"+id), v, nil)
}

// SaveVersioned stores under a key made from the clock: a new entry each
// time.
func (r *Repo) SaveVersioned(ns string, v []byte) (string, error) { // want SaveVersioned:`^effects: kv_write/create leveldb; result derives from time.Now$`
	version := ns + "/" + strconv.FormatInt(time.Now().UnixNano(), 10)
	return version, r.db.Put([]byte(version), v, nil)
}

// Read and delete.
func (r *Repo) Drop(id string) error { // want Drop:`^effects: kv_read/read leveldb; kv_write/delete leveldb$`
	if ok, err := r.db.Has([]byte(id), nil); err != nil || !ok {
		return err
	}
	return r.db.Delete([]byte(id), nil)
}
