// Package ethnodefix: go-ethereum's ethclient reads the node over JSON-RPC
// (a block, a header, a transaction, a receipt: safe reads), and a
// transaction's hash or sender is computed in memory (trustkeeper's
// chains_query repository, trace_ethereum.go and model/ethereum.go).
// Sending a transaction changes the chain and is not modelled (near miss):
// it is read from the library's code (in this stub an unresolved call,
// read by its name as a post). Dialing the node (ethclient.DialContext, or
// rpc.DialHTTPWithClient with the application's own HTTP client wrapped by
// ethclient.NewClient) sends nothing of the caller's: only the reads made
// on the client are effects (nft-indexer's Lambda workers,
// service/workers/*_handler.go and network/ethereum/signing_client.go).
package ethnodefix

import (
	"context"
	"math/big"
	"net/http"

	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"
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

func Connect(ctx context.Context, url string, hc *http.Client, n *big.Int) error { // want Connect:`^effects: http/get ethereum node$`
	rc, err := rpc.DialHTTPWithClient(url, hc)
	if err != nil {
		return err
	}
	c := ethclient.NewClient(rc)
	defer c.Close()
	_, err = c.HeaderByNumber(ctx, n)
	return err
}

func Connect2(ctx context.Context, url string, n *big.Int) error { // want Connect2:`^effects: http/get ethereum node$`
	c, err := ethclient.DialContext(ctx, url)
	if err != nil {
		return err
	}
	defer c.Close()
	_, err = c.HeaderByNumber(ctx, n)
	return err
}
