package effect

// Kind is the family of an effect, as written in the inventory's
// side_effects[].kind field.
const (
	KindDBWrite = "db_write"
	KindDBRead  = "db_read"
	KindPayment = "payment"
	KindEmail   = "email"
	KindSMS     = "sms"
	KindPush    = "push"
	KindHTTP    = "http"
	KindPublish = "publish"
	KindKVWrite = "kv_write"
	KindKVRead  = "kv_read"
	KindFile    = "file_write"
	KindProcess = "process"
	KindUnknown = "unknown"
	KindNetwork = "network"
	KindDynamic = "dynamic_call"
	KindGuard   = "guard"
	// KindMemory is a write to memory that outlives the delivery: a
	// package-level variable, a field or map of a long-lived value
	// (summary/memory.go).
	KindMemory = "memory_write"
	// KindAck marks a message acknowledgement in a pull loop; the guard
	// analysis uses it (ack-before-effect) and it is not reported as an effect.
	KindAck = "ack"
)

// Operation names shared by models and the SQL classifier. SQL operations
// use the sqlclass.Op spelling ("insert", "update-increment", …).
const (
	OpClaim     = "claim"
	OpLock      = "lock" // a key-value claim the handler releases: guards concurrency, not repetition
	OpInsert    = "insert"
	OpSet       = "set"
	OpIncrement = "increment"
	OpAppend    = "append"
	OpDelete    = "delete"
	OpRead      = "read"
	OpSend      = "send"
	OpPublish   = "publish"
	OpCharge    = "charge"
	OpPayout    = "payout"
	OpRefund    = "refund"
	OpTransfer  = "transfer"
	OpWrite     = "write"
	OpCall      = "call"
	OpUnknown   = "unknown"
	OpComplete  = "complete" // a framework completion in a transaction (River JobCompleteTx)
)

// Targets of completions (OpComplete): the job, or, for a resumable
// step's completion (River ResumableSetStepTx), the step.
const (
	CompleteJob  = "job"
	CompleteStep = "step"
)

// Kinds lists the effect kinds a model may name.
func Kinds() []string {
	return []string{KindDBWrite, KindDBRead, KindPayment, KindEmail, KindSMS, KindPush, KindHTTP, KindPublish,
		KindKVWrite, KindKVRead, KindFile, KindProcess, KindUnknown, KindNetwork, KindDynamic, KindGuard, KindMemory}
}

// Ops lists the operations a model may name: the shared operation names,
// the SQL classifier's, the HTTP methods and the library verbs the catalog
// uses. A config model naming another is an error, so that a typo
// ("sned") does not pass as an operation nothing knows.
func Ops() []string {
	return []string{
		OpClaim, OpLock, OpInsert, OpSet, OpIncrement, OpAppend, OpDelete, OpRead, OpSend, OpPublish,
		OpCharge, OpPayout, OpRefund, OpTransfer, OpWrite, OpCall, OpUnknown, OpComplete,
		"upsert-set", "upsert-increment", "update-set", "update-increment", "select", "nextval", "notify", "ddl", "none",
		"get", "head", "options", "post", "put", "patch",
		"enqueue", "signal", "start-workflow", "consume", "validate", "create", "overwrite",
	}
}

// ValidKind and ValidOp report whether a model's kind or op is one of
// Kinds or Ops.
func ValidKind(k string) bool { return contains(Kinds(), k) }
func ValidOp(o string) bool   { return contains(Ops(), o) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
