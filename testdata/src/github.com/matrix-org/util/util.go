// Package util is a stand-in for github.com/matrix-org/util.
package util

import "math/rand"

func RandomString(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + rand.Intn(26))
	}
	return string(b)
}
