// Package ethnodefix: go-ethereum's ethclient reads the node over JSON-RPC
// (a block, a header, a transaction, a receipt: safe reads), and a
// transaction's hash or sender is computed in memory (trustkeeper's
// chains_query repository, trace_ethereum.go and model/ethereum.go).
// Sending a transaction changes the chain and is not modelled (near miss):
// it is read from the library's code (in this stub an unresolved call,
// read by its name as a post).
package ethnodefix

import (
	"context"
	"math/big"

	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
)

func Trace(ctx context.Context, c *ethclient.Client, n *big.Int) error { // want Trace:`^effects: http/get ethereum node @p1; http/get ethereum node @p1; http/get ethereum node @p1$`
	block, err := c.BlockByNumber(ctx, n)
	if err != nil {
		return err
	}
	signer := types.NewEIP155Signer(big.NewInt(1))
	for _, tx := range block.Transactions() {
		if _, err := tx.AsMessage(signer); err != nil {
			return err
		}
		if _, err := c.TransactionReceipt(ctx, tx.Hash()); err != nil {
			return err
		}
	}
	_, err = c.HeaderByNumber(ctx, block.Number())
	_ = block.Hash()
	return err
}

func Send(ctx context.Context, c *ethclient.Client, tx *types.Transaction) error { // want Send:`^effects: dynamic_call/call \(\*ethclient.Client\).SendTransaction reads=http/post$`
	return c.SendTransaction(ctx, tx)
}
