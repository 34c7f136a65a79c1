#!/usr/bin/env bash
# Build a custom golangci-lint with the jobeffects module plugin, the way
# `golangci-lint custom` does (a copy of golangci-lint's module with the
# plugin's import added to cmd/golangci-lint/plugins.go and the plugin's
# module required), but from the Go module proxy instead of a git clone.
#
#   scripts/golangci-custom.sh OUT [GOLANGCI_VERSION]
#
# OUT is the binary to write (a relative path is taken from the current
# directory); the version defaults to the one the README documents. The
# plugin is this checkout (a replace directive). Only the Go module proxy
# is needed: no git host, no published jobeffects version.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 OUT [GOLANGCI_VERSION]" >&2; exit 2; }
out=$1
case $out in /*) ;; *) out=$PWD/$out ;; esac
version=${2:-v2.15.0}
work=$(mktemp -d /tmp/jobeffects-gcl.XXXXXX)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
dir=$(cd "$work" && go mod download -json "github.com/golangci/golangci-lint/v2@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
[ -n "$dir" ] || { echo "cannot download golangci-lint $version" >&2; exit 2; }
cp -r "$dir/." "$work/src"
chmod -R u+w "$work/src"
cd "$work/src"
cat >> cmd/golangci-lint/plugins.go <<'GO'

import _ "github.com/jobeffects/jobeffects/golangci"
GO
go mod edit -require=github.com/jobeffects/jobeffects@v0.0.0 -replace=github.com/jobeffects/jobeffects="$here"
GOFLAGS=-mod=mod go mod tidy >/dev/null
go build -o "$out" ./cmd/golangci-lint
