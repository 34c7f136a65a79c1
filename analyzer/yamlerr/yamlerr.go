// Package yamlerr turns the YAML library's errors into the messages
// jobeffects promises for the files users write (.jobeffects.yaml, a
// baseline): "file:line:col: message", one per problem, in the file's own
// words rather than Go type names.
package yamlerr

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Words maps the Go types a file decodes into to what the file calls them
// ("models.Model": "an effects entry"), for "want …" messages.
type Words map[string]string

var (
	lineRe     = regexp.MustCompile(`^line (\d+): (.*)$`)
	notFoundRe = regexp.MustCompile(`^field (\S+) not found in type (\S+)$`)
	intoRe     = regexp.MustCompile("^cannot unmarshal !!(\\w+) `(.*)` into (.+)$")
)

// Format rewrites err, an error decoding data (the contents of path), as
// one "path:line:col: message" line per problem.
func Format(path string, data []byte, err error, words Words) error {
	var root yaml.Node
	_ = yaml.Unmarshal(data, &root)
	var msgs []string
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	} else {
		msgs = []string{strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	var out []string
	for _, m := range msgs {
		line, msg := 0, m
		if sub := lineRe.FindStringSubmatch(m); sub != nil {
			line, _ = strconv.Atoi(sub[1])
			msg = sub[2]
		}
		col := 1
		if sub := notFoundRe.FindStringSubmatch(msg); sub != nil {
			col = column(&root, line, sub[1], true)
			msg = fmt.Sprintf("unknown field %s in %s", sub[1], words.of(sub[2]))
		} else if sub := intoRe.FindStringSubmatch(msg); sub != nil {
			col = column(&root, line, sub[2], false)
			msg = fmt.Sprintf("want %s, got %s", words.of(sub[3]), sub[2])
		}
		if line == 0 {
			line = 1
		}
		out = append(out, fmt.Sprintf("%s:%d:%d: %s", path, line, col, msg))
	}
	return errors.New(strings.Join(out, "\n"))
}

// of says what a Go type is in the file's words.
func (w Words) of(goType string) string {
	if s, ok := w[goType]; ok {
		return s
	}
	switch {
	case strings.HasPrefix(goType, "[]"):
		return "a list"
	case strings.HasPrefix(goType, "map["):
		return "a mapping"
	case goType == "string":
		return "a string"
	case goType == "bool":
		return "true or false"
	case strings.Contains(goType, "int"):
		return "a number"
	case strings.HasPrefix(goType, "struct") || strings.Contains(goType, "."):
		return "a mapping"
	}
	return goType
}

// column finds the column of a key (or a scalar value) on a line.
func column(n *yaml.Node, line int, value string, key bool) int {
	if n == nil {
		return 1
	}
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Line == line && k.Value == value && key {
				return k.Column
			}
			if c := column(n.Content[i+1], line, value, key); c > 1 {
				return c
			}
		}
		return 1
	}
	if !key && n.Kind == yaml.ScalarNode && n.Line == line && n.Value == value {
		return n.Column
	}
	for _, c := range n.Content {
		if col := column(c, line, value, key); col > 1 {
			return col
		}
	}
	return 1
}
