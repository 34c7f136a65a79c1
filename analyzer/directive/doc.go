// Package directive reads the comments jobeffects understands in source
// files:
//
//	//jobeffects:ignore RULE[,RULE] reason   silences RULE on this line or the next
//	//jobeffects:handler [task]              declares the function below a handler
//
// Like //go: directives they have no space after the slashes. Comments that
// look like a directive but do not parse (a space after //, a misspelt
// verb, an empty rule name) are returned as malformed, so that they are
// reported instead of silently doing nothing.
package directive
