package discovery

import (
	_ "embed"
	"errors"
	"fmt"
	"go/types"
	"io"
	"sort"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/jobeffects/jobeffects/analyzer/catalog"
	"github.com/jobeffects/jobeffects/analyzer/models"
)

// Rules are the discovery rules: registration calls and handler shapes,
// and what each framework does when the code sets no retry policy.
type Rules struct {
	Frameworks    []catalog.Framework `yaml:"frameworks"`
	Registrations []Registration      `yaml:"registrations"`
	Shapes        []Shape             `yaml:"shapes"`

	// Libraries are the catalog files' models, which package models reads.
	Libraries yaml.Node `yaml:"libraries"`

	byFunc  map[string]*Registration
	methods map[string]bool // names of the registering methods (wrappedLibraryRules)
	retry   map[string]string
	fws     map[string]*catalog.Framework
}

// Registration is a registration rule (its schema, the catalog's
// catalog.Registration) with what discovery adds at run time.
type Registration struct {
	catalog.Registration `yaml:",inline"`

	// Interface and TaskMethod: the handler argument is a value of the
	// application's job interface (a Forward's, ifacejobs.go): each
	// concrete type passed is a handler, its task the constant its
	// TaskMethod returns, else its type's name.
	Interface  bool   `yaml:"-"`
	TaskMethod string `yaml:"-"`
	// TaskPrefix and TaskSuffix surround TaskMethod's constant.
	TaskPrefix, TaskSuffix string `yaml:"-"`
	// Optional: a job without the method is not registered by this rule.
	Optional bool `yaml:"-"`

	forward *Forward // set for the rules a forwarding function makes
}

// CheckArgs checks a user's registration against the function it matched:
// an argument index past the function's parameters (or a type argument
// past its type parameters) would drop the handler silently. The error
// names the config's file and line.
func (r *Registration) CheckArgs(fn *types.Func) error {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return nil
	}
	n := sig.Params().Len()
	check := func(field string, ix *int, limit int, what string) error {
		if ix == nil || *ix < limit {
			return nil
		}
		where := ""
		if r.Source != "" {
			where = r.Source + ": "
		}
		return fmt.Errorf("%s%s: %s: %s %d, but %s has %d %ss (counted from 0, the receiver excluded)",
			where, r.Func, field, what, *ix, models.FuncKey(fn), limit, what)
	}
	// A generic function's own type parameters, or a generic type's for
	// its methods: what the call's type arguments instantiate.
	osig := fn.Origin().Signature()
	tparams := max(osig.TypeParams().Len(), osig.RecvTypeParams().Len())
	for _, c := range []struct {
		field string
		ix    *int
		limit int
		what  string
	}{
		{"handler", &r.Handler, n, "argument"},
		{"name", r.Name, n, "argument"},
		{"options", r.Options, n, "argument"},
		{"publishes_returned", r.PublishesReturned, n, "argument"},
		{"subscriber", r.Subscriber, n, "argument"},
		{"kind_type_arg", r.KindTypeArg, tparams, "type argument"},
	} {
		if err := check(c.field, c.ix, c.limit, c.what); err != nil {
			return err
		}
	}
	return nil
}

// Shape describes a handler by its signature (its schema, the catalog's
// catalog.Shape).
type Shape struct {
	catalog.Shape `yaml:",inline"`
}

var (
	builtinOnce  sync.Once
	builtinRules *Rules
	builtinErr   error
)

// Builtin returns the rules of the embedded catalog, parsed once.
func Builtin() (*Rules, error) {
	builtinOnce.Do(func() {
		files, err := catalog.Nodes()
		if err != nil {
			builtinErr = err
			return
		}
		all := &Rules{}
		for _, f := range files {
			r, err := parseRulesNode(f)
			if err != nil {
				builtinErr = err
				return
			}
			all.Frameworks = append(all.Frameworks, r.Frameworks...)
			all.Registrations = append(all.Registrations, r.Registrations...)
			all.Shapes = append(all.Shapes, r.Shapes...)
		}
		// A signature rule beats a weak one: exact shapes first, then those
		// matching any parameter, whatever file they come from.
		sort.SliceStable(all.Shapes, func(i, j int) bool { return all.Shapes[i].rank() < all.Shapes[j].rank() })
		all.index()
		builtinRules = all
	})
	return builtinRules, builtinErr
}

// rank orders shapes by strength: first-parameter and exact signatures
// before any-parameter ones.
func (s *Shape) rank() int {
	switch {
	case s.FirstParam != "":
		return 0
	case s.AnyParam != "":
		return 2
	}
	return 1
}

// ParseRules reads the discovery sections of a catalog file; errors name
// the file and line.
func ParseRules(name string, data []byte) (*Rules, error) {
	var r Rules
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	if err := dec.Decode(&r); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	r.index()
	return &r, nil
}

// parseRulesNode is ParseRules of an embedded file parsed already
// (catalog.Nodes, shared with package models), decoded from its tree
// without rejecting unknown fields: TestNodesDecodeAsParseRules reads every
// embedded file both ways and compares.
func parseRulesNode(c catalog.Node) (*Rules, error) {
	var r Rules
	if err := c.Root.Decode(&r); err != nil {
		return nil, fmt.Errorf("%s: %v", c.Name, err)
	}
	r.index()
	return &r, nil
}

// Merge returns rules with extra registrations and shapes appended
// (user configuration).
func (r *Rules) Merge(regs []Registration, shapes []Shape) *Rules {
	out := &Rules{
		Frameworks:    r.Frameworks,
		Registrations: append(append([]Registration(nil), r.Registrations...), regs...),
		Shapes:        append(append([]Shape(nil), r.Shapes...), shapes...),
	}
	out.index()
	return out
}

func (r *Rules) index() {
	r.byFunc = make(map[string]*Registration, len(r.Registrations))
	r.methods = map[string]bool{}
	for i := range r.Registrations {
		r.byFunc[r.Registrations[i].Func] = &r.Registrations[i]
		if f := r.Registrations[i].Func; strings.HasPrefix(f, "(") {
			if j := strings.LastIndex(f, ")."); j > 0 {
				r.methods[f[j+2:]] = true
			}
		}
	}
	r.retry = make(map[string]string, len(r.Frameworks))
	r.fws = make(map[string]*catalog.Framework, len(r.Frameworks))
	for i, f := range r.Frameworks {
		r.retry[f.Name] = f.Retry
		r.fws[f.Name] = &r.Frameworks[i]
	}
}

// hasMethod reports whether a registration is a method of that name.
func (r *Rules) hasMethod(name string) bool { return r.methods[name] }

// Framework returns the catalog's entry for a framework (nil if none).
func (r *Rules) Framework(name string) *catalog.Framework {
	return r.fws[name]
}

// RetryDefault is what a framework does when the code sets no retry
// policy ("unknown" for frameworks the catalog does not describe).
func (r *Rules) RetryDefault(framework string) string {
	if p, ok := r.retry[framework]; ok {
		return p
	}
	return "unknown"
}
