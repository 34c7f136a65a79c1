package rules

// The rule names. Keep them stable: they are what users write in
// //jobeffects:ignore directives, baselines and CI configuration.
const (
	Unguarded          = "unguarded"
	SeparateTx         = "guard-separate-tx"
	RandomKey          = "random-key"
	DuplicateAsError   = "duplicate-as-error"
	ClaimUnchecked     = "claim-unchecked"
	CheckThenAct       = "check-then-act"
	AckBeforeEffect    = "ack-before-effect"
	WorkflowSideEffect = "workflow-side-effect"
	UnknownEffect      = "unknown-effect"
	Unresolved         = "unresolved"
	BadIgnore          = "bad-ignore"
	StaleIgnore        = "stale-ignore"
	AnalysisFailed     = "analysis-failed"
	// The claim table's lifecycle (issue 29).
	ClaimWithoutConstraint = "claim-without-constraint"
	PruneBeforeRetry       = "prune-before-retry"
	ClaimNeverPruned       = "claim-never-pruned"
)
