// Package echo is a stub of github.com/labstack/echo/v4's routing API.
package echo

type Context interface {
	Param(name string) string
}

type HandlerFunc func(c Context) error

type MiddlewareFunc func(next HandlerFunc) HandlerFunc

type Route struct{}

type Echo struct{}

func New() *Echo { return &Echo{} }

func (e *Echo) GET(path string, h HandlerFunc, m ...MiddlewareFunc) *Route  { return nil }
func (e *Echo) POST(path string, h HandlerFunc, m ...MiddlewareFunc) *Route { return nil }
func (e *Echo) PUT(path string, h HandlerFunc, m ...MiddlewareFunc) *Route  { return nil }

// Group is a set of routes under a prefix.
type Group struct{}

func (e *Echo) Group(prefix string, m ...MiddlewareFunc) *Group { return &Group{} }

func (g *Group) Group(prefix string, m ...MiddlewareFunc) *Group             { return &Group{} }
func (g *Group) GET(path string, h HandlerFunc, m ...MiddlewareFunc) *Route  { return nil }
func (g *Group) POST(path string, h HandlerFunc, m ...MiddlewareFunc) *Route { return nil }
