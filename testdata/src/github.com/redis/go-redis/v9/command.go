// Stub of github.com/redis/go-redis/v9@v9.23.0 for analysistest: declarations mirror the real API; bodies are empty.

package redis

import (
	"context"
	"time"
)

// ---- command.go ----

type Cmder interface {
	Name() string
	FullName() string
	Args() []interface{}
	String() string
	Clone() Cmder

	stringArg(int) string
	SetFirstKeyPos(int8)
	SetStepCount(int8)
	SetErr(error)
	Err() error
}

type baseCmd struct {
	ctx  context.Context
	args []interface{}
	err  error
}

func (cmd *baseCmd) Name() string                { return "" }
func (cmd *baseCmd) FullName() string            { return "" }
func (cmd *baseCmd) Args() []interface{}         { return cmd.args }
func (cmd *baseCmd) stringArg(pos int) string    { return "" }
func (cmd *baseCmd) SetFirstKeyPos(keyPos int8)  {}
func (cmd *baseCmd) SetStepCount(stepCount int8) {}
func (cmd *baseCmd) SetErr(e error)              { cmd.err = e }
func (cmd *baseCmd) Err() error                  { return cmd.err }
func (cmd *baseCmd) NoRetry() bool               { return false }

// Cmd

type Cmd struct {
	baseCmd

	val interface{}
}

func NewCmd(ctx context.Context, args ...interface{}) *Cmd { return &Cmd{} }

func (cmd *Cmd) String() string                 { return "" }
func (cmd *Cmd) SetVal(val interface{})         { cmd.val = val }
func (cmd *Cmd) Val() interface{}               { return cmd.val }
func (cmd *Cmd) Result() (interface{}, error)   { return cmd.val, cmd.err }
func (cmd *Cmd) Text() (string, error)          { return "", nil }
func (cmd *Cmd) Int() (int, error)              { return 0, nil }
func (cmd *Cmd) Int64() (int64, error)          { return 0, nil }
func (cmd *Cmd) Uint64() (uint64, error)        { return 0, nil }
func (cmd *Cmd) Float64() (float64, error)      { return 0, nil }
func (cmd *Cmd) Bool() (bool, error)            { return false, nil }
func (cmd *Cmd) Slice() ([]interface{}, error)  { return nil, nil }
func (cmd *Cmd) StringSlice() ([]string, error) { return nil, nil }
func (cmd *Cmd) Int64Slice() ([]int64, error)   { return nil, nil }
func (cmd *Cmd) Clone() Cmder                   { return cmd }

// StatusCmd

type StatusCmd struct {
	baseCmd

	val string
}

func NewStatusCmd(ctx context.Context, args ...interface{}) *StatusCmd { return &StatusCmd{} }

func (cmd *StatusCmd) SetVal(val string)       { cmd.val = val }
func (cmd *StatusCmd) Val() string             { return cmd.val }
func (cmd *StatusCmd) Result() (string, error) { return cmd.val, cmd.err }
func (cmd *StatusCmd) Bytes() ([]byte, error)  { return nil, nil }
func (cmd *StatusCmd) String() string          { return "" }
func (cmd *StatusCmd) Clone() Cmder            { return cmd }

// IntCmd

type IntCmd struct {
	baseCmd

	val int64
}

func NewIntCmd(ctx context.Context, args ...interface{}) *IntCmd { return &IntCmd{} }

func (cmd *IntCmd) SetVal(val int64)        { cmd.val = val }
func (cmd *IntCmd) Val() int64              { return cmd.val }
func (cmd *IntCmd) Result() (int64, error)  { return cmd.val, cmd.err }
func (cmd *IntCmd) Uint64() (uint64, error) { return 0, nil }
func (cmd *IntCmd) String() string          { return "" }
func (cmd *IntCmd) Clone() Cmder            { return cmd }

// DurationCmd

type DurationCmd struct {
	baseCmd

	val       time.Duration
	precision time.Duration
}

func NewDurationCmd(ctx context.Context, precision time.Duration, args ...interface{}) *DurationCmd {
	return &DurationCmd{}
}

func (cmd *DurationCmd) SetVal(val time.Duration)       { cmd.val = val }
func (cmd *DurationCmd) Val() time.Duration             { return cmd.val }
func (cmd *DurationCmd) Result() (time.Duration, error) { return cmd.val, cmd.err }
func (cmd *DurationCmd) String() string                 { return "" }
func (cmd *DurationCmd) Clone() Cmder                   { return cmd }

// BoolCmd

type BoolCmd struct {
	baseCmd

	val bool
}

func NewBoolCmd(ctx context.Context, args ...interface{}) *BoolCmd { return &BoolCmd{} }

func (cmd *BoolCmd) SetVal(val bool)       { cmd.val = val }
func (cmd *BoolCmd) Val() bool             { return cmd.val }
func (cmd *BoolCmd) Result() (bool, error) { return cmd.val, cmd.err }
func (cmd *BoolCmd) String() string        { return "" }
func (cmd *BoolCmd) Clone() Cmder          { return cmd }

// StringCmd

type StringCmd struct {
	baseCmd

	val string
}

func NewStringCmd(ctx context.Context, args ...interface{}) *StringCmd { return &StringCmd{} }

func (cmd *StringCmd) SetVal(val string)          { cmd.val = val }
func (cmd *StringCmd) Val() string                { return cmd.val }
func (cmd *StringCmd) Result() (string, error)    { return cmd.val, cmd.err }
func (cmd *StringCmd) Bytes() ([]byte, error)     { return nil, nil }
func (cmd *StringCmd) Bool() (bool, error)        { return false, nil }
func (cmd *StringCmd) Int() (int, error)          { return 0, nil }
func (cmd *StringCmd) Int64() (int64, error)      { return 0, nil }
func (cmd *StringCmd) Uint64() (uint64, error)    { return 0, nil }
func (cmd *StringCmd) Float64() (float64, error)  { return 0, nil }
func (cmd *StringCmd) Time() (time.Time, error)   { return time.Time{}, nil }
func (cmd *StringCmd) Scan(val interface{}) error { return nil }
func (cmd *StringCmd) String() string             { return "" }
func (cmd *StringCmd) Clone() Cmder               { return cmd }

// FloatCmd

type FloatCmd struct {
	baseCmd

	val float64
}

func NewFloatCmd(ctx context.Context, args ...interface{}) *FloatCmd { return &FloatCmd{} }

func (cmd *FloatCmd) SetVal(val float64)       { cmd.val = val }
func (cmd *FloatCmd) Val() float64             { return cmd.val }
func (cmd *FloatCmd) Result() (float64, error) { return cmd.val, cmd.err }
func (cmd *FloatCmd) String() string           { return "" }
func (cmd *FloatCmd) Clone() Cmder             { return cmd }

// MapStringStringCmd

type MapStringStringCmd struct {
	baseCmd

	val map[string]string
}

func NewMapStringStringCmd(ctx context.Context, args ...interface{}) *MapStringStringCmd {
	return &MapStringStringCmd{}
}

func (cmd *MapStringStringCmd) Val() map[string]string             { return cmd.val }
func (cmd *MapStringStringCmd) SetVal(val map[string]string)       { cmd.val = val }
func (cmd *MapStringStringCmd) Result() (map[string]string, error) { return cmd.val, cmd.err }
func (cmd *MapStringStringCmd) String() string                     { return "" }
func (cmd *MapStringStringCmd) Scan(dest interface{}) error        { return nil }
func (cmd *MapStringStringCmd) Clone() Cmder                       { return cmd }
