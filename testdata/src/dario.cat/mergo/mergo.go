// Package mergo is a stub of dario.cat/mergo (v1.0.0 signatures); the
// body stands for the reflection the analysis cannot follow (a call of
// a function value it would read as unknown).
package mergo

type Config struct {
	Overwrite bool
	hook      func(dst, src interface{}) error
}

func Merge(dst, src interface{}, opts ...func(*Config)) error {
	c := &Config{}
	for _, o := range opts {
		o(c)
	}
	return c.hook(dst, src)
}

func WithOverride(config *Config) { config.Overwrite = true }
