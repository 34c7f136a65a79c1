package summary

import (
	"go/types"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/infer"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// command (command): running an *exec.Cmd has the effect of the command
// line it was built with. The catalog's commands decide a program they
// list (git commit makes a new commit); a program they do not list (or
// one held in a variable) is read by its subcommand's name, as a reviewer
// reads `typst compile in out` (a reading, applied by: name); otherwise
// the model's unknown process stands.
func (c *modelCall) command() {
	if !c.m.Command || c.recv == nil {
		return
	}
	lines := commandLines(c.recv)
	if len(lines) == 0 {
		return
	}
	// A command built on several paths (checkout or checkout -b) is each
	// path's: decided when every path is, as the worst of them.
	var worst *decidedCommand
	for _, l := range lines {
		d := c.w.decideCommand(l)
		if d == nil {
			return
		}
		if worst == nil || d.risk > worst.risk {
			worst = d
		}
	}
	if worst.reading != nil {
		c.e.Target = worst.line
		c.e.Reading = worst.reading
		return
	}
	c.e.Kind, c.e.Op, c.e.Risk, c.e.Target = worst.sub.Kind, worst.sub.Op, worst.risk, worst.line
	c.e.Detail = worst.sub.Detail
	program, _, _ := strings.Cut(worst.line, " ")
	c.w.commands = append(c.w.commands, commandSite{e: c.e, ci: c.ci, program: program, sub: worst.sub})
}

// commandSite is a command the function runs, decided by the catalog.
type commandSite struct {
	e       *effect.Effect
	ci      ssa.CallInstruction
	program string
	sub     *models.Subcommand
}

// publishes applies the catalog's publishes: a command that sends to
// another party what a command of the same program made before it on a
// path of the function (git push after git commit) repeats what that one
// made, a new object on every delivery.
func (w *walker) publishes() {
	for _, p := range w.commands {
		if p.sub.Publishes == "" {
			continue
		}
		for _, m := range w.commands {
			if m.program != p.program || m.e.Op != effect.OpInsert || m.ci == p.ci || !before(m.ci, p.ci) {
				continue
			}
			risk, _ := effect.ParseRisk(p.sub.Publishes)
			p.e.Op, p.e.Risk = effect.OpInsert, risk
			at := w.p.env.Fset.Position(m.ci.Pos())
			p.e.Detail = p.e.Target + " sends what " + m.e.Target + " made at " + filepath.Base(at.Filename) + ":" +
				strconv.Itoa(at.Line) + " to another party (a new one on every run)"
			break
		}
	}
}

// before reports whether b can run after a in their function: later in
// a's block, or in a block reachable from it.
func before(a, b ssa.CallInstruction) bool {
	ab, bb := a.Block(), b.Block()
	if ab == nil || bb == nil {
		return false
	}
	if ab == bb {
		for _, instr := range ab.Instrs {
			switch instr {
			case a.(ssa.Instruction):
				return true
			case b.(ssa.Instruction):
				return false
			}
		}
		return false
	}
	seen := map[*ssa.BasicBlock]bool{ab: true}
	work := []*ssa.BasicBlock{ab}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range x.Succs {
			if s == bb {
				return true
			}
			if !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return false
}

// decidedCommand is a command line's effect: the catalog's subcommand, or
// a reading of its name.
type decidedCommand struct {
	line    string // "git push"
	risk    effect.Risk
	sub     *models.Subcommand
	reading *effect.Reading
}

func (w *walker) decideCommand(l cmdLine) *decidedCommand {
	if cmd := w.p.env.Index.Command(l.program); cmd != nil && cmd.Launcher {
		p, rest, ok := cmd.Launched(l.args)
		if !ok {
			return nil
		}
		l = cmdLine{program: path.Base(p), args: rest}
	}
	if cmd := w.p.env.Index.Command(l.program); cmd != nil && !cmd.Launcher {
		name, sub := cmd.Sub(l.args)
		if sub == nil {
			return nil
		}
		risk, _ := effect.ParseRisk(sub.Risk)
		return &decidedCommand{line: l.program + " " + name, risk: risk, sub: sub}
	}
	name := firstArg(l.args)
	if name == "" {
		return nil
	}
	line := strings.TrimSpace(l.program + " " + name)
	r := infer.Command(line, name, l.args)
	if r == nil {
		return nil
	}
	return &decidedCommand{line: line, risk: r.Risk, reading: r}
}

// firstArg is a command line's first argument that is not an option, ""
// when it is not known statically.
func firstArg(args []string) string {
	for _, a := range args {
		if a == "" || !strings.HasPrefix(a, "-") {
			return a
		}
	}
	return ""
}

// cmdLine is a command line read from code: the program's base name (""
// when not constant) and its arguments ("" where not constant; a prefix
// when the rest is not known).
type cmdLine struct {
	program string
	args    []string
}

// commandLines reads the command lines an *exec.Cmd may have been built
// with: exec.Command(name, args...) or exec.CommandContext(ctx, name,
// args...), directly, on each path into a variable, or returned by a
// function of the program that builds it from its parameters
// (r.gitCmd(ctx, "push", "origin", branch)). nil when one is not read.
func commandLines(cmd ssa.Value) []cmdLine {
	var out []cmdLine
	var walk func(v ssa.Value, subst map[*ssa.Parameter]ssa.Value, depth int) bool
	walk = func(v ssa.Value, subst map[*ssa.Parameter]ssa.Value, depth int) bool {
		v = resolveParam(normalize(v), subst)
		if depth > 3 {
			return false
		}
		switch x := v.(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				if !walk(e, subst, depth+1) {
					return false
				}
			}
			return true
		case *ssa.Call:
			callee := x.Call.StaticCallee()
			if callee == nil || callee.Object() == nil {
				return false
			}
			args := x.Call.Args
			switch callee.Object().(*types.Func).FullName() {
			case "os/exec.Command":
				out = append(out, readLine(args[0], args[1], subst))
				return true
			case "os/exec.CommandContext":
				out = append(out, readLine(args[1], args[2], subst))
				return true
			}
			// A builder function: what it returns, its parameters bound
			// to this call's arguments.
			if len(callee.Blocks) == 0 || len(callee.Params) != len(args) {
				return false
			}
			inner := map[*ssa.Parameter]ssa.Value{}
			for i, p := range callee.Params {
				inner[p] = resolveParam(args[i], subst)
			}
			found := false
			for _, b := range callee.Blocks {
				if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 {
					if !walk(ret.Results[0], inner, depth+1) {
						return false
					}
					found = true
				}
			}
			return found
		}
		return false
	}
	if !walk(cmd, nil, 0) {
		return nil
	}
	return out
}

func resolveParam(v ssa.Value, subst map[*ssa.Parameter]ssa.Value) ssa.Value {
	if p, ok := v.(*ssa.Parameter); ok && subst[p] != nil {
		return subst[p]
	}
	return v
}

// readLine reads a program and its variadic arguments.
func readLine(name, args ssa.Value, subst map[*ssa.Parameter]ssa.Value) cmdLine {
	var l cmdLine
	if texts := stringValues(resolveParam(name, subst)); len(texts) == 1 && !strings.Contains(texts[0], dynamic) {
		l.program = path.Base(texts[0])
	}
	for _, a := range argValues(resolveParam(args, subst), subst, 0) {
		s := ""
		if texts := stringValues(resolveParam(a, subst)); len(texts) == 1 && !strings.Contains(texts[0], dynamic) {
			s = texts[0]
		}
		l.args = append(l.args, s)
	}
	return l
}

// argValues are the elements of an argument slice: a literal, an append
// of literals and parameters bound at the call, or on several paths the
// elements they all begin with (args = append(args, "--label", x) under a
// condition). A part not known ends the list with a nil (read as "").
func argValues(v ssa.Value, subst map[*ssa.Parameter]ssa.Value, depth int) []ssa.Value {
	v = resolveParam(v, subst)
	if depth > 8 {
		return []ssa.Value{nil}
	}
	if elems := ssavalue.SliceElems(v); elems != nil {
		return elems
	}
	switch x := v.(type) {
	case *ssa.Const:
		if x.IsNil() {
			return nil
		}
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(x.Call.Args) == 2 {
			head := argValues(x.Call.Args[0], subst, depth+1)
			if len(head) > 0 && head[len(head)-1] == nil {
				return head
			}
			return append(slices.Clip(head), argValues(x.Call.Args[1], subst, depth+1)...)
		}
	case *ssa.Phi:
		var common []ssa.Value
		for i, e := range x.Edges {
			if e == x {
				continue
			}
			elems := argValues(e, subst, depth+1)
			if i == 0 || common == nil {
				common = elems
				continue
			}
			n := 0
			for n < len(common) && n < len(elems) && sameString(common[n], elems[n]) {
				n++
			}
			common = append(slices.Clip(common[:n]), nil)
		}
		return common
	}
	return []ssa.Value{nil}
}

// sameString reports whether two argument values are the same constant
// text (or the same value).
func sameString(a, b ssa.Value) bool {
	if a == nil || b == nil {
		return false
	}
	if a == b {
		return true
	}
	ta, tb := stringValues(a), stringValues(b)
	return len(ta) == 1 && len(tb) == 1 && ta[0] == tb[0] && !strings.Contains(ta[0], dynamic)
}
