//go:build amd64

package calc

//go:noescape
func distAVX(a, b []float32) float32

//go:noescape
func leakAVX(a []byte) int

func init() {
	distImpl = distAVX
	leakImpl = leakAVX
}
