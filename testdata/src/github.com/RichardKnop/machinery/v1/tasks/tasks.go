// Stub of github.com/RichardKnop/machinery/v1 (module github.com/RichardKnop/machinery v1.10.6, package v1; copied from the v2 stub, whose declarations v1 shares) for analysistest: declarations mirror the real API (subset); bodies are empty.

package tasks

import (
	"context"
	"time"
)

// ---- signature.go ----

type Arg struct {
	Name  string      `bson:"name"`
	Type  string      `bson:"type"`
	Value interface{} `bson:"value"`
}

type Headers map[string]interface{}

func (h Headers) Set(key, val string) { h[key] = val }

func (h Headers) ForeachKey(handler func(key, val string) error) error { return nil }

type Signature struct {
	UUID                        string
	Name                        string
	RoutingKey                  string
	ETA                         *time.Time
	GroupUUID                   string
	GroupTaskCount              int
	Args                        []Arg
	Headers                     Headers
	Priority                    uint8
	Immutable                   bool
	RetryCount                  int
	RetryTimeout                int
	OnSuccess                   []*Signature
	OnError                     []*Signature
	ChordCallback               *Signature
	BrokerMessageGroupId        string
	SQSReceiptHandle            string
	StopTaskDeletionOnError     bool
	IgnoreWhenTaskNotRegistered bool
}

func NewSignature(name string, args []Arg) (*Signature, error) {
	return &Signature{Name: name, Args: args}, nil
}

func CopySignatures(signatures ...*Signature) []*Signature { return nil }

func CopySignature(signature *Signature) *Signature { return nil }

// ---- task.go ----

type signatureCtxType struct{}

func SignatureFromContext(ctx context.Context) *Signature {
	s, _ := ctx.Value(signatureCtxType{}).(*Signature)
	return s
}

// ---- errors.go ----

type ErrRetryTaskLater struct {
	name, msg string
	retryIn   time.Duration
}

func (e ErrRetryTaskLater) RetryIn() time.Duration { return e.retryIn }

func (e ErrRetryTaskLater) Error() string { return e.msg }

func NewErrRetryTaskLater(msg string, retryIn time.Duration) ErrRetryTaskLater {
	return ErrRetryTaskLater{msg: msg, retryIn: retryIn}
}

type Retriable interface {
	RetryIn() time.Duration
}

// ---- reflect.go / validate ----

func ValidateTask(task interface{}) error { return nil }

// ---- workflow.go ----

type Chain struct {
	Tasks []*Signature
}

type Group struct {
	GroupUUID string
	Tasks     []*Signature
}

type Chord struct {
	Group    *Group
	Callback *Signature
}

func NewChain(signatures ...*Signature) (*Chain, error) { return &Chain{Tasks: signatures}, nil }

func NewGroup(signatures ...*Signature) (*Group, error) { return &Group{Tasks: signatures}, nil }

// ---- state.go ----

type TaskState struct {
	TaskUUID  string
	TaskName  string
	State     string
	Error     string
	CreatedAt time.Time
	TTL       int64
}
