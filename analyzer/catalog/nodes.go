package catalog

import (
	"fmt"
	"sync"

	"go.yaml.in/yaml/v3"
)

// Node is one catalog file parsed as YAML.
type Node struct {
	Name string
	Root *yaml.Node
}

// nodes are the parsed files, kept while someone holds them (Hold).
var nodes struct {
	mu   sync.Mutex
	held int
	kept []Node
}

// Hold keeps the files Nodes parses until release is called, so that the
// readers that follow (package models' index, package discovery's rules,
// read one after the other when a run's settings are resolved) share one
// parse: the catalog's YAML parsed once instead of twice per reader was
// most of a go vet unit's start-up, and under go vet each package is a
// process of its own. Without a holder each call parses again.
func Hold() (release func()) {
	nodes.mu.Lock()
	nodes.held++
	nodes.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			nodes.mu.Lock()
			if nodes.held--; nodes.held == 0 {
				nodes.kept = nil
			}
			nodes.mu.Unlock()
		})
	}
}

// Nodes returns the catalog's files parsed, sorted by name. The trees may
// be shared: decode them (yaml.Node.Decode), never change them. Decoding
// from a tree does not reject unknown fields: the tests read every
// embedded file strictly too and compare (packages models and discovery).
func Nodes() ([]Node, error) {
	nodes.mu.Lock()
	defer nodes.mu.Unlock()
	if nodes.kept != nil {
		return nodes.kept, nil
	}
	files, err := Files()
	if err != nil {
		return nil, err
	}
	out, err := parseNodes(files)
	if err != nil {
		return nil, err
	}
	if nodes.held > 0 {
		nodes.kept = out
	}
	return out, nil
}

// parseNodes parses the files, or reads their trees from the cache
// (nodecache.go) when the driver set one.
func parseNodes(files []File) ([]Node, error) {
	dir := nodeCacheDir()
	var key string
	if dir != "" {
		key = nodesKey(files)
		if out, ok := readNodes(dir, key); ok {
			return out, nil
		}
	}
	out := make([]Node, 0, len(files))
	for _, f := range files {
		var root yaml.Node
		if err := yaml.Unmarshal(f.Data, &root); err != nil {
			return nil, fmt.Errorf("%s: %v", f.Name, err)
		}
		out = append(out, Node{Name: f.Name, Root: &root})
	}
	if dir != "" {
		writeNodes(dir, key, out)
	}
	return out, nil
}
