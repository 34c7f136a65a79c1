package effect

import "strings"

// Creations read from names that a caller takes as done when they find
// the thing there already.
//
// A call the analysis cannot follow, read as a creation (an HTTP POST, an
// inferred insert: CreateIndex, CreateBucket), whose failure is returned
// unexamined up to a function that tests it for a duplicate ("already
// exists", a unique violation) and does not return that failure
// (Hop.DupTaken):
//
//	if err != nil && !strings.Contains(err.Error(), "already exists") {
//		return err
//	}
//
// is a create-if-absent: a second delivery's create is refused and taken
// as success, so nothing is made twice (idempotent, safe). A failure that
// is tested for something else (a timeout) or returned as it is leaves the
// creation as read.

// createIfAbsent marks e, just decided by a reading, as a create-if-absent
// when its reading is a creation and a caller on its path takes its
// duplicate's failure as success.
func (e *Effect) createIfAbsent() {
	if e.Guard != nil || e.Risk == Safe || e.Risk == Unknown || !creation(e.Kind, e.Op) {
		return
	}
	i, ok := e.dupTakenHop()
	if !ok {
		return
	}
	e.Risk = Safe
	fn, _, _ := strings.Cut(e.Path[i].Func, " (") // without "(dynamic call → …)"
	e.Detail = JoinDetail(e.Detail, "create-if-absent: "+fn+" takes its failure on a duplicate (\"already exists\") as success")
}

// creation reports whether an effect of that kind and operation makes a
// new thing: an insert or an HTTP POST.
func creation(kind, op string) bool {
	return op == OpInsert || kind == KindHTTP && op == "post"
}

// dupTakenHop is the hop of e's path whose function tests the failure of
// its call for a duplicate and does not return it, when every hop below
// returns that failure as it is (Hop.ErrOut).
func (e *Effect) dupTakenHop() (int, bool) {
	for i := len(e.Path) - 1; i >= 0; i-- {
		if e.Path[i].DupTaken {
			return i, true
		}
		if !e.Path[i].ErrOut {
			return 0, false
		}
	}
	return 0, false
}
