// Package types is a stub of github.com/ethereum/go-ethereum/core/types
// (v1.9.8 signatures).
package types

import (
	"math/big"

	"github.com/ethereum/go-ethereum/common"
)

type Header struct{ Number *big.Int }

type Block struct{ header *Header }

type Transaction struct{}

type Transactions []*Transaction

type Receipt struct{ Status uint64 }

type Message struct{}

type Signer interface {
	Sender(tx *Transaction) (common.Address, error)
}

type EIP155Signer struct{}

func NewEIP155Signer(chainID *big.Int) EIP155Signer { return EIP155Signer{} }

func (s EIP155Signer) Sender(tx *Transaction) (common.Address, error) { return common.Address{}, nil }

func Sender(signer Signer, tx *Transaction) (common.Address, error) { return signer.Sender(tx) }

func (tx *Transaction) AsMessage(s Signer) (Message, error) {
	_, err := Sender(s, tx)
	return Message{}, err
}

func (tx *Transaction) Hash() common.Hash { return common.Hash{} }

func (b *Block) Hash() common.Hash { return common.Hash{} }

func (b *Block) Number() *big.Int { return b.header.Number }

func (b *Block) Transactions() Transactions { return nil }

func (h *Header) Hash() common.Hash { return common.Hash{} }
