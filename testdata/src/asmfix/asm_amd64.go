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

//go:noescape
func indirect(a []byte) int

func Sum(a, b []float32) float32 { // want Sum:"no effects"
	return distAVX(a, b)
}

// Near misses: a CALL, raw BYTE encodings, a jump to another symbol and
// one through a register leave the routine: what they do is not read here.
func Near(a []byte) int { // want Near:"^effects: dynamic_call/call asmfix.callsOut; dynamic_call/call asmfix.encoded; dynamic_call/call asmfix.tailCall; dynamic_call/call asmfix.indirect$"
	return callsOut(a) + encoded(a) + tailCall(a) + indirect(a)
}
