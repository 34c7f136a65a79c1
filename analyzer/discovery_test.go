package analyzer_test

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobeffects/jobeffects/analyzer"
)

var discoveryFixtures = []struct {
	name string
	pkgs []string
}{
	{"watermill", []string{"discwatermill"}},
	{"watermill-cqrs", []string{"disccqrs"}},
	{"machinery", []string{"discmachinery"}},
	{"gocraft", []string{"discgocraft"}},
	{"faktory", []string{"discfaktory"}},
	{"gue", []string{"discgue"}},
	{"neoq", []string{"discneoq"}},
	{"rmq", []string{"discrmq"}},
	{"temporal", []string{"disctemporal"}},
	{"lambda", []string{"disclambda"}},
	{"pubsub", []string{"discpubsub"}},
	{"sarama", []string{"discsarama"}},
}

func TestDiscoveryForms(t *testing.T) {
	c := &collector{}
	var pkgs []string
	for _, f := range discoveryFixtures {
		pkgs = append(pkgs, f.pkgs...)
	}
	results := analysistest.Run(c, testdata, analyzer.Analyzer, pkgs...)
	claimed := make([]bool, len(c.msgs))
	for _, f := range discoveryFixtures {
		t.Run(f.name, func(t *testing.T) {
			for i, m := range c.msgs {
				if slices.Contains(f.pkgs, fixtureDir(m)) {
					claimed[i] = true
					t.Error(m)
				}
			}
		})
	}
	for i, m := range c.msgs {
		if !claimed[i] {
			t.Error(m)
		}
	}
	for _, r := range results {
		res, ok := r.Result.(*analyzer.Result)
		if !ok {
			continue
		}
		for _, h := range res.Handlers {
			t.Logf("%s %s fw=%s task=%q conf=%s reg=%s ack=%s owner=%v", res.Package, h.Name, h.Framework, h.Task, h.Confidence, h.Registered, h.Ack, h.Owner)
		}
	}
}
