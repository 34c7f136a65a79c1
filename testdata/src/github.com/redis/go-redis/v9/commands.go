// Stub of github.com/redis/go-redis/v9@v9.23.0 for analysistest: declarations mirror the real API; bodies are empty.

package redis

import (
	"context"
	"time"
)

// ---- commands.go ----

type Cmdable interface {
	Pipeline() Pipeliner
	Pipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error)

	TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error)
	TxPipeline() Pipeliner

	Echo(ctx context.Context, message interface{}) *StringCmd
	Ping(ctx context.Context) *StatusCmd
	Quit(ctx context.Context) *StatusCmd
	Unlink(ctx context.Context, keys ...string) *IntCmd

	FlushAll(ctx context.Context) *StatusCmd
	FlushDB(ctx context.Context) *StatusCmd

	GenericCmdable
	HashCmdable
	ListCmdable
	PubSubCmdable
	ScriptingFunctionsCmdable
	SetCmdable
	SortedSetCmdable
	StringCmdable
	StreamCmdable
}

type StatefulCmdable interface {
	Cmdable
	Auth(ctx context.Context, password string) *StatusCmd
	AuthACL(ctx context.Context, username, password string) *StatusCmd
	Select(ctx context.Context, index int) *StatusCmd
	SwapDB(ctx context.Context, index1, index2 int) *StatusCmd
	ClientSetName(ctx context.Context, name string) *BoolCmd
}

var (
	_ Cmdable = (*Client)(nil)
	_ Cmdable = (*Tx)(nil)
	_ Cmdable = (*Pipeline)(nil)
)

type cmdable func(ctx context.Context, cmd Cmder) error

type statefulCmdable func(ctx context.Context, cmd Cmder) error

func (c statefulCmdable) Auth(ctx context.Context, password string) *StatusCmd { return nil }
func (c statefulCmdable) AuthACL(ctx context.Context, username, password string) *StatusCmd {
	return nil
}
func (c statefulCmdable) Select(ctx context.Context, index int) *StatusCmd          { return nil }
func (c statefulCmdable) SwapDB(ctx context.Context, index1, index2 int) *StatusCmd { return nil }
func (c statefulCmdable) ClientSetName(ctx context.Context, name string) *BoolCmd   { return nil }

func (c cmdable) Echo(ctx context.Context, message interface{}) *StringCmd { return nil }
func (c cmdable) Ping(ctx context.Context) *StatusCmd                      { return nil }
func (c cmdable) Do(ctx context.Context, args ...interface{}) *Cmd         { return nil }
func (c cmdable) Quit(ctx context.Context) *StatusCmd                      { return nil }
func (c cmdable) Unlink(ctx context.Context, keys ...string) *IntCmd       { return nil }
func (c cmdable) FlushAll(ctx context.Context) *StatusCmd                  { return nil }
func (c cmdable) FlushDB(ctx context.Context) *StatusCmd                   { return nil }

// ---- generic_commands.go ----

type GenericCmdable interface {
	Del(ctx context.Context, keys ...string) *IntCmd
	Exists(ctx context.Context, keys ...string) *IntCmd
	Expire(ctx context.Context, key string, expiration time.Duration) *BoolCmd
	ExpireAt(ctx context.Context, key string, tm time.Time) *BoolCmd
	TTL(ctx context.Context, key string) *DurationCmd
}

func (c cmdable) Del(ctx context.Context, keys ...string) *IntCmd    { return nil }
func (c cmdable) Exists(ctx context.Context, keys ...string) *IntCmd { return nil }
func (c cmdable) Expire(ctx context.Context, key string, expiration time.Duration) *BoolCmd {
	return nil
}
func (c cmdable) ExpireAt(ctx context.Context, key string, tm time.Time) *BoolCmd { return nil }
func (c cmdable) TTL(ctx context.Context, key string) *DurationCmd                { return nil }

