// Package common is a stub of github.com/ethereum/go-ethereum/common (v1.9.8).
package common

type Hash [32]byte

type Address [20]byte

func (h Hash) Hex() string { return "" }
