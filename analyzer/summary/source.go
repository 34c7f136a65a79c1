package summary

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// sourceText finds the source text of expressions by the positions SSA
// records for them (a call's Lparen, a binary expression's operator).
type sourceText struct {
	fset  *token.FileSet
	files []*ast.File
	once  sync.Once
	calls map[token.Pos]*ast.CallExpr
	binop map[token.Pos]*ast.BinaryExpr
}

func newSourceText(fset *token.FileSet, files []*ast.File) *sourceText {
	return &sourceText{fset: fset, files: files}
}

func (s *sourceText) index() {
	s.once.Do(func() {
		s.calls = map[token.Pos]*ast.CallExpr{}
		s.binop = map[token.Pos]*ast.BinaryExpr{}
		for _, f := range s.files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					s.calls[n.Lparen] = n
				case *ast.BinaryExpr:
					s.binop[n.OpPos] = n
				}
				return true
			})
		}
	})
}

// argText returns the source of argument i of the call whose '(' is at pos.
func (s *sourceText) argText(pos token.Pos, i int) string {
	s.index()
	if c := s.calls[pos]; c != nil && i >= 0 && i < len(c.Args) {
		return types.ExprString(c.Args[i])
	}
	return ""
}

// exprText returns the source of the expression that computes v, when SSA
// kept a position that identifies it.
func (s *sourceText) exprText(v ssa.Value) string {
	s.index()
	return s.exprTextDepth(v, 0)
}

// exprTextDepth is exprText through at most 16 conversions and field
// selections: it follows operands only (no phis), which cannot lead back
// to v, and stops there in any case.
func (s *sourceText) exprTextDepth(v ssa.Value, depth int) string {
	if depth > 16 {
		return ""
	}
	switch x := v.(type) {
	case *ssa.Call:
		if c := s.calls[x.Pos()]; c != nil {
			return types.ExprString(c)
		}
	case *ssa.BinOp:
		if b := s.binop[x.Pos()]; b != nil {
			return types.ExprString(b)
		}
	case *ssa.Const:
		if x.Value != nil {
			if x.Value.Kind() == constant.String {
				return x.Value.ExactString()
			}
			return x.Value.String()
		}
	case *ssa.MakeInterface:
		return s.exprTextDepth(x.X, depth+1)
	case *ssa.ChangeType:
		return s.exprTextDepth(x.X, depth+1)
	case *ssa.Convert:
		return s.exprTextDepth(x.X, depth+1)
	case *ssa.Parameter:
		return x.Name()
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			st := structOf(fa.X.Type())
			if st != nil && fa.Field < st.NumFields() {
				if base := s.exprTextDepth(fa.X, depth+1); base != "" {
					return base + "." + st.Field(fa.Field).Name()
				}
			}
		}
	case *ssa.Field:
		st := structOf(x.X.Type())
		if st != nil && x.Field < st.NumFields() {
			if base := s.exprTextDepth(x.X, depth+1); base != "" {
				return base + "." + st.Field(x.Field).Name()
			}
		}
	case *ssa.Alloc:
		if x.Comment != "" {
			return x.Comment
		}
	}
	return ""
}

func structOf(t types.Type) *types.Struct {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}