// ---- hash_commands.go ----

type HashCmdable interface {
	HDel(ctx context.Context, key string, fields ...string) *IntCmd
	HGet(ctx context.Context, key, field string) *StringCmd
	HGetAll(ctx context.Context, key string) *MapStringStringCmd
	HIncrBy(ctx context.Context, key, field string, incr int64) *IntCmd
	HSet(ctx context.Context, key string, values ...interface{}) *IntCmd
	HSetNX(ctx context.Context, key, field string, value interface{}) *BoolCmd
}

func (c cmdable) HDel(ctx context.Context, key string, fields ...string) *IntCmd      { return nil }
func (c cmdable) HGet(ctx context.Context, key, field string) *StringCmd              { return nil }
func (c cmdable) HGetAll(ctx context.Context, key string) *MapStringStringCmd         { return nil }
func (c cmdable) HIncrBy(ctx context.Context, key, field string, incr int64) *IntCmd  { return nil }
func (c cmdable) HSet(ctx context.Context, key string, values ...interface{}) *IntCmd { return nil }
func (c cmdable) HSetNX(ctx context.Context, key, field string, value interface{}) *BoolCmd {
	return nil
}

// ---- list_commands.go ----

type ListCmdable interface {
	LPop(ctx context.Context, key string) *StringCmd
	LPush(ctx context.Context, key string, values ...interface{}) *IntCmd
	RPop(ctx context.Context, key string) *StringCmd
	RPush(ctx context.Context, key string, values ...interface{}) *IntCmd
}

func (c cmdable) LPop(ctx context.Context, key string) *StringCmd                      { return nil }
func (c cmdable) LPush(ctx context.Context, key string, values ...interface{}) *IntCmd { return nil }
func (c cmdable) RPop(ctx context.Context, key string) *StringCmd                      { return nil }
func (c cmdable) RPush(ctx context.Context, key string, values ...interface{}) *IntCmd { return nil }

// ---- pubsub_commands.go ----

type PubSubCmdable interface {
	Publish(ctx context.Context, channel string, message interface{}) *IntCmd
	SPublish(ctx context.Context, channel string, message interface{}) *IntCmd
}

func (c cmdable) Publish(ctx context.Context, channel string, message interface{}) *IntCmd {
	return nil
}
func (c cmdable) SPublish(ctx context.Context, channel string, message interface{}) *IntCmd {
	return nil
}

// ---- scripting_commands.go ----

