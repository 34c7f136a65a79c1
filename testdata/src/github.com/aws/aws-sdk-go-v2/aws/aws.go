// Stub of github.com/aws/aws-sdk-go-v2@v1.48.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package aws

import (
	"context"
	"time"
)

// ---- config.go (subset of fields) ----

type Config struct {
	Region string

	Credentials CredentialsProvider

	BaseEndpoint *string

	RetryMaxAttempts int
}

func NewConfig() *Config { return &Config{} }

func (c Config) Copy() Config { return c }

// ---- credentials.go ----

type Credentials struct {
	AccessKeyID     string
	SecretAccessKey string
	SessionToken    string
	Source          string
	CanExpire       bool
	Expires         time.Time
	AccountID       string
}

type CredentialsProvider interface {
	Retrieve(ctx context.Context) (Credentials, error)
}

// ---- to_ptr.go / from_ptr.go ----

func Bool(v bool) *bool { return &v }

func String(v string) *string { return &v }

func Int(v int) *int { return &v }

func Int32(v int32) *int32 { return &v }

func Int64(v int64) *int64 { return &v }

func Time(v time.Time) *time.Time { return &v }

func ToBool(p *bool) (v bool) { return }

func ToString(p *string) (v string) { return }

func ToInt(p *int) (v int) { return }

func ToInt32(p *int32) (v int32) { return }

func ToInt64(p *int64) (v int64) { return }
