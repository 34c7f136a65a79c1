// Stub of google.golang.org/api@v0.304.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package option

import "google.golang.org/api/internal"

type ClientOption interface {
	Apply(*internal.DialSettings)
}

type withCredFile string

func (w withCredFile) Apply(o *internal.DialSettings) { o.CredentialsFile = string(w) }

func WithCredentialsFile(filename string) ClientOption { return withCredFile(filename) }

type withEndpoint string

func (w withEndpoint) Apply(o *internal.DialSettings) { o.Endpoint = string(w) }

func WithEndpoint(url string) ClientOption { return withEndpoint(url) }

type withoutAuthentication struct{}

func (w withoutAuthentication) Apply(o *internal.DialSettings) { o.NoAuth = true }

func WithoutAuthentication() ClientOption { return withoutAuthentication{} }
