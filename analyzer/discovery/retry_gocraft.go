package discovery

import (
	"fmt"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// gocraftJobWithOptions reads pool.JobWithOptions(name, opts, fn): a job
// failing MaxFails times goes to the dead queue; 0 means the default, 4.
func gocraftJobWithOptions(_ *Env, call *ssa.Call, args []ssa.Value) []Retry {
	// args: receiver, name, JobOptions, fn.
	if len(args) < 3 {
		return nil
	}
	opts := ssavalue.LocalOf(args[2])
	if opts == nil {
		return nil
	}
	for _, st := range ssavalue.FieldStores(opts, "MaxFails") {
		if c, ok := st.Val.(*ssa.Const); ok && c.Value != nil && c.Int64() > 0 {
			return []Retry{{Framework: "gocraft", Task: ssavalue.ConstString(args[1]), Pos: call.Pos(),
				Policy: fmt.Sprintf("gocraft/work MaxFails %d: up to %d runs", c.Int64(), c.Int64()), Runs: c.Int64()}}
		}
	}
	return nil
}
