package inferfix

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"

	"github.com/hibiken/asynq"
)

// JSON-RPC over HTTP: every call is a POST to the node's one URL, and the
// request's method says what it does. A method the names read as a read
// (chain_get_block, eth_getBalance after its namespace, eth_call) is a
// read by name; a write (eth_sendRawTransaction, account_put_deploy), a
// method set at run time, or a body that is no JSON-RPC request (no
// jsonrpc field) stays the POST the code shows.

type rpcRequest struct {
	Version string `json:"jsonrpc"`
	ID      int    `json:"id"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

type NodeClient struct{ endpoint string }

var node = &NodeClient{endpoint: os.Getenv("NODE_URL")}

// call sends a JSON-RPC request of the method its caller passes.
func (c *NodeClient) call(method string, params any) error { // want call:`^effects: http/post .*rpc=p1`
	body, err := json.Marshal(rpcRequest{Version: "2.0", Method: method, Params: params})
	if err != nil {
		return err
	}
	resp, err := http.Post(c.endpoint, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *NodeClient) GetBlock(height int) error { // want GetBlock:`^effects: http/post json-rpc chain_get_block$`
	return c.call("chain_get_block", []int{height})
}

func RPCBlock(ctx context.Context, t *asynq.Task) error { // want RPCBlock:`^effects: http/post json-rpc chain_get_block$`
	return node.GetBlock(len(t.Payload()))
}

func RPCBalance(ctx context.Context, t *asynq.Task) error { // want RPCBalance:`^effects: http/post json-rpc eth_getBalance$`
	return node.call("eth_getBalance", []string{string(t.Payload()), "latest"})
}

func RPCCall(ctx context.Context, t *asynq.Task) error { // want RPCCall:`^effects: http/post json-rpc eth_call$`
	return node.call("eth_call", []string{string(t.Payload())})
}

// RPCSend sends a transaction: a write, still a finding.
func RPCSend(ctx context.Context, t *asynq.Task) error { // want RPCSend:`^effects: http/post json-rpc eth_sendRawTransaction$` `unguarded: handler inferfix.RPCSend repeats .*http post \(json-rpc eth_sendRawTransaction\) \(high\)`
	return node.call("eth_sendRawTransaction", []string{string(t.Payload())})
}

// RPCPut submits a deploy: "put" sets a value by key elsewhere, but is no
// read.
func RPCPut(ctx context.Context, t *asynq.Task) error { // want RPCPut:`^effects: http/post json-rpc account_put_deploy$` `unguarded: handler inferfix.RPCPut repeats .*http post .*\(high\)`
	return node.call("account_put_deploy", t.Payload())
}

// RPCDynamic takes the method from the payload: not known, the POST.
func RPCDynamic(ctx context.Context, t *asynq.Task) error { // want RPCDynamic:`^effects: http/post$` `unguarded: handler inferfix.RPCDynamic repeats .*http post .*\(high\)`
	return node.call(string(t.Payload()), nil)
}

// RPCMap builds the request as a map and sends it with Do.
func RPCMap(ctx context.Context, t *asynq.Task) error { // want RPCMap:`^effects: http/post json-rpc state_get_item$`
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "state_get_item", "params": []string{string(t.Payload())}})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, os.Getenv("NODE_URL"), bytes.NewReader(body))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

type command struct {
	Method string `json:"method"`
	Args   any    `json:"args"`
}

// NotRPC posts a body with a method but no jsonrpc field: no JSON-RPC
// request, the POST the code shows.
func NotRPC(ctx context.Context, t *asynq.Task) error { // want NotRPC:`^effects: http/post$` `unguarded: handler inferfix.NotRPC repeats .*http post .*\(high\)`
	body, err := json.Marshal(command{Method: "get_block", Args: string(t.Payload())})
	if err != nil {
		return err
	}
	_, err = http.Post(os.Getenv("CMD_URL"), "application/json", bytes.NewReader(body))
	return err
}
