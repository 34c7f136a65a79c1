//go:build amd64

package asmfix

//go:noescape
func distAVX(a, b []float32) float32 // want distAVX:"no effects"

//go:noescape
func callsOut(a []byte) int

//go:noescape
func encoded(a []byte) int

//go:noescape
func tailCall(a []byte) int

func Sum(a, b []float32) float32 { // want Sum:"no effects"
	return distAVX(a, b)
}

// Near misses: a CALL, raw BYTE encodings and a jump to another symbol
// leave the routine: what they do is not read here.
func Near(a []byte) int { // want Near:"^effects: dynamic_call/call asmfix.callsOut; dynamic_call/call asmfix.encoded; dynamic_call/call asmfix.tailCall$"
	return callsOut(a) + encoded(a) + tailCall(a)
}
