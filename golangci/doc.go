// Package golangci is jobeffects as a golangci-lint module plugin (the
// v2 plugin system): a custom golangci-lint built with this package
// registered runs the analyzer with the settings of .golangci.yml, as go
// vet runs it (one package at a time, facts between packages).
//
// Until a version is tagged, build the custom golangci-lint from a clone
// with scripts/golangci-custom.sh (it needs only the module proxy). Once
// one is, golangci-lint custom takes it by version:
//
//	# .custom-gcl.yml
//	version: v2.15.0
//	plugins:
//	  - module: github.com/jobeffects/jobeffects
//	    import: github.com/jobeffects/jobeffects/golangci
//	    version: vX.Y.Z # a tagged version; `path: /your/clone` builds from a clone
//
//	# .golangci.yml
//	version: "2"
//	linters:
//	  enable: [jobeffects]
//	  settings:
//	    custom:
//	      jobeffects:
//	        type: module
//	        description: job handlers whose side effects repeat on redelivery
//	        settings: {strict: false, rules: "-unresolved"}
package golangci
