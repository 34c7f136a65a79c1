// Package calc picks a distance routine at init by the CPU's features, as
// monetr's server/internal/calc does: the Go version or assembly.
package calc

var distImpl func(a, b []float32) float32 = distGo

func distGo(a, b []float32) float32 {
	var s float32
	for i := range a {
		d := a[i] - b[i]
		s += d * d
	}
	return s
}

func Distance(a, b []float32) float32 {
	return distImpl(a, b)
}

var leakImpl func(a []byte) int = leakGo

func leakGo(a []byte) int { return len(a) }

func Leak(a []byte) int {
	return leakImpl(a)
}
