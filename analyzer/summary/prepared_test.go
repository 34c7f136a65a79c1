package summary

import (
	"go/types"
	"testing"

	"github.com/jobeffects/jobeffects/internal/ssatest"
)

// isStmt is memoised per package for named types and pointers to them:
// the memoised answers are the uncached ones, a named pointer type (whose
// method set is empty) is not confused with the pointer it names, and a
// type that is neither is answered without the memo. The package's
// prepared statement is still found through the memo.
func TestIsStmtMemo(t *testing.T) {
	pkg, p := summarise(t, `package p

import "database/sql"

type stmtPtr *sql.Stmt

type store struct {
	ins *sql.Stmt
	raw stmtPtr
	all []*sql.Stmt
}

func Open(db *sql.DB) (*store, error) {
	s := &store{}
	var err error
	s.ins, err = db.Prepare("insert into ledger (id) values ($1)")
	return s, err
}

func (s *store) Add(id int) error {
	_, err := s.ins.Exec(id)
	return err
}
`)
	s := p.Of(ssatest.Func(t, pkg, "(*store).Add"))
	if !hasLedgerInsert(s.Effects) {
		t.Errorf("effects %+v, want the insert into ledger", s.Effects)
	}
	st := pkg.Pkg.Scope().Lookup("store").Type().Underlying().(*types.Struct)
	ins, raw, all := st.Field(0).Type(), st.Field(1).Type(), st.Field(2).Type()
	stmt := ins.(*types.Pointer).Elem().(*types.Named)
	if _, ok := p.stmts[stmtKey{named: stmt, ptr: true}]; !ok {
		t.Errorf("memo %v: collectPrepared's question about *sql.Stmt not kept", p.stmts)
	}
	w := &walker{p: p}
	for _, c := range []struct {
		t    types.Type
		want bool
		memo bool
	}{
		{ins, true, true},
		{stmt, false, true}, // Exec has a pointer receiver
		{raw, false, true},  // a named pointer type has no methods
		{all, false, false},
	} {
		for i := 0; i < 2; i++ {
			if got := w.isStmt(c.t); got != c.want {
				t.Errorf("isStmt(%s) = %v (call %d), want %v", c.t, got, i+1, c.want)
			}
		}
		if got := w.isStmtUncached(c.t); got != c.want {
			t.Errorf("isStmtUncached(%s) = %v, want %v", c.t, got, c.want)
		}
		if _, ok := stmtKeyOf(c.t); ok != c.memo {
			t.Errorf("stmtKeyOf(%s) memoised = %v, want %v", c.t, ok, c.memo)
		}
	}
}
