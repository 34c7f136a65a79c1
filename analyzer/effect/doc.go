// Package effect is the vocabulary every other jobeffects package speaks: what
// a side effect is (kind, operation, target, risk), where it was found
// (evidence position and the call path from the function that was
// summarised), and how effects are ranked.
//
// Effects are stored in analysis facts and cross process boundaries under
// go vet, so they are plain data: positions are strings ("file:line:col"),
// never token.Pos, and every effect carries its whole call path. A fact that
// pointed at another fact would lose the chain, because go vet does not pass
// on facts of indirect dependencies.
package effect
