package summary

import "golang.org/x/tools/go/ssa"

// scanCall is instr when it is a Scan method call (rows.Scan(&a, &b) on a
// sql.Rows/Row, pgx.Row or any Scan interface) and its receiver: the
// value whose rows it reads. Both the database-clock stamp
// (scanQuery) and the rows a compare-and-set returned (scanOf) start
// from "which query's rows does this Scan read".
func scanCall(instr ssa.Instruction) (c *ssa.CallCommon, recv ssa.Value) {
	ci, ok := instr.(ssa.CallInstruction)
	if !ok {
		return nil, nil
	}
	c = ci.Common()
	switch {
	case c.IsInvoke() && c.Method.Name() == "Scan":
		return c, c.Value
	case c.StaticCallee() != nil && c.StaticCallee().Name() == "Scan" && len(c.Args) > 1 && c.Signature().Recv() != nil:
		return c, c.Args[0]
	}
	return nil, nil
}
