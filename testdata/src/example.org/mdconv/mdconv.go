// Package mdconv is a converter library of another module (in the shape of
// html-to-markdown's converter): it is built with functional options, and
// WithPlugins' option closure registers each plugin, calling its Name and
// Init through the Plugin interface. The library has no plugin of its own:
// which plugins run is up to the program that builds the converter.
package mdconv

import (
	"errors"
	"strings"
	"sync"
)

// Plugin extends the converter.
type Plugin interface {
	Name() string
	Init(c *Converter) error
}

// Option configures a converter.
type Option func(*Converter) error

// Converter converts text with the rules its plugins register.
type Converter struct {
	mu    sync.Mutex
	names []string
	rules []string
	err   error
}

// WithPlugins registers the plugins on the converter.
func WithPlugins(plugins ...Plugin) Option {
	return func(c *Converter) error {
		for _, p := range plugins {
			c.register(p)
		}
		return nil
	}
}

func (c *Converter) register(p Plugin) {
	name := p.Name()
	if name == "" {
		c.err = errors.New("the plugin has no name")
		return
	}
	c.mu.Lock()
	c.names = append(c.names, name)
	c.mu.Unlock()
	if err := p.Init(c); err != nil {
		c.err = err
	}
}

// AddRule registers a rule.
func (c *Converter) AddRule(rule string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.rules = append(c.rules, rule)
}

// New builds a converter with the options.
func New(opts ...Option) *Converter {
	c := &Converter{}
	for _, o := range opts {
		if err := o(c); err != nil {
			c.err = err
		}
	}
	return c
}

// Convert converts the text.
func (c *Converter) Convert(s string) (string, error) {
	if c.err != nil {
		return "", c.err
	}
	return strings.Join(append(c.rules, s), "\n"), nil
}
