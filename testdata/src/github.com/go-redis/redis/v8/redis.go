// Stub of github.com/go-redis/redis/v8 for analysistest: the few
// declarations a fixture uses, with v8's shape (commands are methods of the
// func type cmdable, which calls the client's process function), so that
// without a model a command is a call of a function value.
package redis

import "context"

type Cmder interface {
	Name() string
	Err() error
}

type baseCmd struct {
	ctx  context.Context
	args []interface{}
	err  error
}

func (cmd *baseCmd) Name() string { return "" }
func (cmd *baseCmd) Err() error   { return cmd.err }

type IntCmd struct {
	baseCmd
	val int64
}

func NewIntCmd(ctx context.Context, args ...interface{}) *IntCmd {
	return &IntCmd{baseCmd: baseCmd{ctx: ctx, args: args}}
}

func (cmd *IntCmd) Result() (int64, error) { return cmd.val, cmd.err }

type BoolCmd struct {
	baseCmd
	val bool
}

func NewBoolCmd(ctx context.Context, args ...interface{}) *BoolCmd {
	return &BoolCmd{baseCmd: baseCmd{ctx: ctx, args: args}}
}

func (cmd *BoolCmd) Result() (bool, error) { return cmd.val, cmd.err }

type SliceCmd struct {
	baseCmd
	val []interface{}
}

func NewSliceCmd(ctx context.Context, args ...interface{}) *SliceCmd {
	return &SliceCmd{baseCmd: baseCmd{ctx: ctx, args: args}}
}

func (cmd *SliceCmd) Result() ([]interface{}, error) { return cmd.val, cmd.err }

type cmdable func(ctx context.Context, cmd Cmder) error

func (c cmdable) HMGet(ctx context.Context, key string, fields ...string) *SliceCmd {
	cmd := NewSliceCmd(ctx, "hmget", key)
	_ = c(ctx, cmd)
	return cmd
}

func (c cmdable) HMSet(ctx context.Context, key string, values ...interface{}) *BoolCmd {
	cmd := NewBoolCmd(ctx, "hmset", key)
	_ = c(ctx, cmd)
	return cmd
}

func (c cmdable) HIncrBy(ctx context.Context, key, field string, incr int64) *IntCmd {
	cmd := NewIntCmd(ctx, "hincrby", key, field, incr)
	_ = c(ctx, cmd)
	return cmd
}

type Options struct{ Addr string }

type Client struct {
	opt *Options
	cmdable
}

func NewClient(opt *Options) *Client {
	c := &Client{opt: opt}
	c.cmdable = c.Process
	return c
}

func (c *Client) Process(ctx context.Context, cmd Cmder) error { return nil }
