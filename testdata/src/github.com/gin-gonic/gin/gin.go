// Package gin is a stub of github.com/gin-gonic/gin v1.10.0's routing API.
package gin

type Context struct{}

func (c *Context) Param(key string) string { return "" }

type HandlerFunc func(*Context)

type IRoutes interface{}

type RouterGroup struct{}

type Engine struct {
	RouterGroup
}

func New() *Engine { return &Engine{} }

func (group *RouterGroup) GET(relativePath string, handlers ...HandlerFunc) IRoutes    { return nil }
func (group *RouterGroup) POST(relativePath string, handlers ...HandlerFunc) IRoutes   { return nil }
func (group *RouterGroup) PUT(relativePath string, handlers ...HandlerFunc) IRoutes    { return nil }
func (group *RouterGroup) DELETE(relativePath string, handlers ...HandlerFunc) IRoutes { return nil }

// Group returns a group whose routes serve under the group's path joined
// with relativePath.
func (group *RouterGroup) Group(relativePath string, handlers ...HandlerFunc) *RouterGroup {
	return &RouterGroup{}
}
