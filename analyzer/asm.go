package analyzer

import (
	"go/ast"
	"go/types"
	"os"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Functions written in assembly: a Go declaration without a body whose
// TEXT is in one of the package's .s files (pass.OtherFiles, those the
// build selects). A reviewer reads the assembly: a routine that calls
// nothing (no CALL, no system call, no jump to another symbol) and holds
// no hand-encoded instructions (BYTE, WORD, LONG, QUAD: they could encode
// anything) only computes on its arguments' memory — a SIMD distance, a
// checksum — and has no effect outside the process. Such a function gets
// an empty summary; any other body-less function keeps none (unknown, as
// before), and so does a file that includes another header than the
// toolchain's (textflag.h, go_asm.h, funcdata.h), whose macros could call.

// asmForbidden are the mnemonics that leave the routine: calls, system
// calls and traps of the architectures Go assembles for, and raw
// encodings.
var asmForbidden = map[string]bool{
	"CALL": true, "CALLQ": true, "SYSCALL": true, "SYSENTER": true, "INT": true, "SVC": true, "HVC": true, "SMC": true,
	"BL": true, "BLR": true, "BLX": true, "JAL": true, "JALR": true, "ECALL": true, "SWI": true, "SYSCALL.": true,
	"BYTE": true, "WORD": true, "LONG": true, "QUAD": true, "OCTA": true, "DWORD": true,
	"TRAP": true, "TW": true, "SC": true,
}

// asmRegister matches the general registers a jump may go through
// (amd64, 386, arm64, arm, riscv64, ppc64, s390x, mips spellings).
var asmRegister = regexp.MustCompile(`^(R[0-9]+|[RE]?[ABCD]X|[RE]?[SD]I|[RE]?[BS]P|X[0-9]+|LR|CTR)$`)

// asmHeaders are the toolchain's headers: constants, no instructions.
var asmHeaders = map[string]bool{`"textflag.h"`: true, `"go_asm.h"`: true, `"funcdata.h"`: true}

// pureAsm returns the package's body-less functions whose assembly calls
// nothing (see above).
func pureAsm(pass *analysis.Pass, prog *ssa.Program) []*ssa.Function {
	var decls []*types.Func
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body != nil || fd.Recv != nil {
				continue
			}
			if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				decls = append(decls, obj)
			}
		}
	}
	if len(decls) == 0 {
		return nil
	}
	pure := map[string]bool{} // TEXT symbol name → calls nothing
	for _, name := range pass.OtherFiles {
		if !strings.HasSuffix(name, ".s") {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		for sym, ok := range asmRoutines(string(data)) {
			if prev, seen := pure[sym]; seen {
				ok = ok && prev // the same symbol twice: both must be pure
			}
			pure[sym] = ok
		}
	}
	var out []*ssa.Function
	for _, obj := range decls {
		if !pure[obj.Name()] {
			continue
		}
		if fn := prog.FuncValue(obj); fn != nil && fn.Blocks == nil {
			out = append(out, fn)
		}
	}
	return out
}

// asmRoutines maps the package's own TEXT symbols (·name) in an assembly
// file to whether the routine calls nothing.
func asmRoutines(src string) map[string]bool {
	out := map[string]bool{}
	fileOK := true
	sym := ""
	ok := true
	flush := func() {
		if sym != "" {
			out[sym] = ok && fileOK
		}
	}
	for _, line := range strings.Split(src, "\n") {
		line = stripAsmComment(line)
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "#") {
			fields := strings.Fields(strings.TrimPrefix(line, "#"))
			if len(fields) > 0 && fields[0] == "include" && (len(fields) < 2 || !asmHeaders[fields[1]]) {
				fileOK = false
			}
			if len(fields) > 0 && fields[0] == "define" && asmCalls(strings.Join(fields[1:], " ")) {
				fileOK = false // a macro that calls may be used anywhere
			}
			continue
		}
		first := strings.Fields(line)[0]
		if first == "TEXT" {
			flush()
			sym, ok = "", true
			rest := strings.TrimSpace(strings.TrimPrefix(line, "TEXT"))
			if i := strings.Index(rest, "(SB)"); i > 0 && strings.HasPrefix(rest, "·") {
				sym = rest[len("·"):i]
				if strings.ContainsAny(sym, "·<>") {
					sym = ""
				}
			}
			continue
		}
		if sym != "" && asmCalls(line) {
			ok = false
		}
	}
	flush()
	return out
}

// asmCalls reports whether an instruction (or a macro's text, whose
// instructions are separated by ';') leaves the routine.
func asmCalls(text string) bool {
	for _, ins := range strings.Split(text, ";") {
		f := strings.Fields(strings.TrimSpace(ins))
		for len(f) > 0 && strings.HasSuffix(f[0], ":") {
			f = f[1:] // a label before the instruction
		}
		if len(f) == 0 {
			continue
		}
		op := strings.ToUpper(f[0])
		if asmForbidden[op] || asmForbidden[strings.SplitN(op, ".", 2)[0]] {
			return true
		}
		// A jump to a symbol (a tail call) rather than to a label, or
		// through a register or memory (JMP AX, B (R1)): anywhere.
		if strings.HasPrefix(op, "J") || strings.HasPrefix(op, "B") {
			target := strings.ToUpper(f[len(f)-1])
			if strings.Contains(ins, "(SB)") || strings.Contains(target, "(") || asmRegister.MatchString(target) {
				return true
			}
		}
	}
	return false
}

// stripAsmComment removes a // comment and surrounding space.
func stripAsmComment(line string) string {
	if i := strings.Index(line, "//"); i >= 0 {
		line = line[:i]
	}
	return strings.TrimSpace(line)
}
