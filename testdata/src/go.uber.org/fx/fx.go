// Package fx is a stub of go.uber.org/fx v1.23.0: the calls the catalog's
// providers name, with their signatures.
package fx

// Option configures an App.
type Option interface{ apply() }

type provideOption struct{ targets []interface{} }

func (provideOption) apply() {}

// Provide registers constructors; the container calls them by reflection.
func Provide(constructors ...interface{}) Option { return provideOption{constructors} }

// Invoke registers functions the App calls at start.
func Invoke(funcs ...interface{}) Option { return provideOption{funcs} }

// Annotate wraps a constructor with annotations.
func Annotate(t interface{}, anns ...interface{}) interface{} { return t }

// In marks a struct whose fields the container fills.
type In struct{}

// App is an application.
type App struct{}

// New builds an App.
func New(opts ...Option) *App { return &App{} }

// Run runs it.
func (*App) Run() {}
