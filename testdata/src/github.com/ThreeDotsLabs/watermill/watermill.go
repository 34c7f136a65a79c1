// Stub of github.com/ThreeDotsLabs/watermill@v1.5.1 for analysistest: declarations mirror the real API (subset); bodies are empty.

package watermill

type LogFields map[string]interface{}

func (l LogFields) Add(newFields LogFields) LogFields {
	return l
}

func (l LogFields) Copy() LogFields {
	return l
}

type LoggerAdapter interface {
	Error(msg string, err error, fields LogFields)
	Info(msg string, fields LogFields)
	Debug(msg string, fields LogFields)
	Trace(msg string, fields LogFields)
	With(fields LogFields) LoggerAdapter
}

type NopLogger struct{}

func (NopLogger) Error(msg string, err error, fields LogFields) {
}

func (NopLogger) Info(msg string, fields LogFields) {
}

func (NopLogger) Debug(msg string, fields LogFields) {
}

func (NopLogger) Trace(msg string, fields LogFields) {
}

func (l NopLogger) With(fields LogFields) LoggerAdapter {
	var r0 LoggerAdapter
	return r0
}

func NewStdLogger(debug, trace bool) LoggerAdapter {
	var r0 LoggerAdapter
	return r0
}

func NewUUID() string {
	return ""
}

func NewShortUUID() string {
	return ""
}

func NewULID() string {
	return ""
}
