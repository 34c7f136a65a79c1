// Stub of github.com/aws/aws-sdk-go/aws@v1.44.327 for analysistest: declarations mirror the real API (subset); bodies are empty.
package aws

import "context"

type Context = context.Context

func String(v string) *string { return &v }
func Int64(v int64) *int64    { return &v }