type ScriptingFunctionsCmdable interface {
	Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	EvalRO(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalShaRO(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
}

func (c cmdable) Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd {
	return nil
}
func (c cmdable) EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd {
	return nil
}
func (c cmdable) EvalRO(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd {
	return nil
}
func (c cmdable) EvalShaRO(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd {
	return nil
}

// ---- set_commands.go ----

type SetCmdable interface {
	SAdd(ctx context.Context, key string, members ...interface{}) *IntCmd
	SIsMember(ctx context.Context, key string, member interface{}) *BoolCmd
	SRem(ctx context.Context, key string, members ...interface{}) *IntCmd
}

func (c cmdable) SAdd(ctx context.Context, key string, members ...interface{}) *IntCmd   { return nil }
func (c cmdable) SIsMember(ctx context.Context, key string, member interface{}) *BoolCmd { return nil }
func (c cmdable) SRem(ctx context.Context, key string, members ...interface{}) *IntCmd   { return nil }

// ---- sortedset_commands.go ----

type SortedSetCmdable interface {
	ZAdd(ctx context.Context, key string, members ...Z) *IntCmd
	ZIncrBy(ctx context.Context, key string, increment float64, member string) *FloatCmd
	ZRem(ctx context.Context, key string, members ...interface{}) *IntCmd
}

func (c cmdable) ZAdd(ctx context.Context, key string, members ...Z) *IntCmd { return nil }
func (c cmdable) ZIncrBy(ctx context.Context, key string, increment float64, member string) *FloatCmd {
	return nil
}
func (c cmdable) ZRem(ctx context.Context, key string, members ...interface{}) *IntCmd { return nil }

// Z represents sorted set member.
type Z struct {
	Score  float64
	Member interface{}
}

// ---- string_commands.go ----

type StringCmdable interface {
	Decr(ctx context.Context, key string) *IntCmd
	DecrBy(ctx context.Context, key string, decrement int64) *IntCmd
	Get(ctx context.Context, key string) *StringCmd
	GetSet(ctx context.Context, key string, value interface{}) *StringCmd
	Incr(ctx context.Context, key string) *IntCmd
	IncrBy(ctx context.Context, key string, value int64) *IntCmd
	IncrByFloat(ctx context.Context, key string, value float64) *FloatCmd
	MSet(ctx context.Context, values ...interface{}) *StatusCmd
	Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd
	SetArgs(ctx context.Context, key string, value interface{}, a SetArgs) *StatusCmd
	SetEx(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd
	SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd
	SetXX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd
}

func (c cmdable) Decr(ctx context.Context, key string) *IntCmd                         { return nil }
func (c cmdable) DecrBy(ctx context.Context, key string, decrement int64) *IntCmd      { return nil }
func (c cmdable) Get(ctx context.Context, key string) *StringCmd                       { return nil }
func (c cmdable) GetSet(ctx context.Context, key string, value interface{}) *StringCmd { return nil }
func (c cmdable) Incr(ctx context.Context, key string) *IntCmd                         { return nil }
func (c cmdable) IncrBy(ctx context.Context, key string, value int64) *IntCmd          { return nil }
func (c cmdable) IncrByFloat(ctx context.Context, key string, value float64) *FloatCmd { return nil }
func (c cmdable) MSet(ctx context.Context, values ...interface{}) *StatusCmd           { return nil }
func (c cmdable) Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return nil
}

// SetArgs provides arguments for the SetArgs function.
type SetArgs struct {
	// Mode can be `NX`, `XX`, `IFEQ`, `IFNE`, `IFDEQ`, `IFDNE` or empty.
	Mode        string
	MatchValue  interface{}
	MatchDigest uint64
	TTL         time.Duration
	ExpireAt    time.Time
	Get         bool
	KeepTTL     bool
}

func (c cmdable) SetArgs(ctx context.Context, key string, value interface{}, a SetArgs) *StatusCmd {
	return nil
}
func (c cmdable) SetEx(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return nil
}
func (c cmdable) SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd {
	return nil
}
func (c cmdable) SetXX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd {
	return nil
}

// ---- stream_commands.go ----

type StreamCmdable interface {
	XAdd(ctx context.Context, a *XAddArgs) *StringCmd
	XDel(ctx context.Context, stream string, ids ...string) *IntCmd
	XAck(ctx context.Context, stream, group string, ids ...string) *IntCmd
}

// XAddArgs accepts values in the following formats:
//   - XAddArgs.Values = []interface{}{"key1", "value1", "key2", "value2"}
//   - XAddArgs.Values = []string("key1", "value1", "key2", "value2")
//   - XAddArgs.Values = map[string]interface{}{"key1": "value1", "key2": "value2"}
type XAddArgs struct {
	Stream         string
	NoMkStream     bool
	MaxLen         int64 // MAXLEN N
	MinID          string
	Approx         bool
	Limit          int64
	Mode           string
	ID             string
	Values         interface{}
	ProducerID     string
	IdempotentID   string
	IdempotentAuto bool
}

func (c cmdable) XAdd(ctx context.Context, a *XAddArgs) *StringCmd               { return nil }
func (c cmdable) XDel(ctx context.Context, stream string, ids ...string) *IntCmd { return nil }
func (c cmdable) XAck(ctx context.Context, stream, group string, ids ...string) *IntCmd {
	return nil
}
