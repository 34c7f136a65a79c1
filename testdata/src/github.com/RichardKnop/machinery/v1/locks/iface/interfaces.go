// Stub of github.com/RichardKnop/machinery/v1 (module github.com/RichardKnop/machinery v1.10.6, package v1; copied from the v2 stub, whose declarations v1 shares) for analysistest: declarations mirror the real API (subset); bodies are empty.

package iface

type Lock interface {
	LockWithRetries(key string, value int64) error
	Lock(key string, expiration int64) error
}
