package settings

import (
	"github.com/jobeffects/jobeffects/analyzer/config"
	"github.com/jobeffects/jobeffects/analyzer/discovery"
)

// discoveryRules are discovery's rules under a config: the catalog's,
// with the config's registrations (the project's in-house registration
// functions) appended. The merge is here, not in package config: config
// reads the registrations in the catalog's schema (catalog.Registration)
// and knows nothing of discovery, which only applies rules.
func discoveryRules(c *config.Config) (*discovery.Rules, error) {
	builtin, err := discovery.Builtin()
	if err != nil {
		return nil, err
	}
	regs := make([]discovery.Registration, len(c.Registrations))
	for i, r := range c.Registrations {
		regs[i] = discovery.Registration{Registration: r}
	}
	return builtin.Merge(regs, nil), nil
}
