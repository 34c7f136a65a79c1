package models

import (
	"fmt"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Older majors. A library's models are written against one major version
// of its module (stripe-go/v82), but applications pin older ones for years
// (stripe-go v72 … v81): their package-level API (charge.New,
// paymentintent.New, refund.New, customer.Get) is the same calls with the
// same effects, and a reviewer reads refund.New of v81 as a refund. A
// library that lists majors is repeated once per major, every string in
// it naming the module's path with its major rewritten to the older one.
// Models of calls an older major does not have never match anything, so
// the copy needs no pruning. A major given as a whole module path ending in
// /vN is an older major published under another path before the module
// moved (go-redis v8 was github.com/go-redis/redis/v8, v9 is
// github.com/redis/go-redis/v9): the same commands on the same cmdable,
// so the copy rewrites the whole path.

// majorSuffix splits a module path ending in a major version.
var majorSuffix = regexp.MustCompile(`^(.*)/(v[0-9]+)$`)

// movedMajor is a major given as the module path it was published under.
var movedMajor = regexp.MustCompile(`^[a-z0-9.-]+(/[A-Za-z0-9._~-]+)+/v[0-9]+$`)

// expandMajors returns the copies of the library node libNode (decoded as
// lib) for each of lib.Majors.
func expandMajors(name string, libNode *yaml.Node, lib Library) ([]Library, error) {
	if len(lib.Majors) == 0 {
		return nil, nil
	}
	module := moduleOf(lib.Packages)
	m := majorSuffix.FindStringSubmatch(module)
	if m == nil {
		return nil, fmt.Errorf("%s:%d: library %q lists majors, but its first package %q does not end in a major version (/vN)", name, libNode.Line, lib.Name, module)
	}
	var out []Library
	for _, major := range lib.Majors {
		older := m[1] + "/" + major
		switch {
		case movedMajor.MatchString(major) && major != module:
			older = major
		case !regexp.MustCompile(`^v[0-9]+$`).MatchString(major) || major == m[2]:
			return nil, fmt.Errorf("%s:%d: library %q: major %q is not an older vN of %s, nor a module path ending in /vN", name, libNode.Line, lib.Name, major, module)
		}
		n := rewriteScalars(libNode, module, older)
		var cp Library
		if err := n.Decode(&cp); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		cp.Name = lib.Name + "@" + major
		cp.Majors = nil
		cp.MajorOf = lib.Name
		for j := range cp.Functions {
			cp.Functions[j].Source = lib.Functions[j].Source
		}
		out = append(out, cp)
	}
	return out, nil
}

// moduleOf is the module path of a library's first package pattern.
func moduleOf(pkgs []string) string {
	if len(pkgs) == 0 {
		return ""
	}
	return strings.TrimSuffix(pkgs[0], "/...")
}

// rewriteScalars deep-copies n with module replaced by older in every
// scalar, where it is followed by a path or name separator (so that
// stripe-go/v8 never matches inside stripe-go/v82).
func rewriteScalars(n *yaml.Node, module, older string) *yaml.Node {
	re := regexp.MustCompile(regexp.QuoteMeta(module) + `([/.)]|$)`)
	var walk func(*yaml.Node) *yaml.Node
	walk = func(n *yaml.Node) *yaml.Node {
		cp := *n
		if n.Kind == yaml.ScalarNode {
			cp.Value = re.ReplaceAllStringFunc(n.Value, func(s string) string { return older + s[len(module):] })
		}
		cp.Content = make([]*yaml.Node, len(n.Content))
		for i, c := range n.Content {
			cp.Content[i] = walk(c)
		}
		return &cp
	}
	return walk(n)
}
