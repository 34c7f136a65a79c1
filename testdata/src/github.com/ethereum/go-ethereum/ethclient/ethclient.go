// Package ethclient is a stub of github.com/ethereum/go-ethereum/ethclient
// (v1.9.8 signatures; every method is one JSON-RPC call to the node).
package ethclient

import (
	"context"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
)

type Client struct{ c caller }

type caller interface {
	CallContext(ctx context.Context, result any, method string, args ...any) error
}

func Dial(rawurl string) (*Client, error) { return &Client{}, nil }

func DialContext(ctx context.Context, rawurl string) (*Client, error) {
	c, err := rpc.DialContext(ctx, rawurl)
	if err != nil {
		return nil, err
	}
	return NewClient(c), nil
}

func NewClient(c *rpc.Client) *Client { return &Client{c: c} }

func (ec *Client) Close() {}

func (ec *Client) BlockByNumber(ctx context.Context, number *big.Int) (*types.Block, error) {
	return nil, ec.c.CallContext(ctx, nil, "eth_getBlockByNumber", number, true)
}

func (ec *Client) HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error) {
	return nil, ec.c.CallContext(ctx, nil, "eth_getBlockByNumber", number, false)
}

func (ec *Client) TransactionByHash(ctx context.Context, hash common.Hash) (*types.Transaction, bool, error) {
	return nil, false, ec.c.CallContext(ctx, nil, "eth_getTransactionByHash", hash)
}

func (ec *Client) TransactionReceipt(ctx context.Context, txHash common.Hash) (*types.Receipt, error) {
	return nil, ec.c.CallContext(ctx, nil, "eth_getTransactionReceipt", txHash)
}

func (ec *Client) SendTransaction(ctx context.Context, tx *types.Transaction) error {
	return ec.c.CallContext(ctx, nil, "eth_sendRawTransaction", tx)
}
