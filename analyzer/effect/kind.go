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
