// Stub of github.com/vmihailenco/msgpack/v5 for analysistest: decoding
// dispatches to a decoder picked at run time, which the analysis cannot
// follow when it reads the library's code.
package msgpack

// CustomDecoder is implemented by types that decode themselves.
type CustomDecoder interface {
	DecodeMsgpack(b []byte) error
}

func Unmarshal(data []byte, v interface{}) error {
	if d, ok := v.(CustomDecoder); ok {
		return d.DecodeMsgpack(data)
	}
	return nil
}

func Marshal(v interface{}) ([]byte, error) { return nil, nil }
