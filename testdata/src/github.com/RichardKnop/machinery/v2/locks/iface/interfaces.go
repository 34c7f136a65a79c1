// Stub of github.com/RichardKnop/machinery/v2 (repository source, v2 tree; module proxy refused the module) for analysistest: declarations mirror the real API (subset); bodies are empty.

package iface

type Lock interface {
	LockWithRetries(key string, value int64) error
	Lock(key string, expiration int64) error
}
