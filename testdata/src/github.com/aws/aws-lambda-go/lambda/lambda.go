// Stub of github.com/aws/aws-lambda-go@v1.55.1 for analysistest: declarations mirror the real API (subset); bodies are empty.

package lambda

import (
	"context"
	"io"
	"sync"
)

func Start(handler interface{}) {
}

func StartWithContext(ctx context.Context, handler interface{}) {
}

func StartHandler(handler Handler) {
}

func StartWithOptions(handler interface{}, options ...Option) {
}

func StartHandlerWithContext(ctx context.Context, handler Handler) {
}

type HandlerFunc[TIn, TOut any] interface {
	func(context.Context, TIn) (TOut, error)
}

func StartHandlerFunc[TIn any, TOut any, H HandlerFunc[TIn, TOut]](handler H, options ...Option) {
}

type Handler interface {
	Invoke(ctx context.Context, payload []byte) ([]byte, error)
}

type handlerOptions struct {
	handlerFunc
	baseContext                      context.Context
	contextValues                    map[interface{}]interface{}
	jsonRequestUseNumber             bool
	jsonRequestDisallowUnknownFields bool
	jsonResponseEscapeHTML           bool
	jsonResponseIndentPrefix         string
	jsonResponseIndentValue          string
	enableSIGTERM                    bool
	sigtermCallbacks                 []func()
	jsonOutBufferPool                *sync.Pool
}

type Option func(*handlerOptions)

func WithContext(ctx context.Context) Option {
	var r0 Option
	return r0
}

func WithContextValue(key interface{}, value interface{}) Option {
	var r0 Option
	return r0
}

func WithSetEscapeHTML(escapeHTML bool) Option {
	var r0 Option
	return r0
}

func WithSetIndent(prefix, indent string) Option {
	var r0 Option
	return r0
}

func WithUseNumber(useNumber bool) Option {
	var r0 Option
	return r0
}

func WithDisallowUnknownFields(disallowUnknownFields bool) Option {
	var r0 Option
	return r0
}

func NewHandler(handlerFunc interface{}) Handler {
	var r0 Handler
	return r0
}

func NewHandlerWithOptions(handlerFunc interface{}, options ...Option) Handler {
	var r0 Handler
	return r0
}

type handlerFunc func(context.Context, []byte) (io.Reader, error)

func (h handlerFunc) Invoke(ctx context.Context, payload []byte) ([]byte, error) { return nil, nil }
