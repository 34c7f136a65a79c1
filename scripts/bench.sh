#!/usr/bin/env bash
# Benchmark jobeffects against plain go vet on the same code.
#
#   scripts/bench.sh                      # the bundled examples and the pinned OSS modules below
#   scripts/bench.sh DIR|MODULE@VERSION…  # your own targets
#   scripts/bench.sh TARGET+broken        # TARGET with one package added that does not load
#   JOBEFFECTS_BIN=/path/to/jobeffects scripts/bench.sh …   # another build
#
# It prints a markdown table (docs/performance.md's), one row per target, side by
# side on the same packages: plain `go vet ./...` and
# `go vet -vettool=jobeffects ./...` with a cold build cache (a fresh
# GOCACHE each) and warm (a no-change rerun on that cache); `jobeffects
# inventory ./...` on an empty cache (first run: wall time and peak RSS),
# rerun with no change, and after one file of the main module changed (a
# declaration appended); staticcheck (cold and warm, its own cache) and x/tools'
# VTA call graph (`callgraph -algo=vta`), installed from the module proxy at
# the versions below; and the number of packages in the closure. Times are
# wall seconds from /usr/bin/time; RSS is its maximum resident set size.
# Diagnostics do not matter here, but the inventory's exit codes (first run
# / no-change rerun) are printed: 2 says a package did not load, and the
# rerun's 2 says the run cache replayed that run with its errors. A
# TARGET+broken copy gets one more package, importing a module its go.mod
# does not require (as when the module proxy refuses one): `go list`
# reports it and the rest is analysed. The inventory's first run is timed
# twice, the second time under GOMEMLIMIT=1800MiB (as in a 2 GiB
# container, where the command sets that limit itself). After the main
# table, a growth table divides each target's first run by its packages.
# Targets are copied first: the one-file change never touches the original.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
export GOFLAGS="${GOFLAGS:--buildvcs=false}"
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (Debian package: time)" >&2; exit 2; }

# Real modules with handlers, pinned (served by the module proxy).
default_targets=(
	"$here/testdata/example"
	"$here/testdata/ecosystem"
	"github.com/open-telemetry/opentelemetry-collector-contrib/receiver/kafkareceiver@v0.165.1"
	"github.com/matrix-org/dendrite@v0.13.8"
	"github.com/centrifugal/centrifugo/v6@v6.9.1"
	# The same application with one package that does not load: a run
	# that exits 2 is replayed from the run cache like any other.
	"github.com/centrifugal/centrifugo/v6@v6.9.1+broken"
)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${default_targets[@]}")

work=$(mktemp -d /tmp/jobeffects-bench.XXXXXX)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
# JOBEFFECTS_BIN benchmarks another build (an older commit's, for before/after).
bin="${JOBEFFECTS_BIN:-$work/jobeffects}"
[ -n "${JOBEFFECTS_BIN:-}" ] || (cd "$here" && go build -o "$bin" ./cmd/jobeffects)

# The tools compared, pinned (a failed install leaves their columns "-").
staticcheck_version=v0.8.2
tools_version=v0.52.0
mkdir -p "$work/bin"
GOBIN="$work/bin" go install "honnef.co/go/tools/cmd/staticcheck@$staticcheck_version" >/dev/null 2>&1 || true
GOBIN="$work/bin" go install "golang.org/x/tools/cmd/callgraph@$tools_version" >/dev/null 2>&1 || true

timed() { # timed CMD…: "seconds maxrss_MB exit"
	local rc=0
	/usr/bin/time -o "$work/t" -f "%e %M" "$@" >/dev/null 2>&1 || rc=$?
	awk -v rc="$rc" '/^[0-9.]+ [0-9]+$/{s=$1; m=$2} END{printf "%s %.0f %s\n", s, m/1024, rc}' "$work/t"
}

prepare() { # prepare TARGET[+broken]: prints the directory to run in
	local t=${1%+broken}
	local dir copy
	if [ "$t" != "$1" ]; then
		copy=$(prepare "$t") || return 1
		# One package that does not load: it imports a module the go.mod does
		# not require, which `go list` reports without the network.
		mkdir -p "$copy/jobeffectsbenchbroken"
		printf 'package broken\n\nimport _ "example.invalid/refused/module"\n' >"$copy/jobeffectsbenchbroken/broken.go"
		echo "$copy"
		return
	fi
	if [ -d "$t" ]; then
		copy="$work/src/$(basename "$t")"
		mkdir -p "$copy"
		cp -r "$t/." "$copy"
		echo "$copy"
		return
	fi
	dir=$(go mod download -json "$t" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
	[ -n "$dir" ] || { echo "cannot download $t" >&2; return 1; }
	copy="$work/src/$(echo "$t" | tr '/@' '__')"
	mkdir -p "$copy"
	cp -r "$dir/." "$copy"
	chmod -R u+w "$copy"
	# A module of a multi-module repository may replace its siblings with
	# relative paths (../../internal/x) that do not exist outside the
	# repository: use the published versions it requires instead, as its
	# users do.
	(cd "$copy" && for m in $(go mod edit -json | sed -n '/"Replace"/,$p' | awk '/"Old"/{getline; gsub(/[",]/,""); old=$2} /"New"/{getline; gsub(/[",]/,""); if ($2 ~ /^\./) print old}'); do
		go mod edit -dropreplace="$m"
	done
	go mod tidy >/dev/null 2>&1 || true
	go mod download >/dev/null 2>&1 || true)
	echo "$copy"
}

echo "| target | packages | go vet cold / warm | jobeffects vet cold / warm | cold ratio | inventory first s / MB | first, GOMEMLIMIT=1800MiB s / MB | exit first / rerun | no change s | one file changed s / MB | staticcheck cold / warm s, MB | VTA call graph s / MB |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
growth=()
for t in "${targets[@]}"; do
	dir=$(prepare "$t") || continue
	cd "$dir"
	pkgs=$(go list -deps ./... 2>/dev/null | wc -l || true)
	c1="$work/cache-vet"; c2="$work/cache-tool"; c3="$work/cache-runs"; c4="$work/cache-sc"; c5="$work/cache-runs-limited"; rm -rf "$c1" "$c2" "$c3" "$c4" "$c5"
	read -r vcold _ < <(GOCACHE=$c1 timed go vet ./...)
	read -r vwarm _ < <(GOCACHE=$c1 timed go vet ./...)
	read -r jcold _ < <(GOCACHE=$c2 timed go vet -vettool="$bin" ./...)
	read -r jwarm _ < <(GOCACHE=$c2 timed go vet -vettool="$bin" ./...)
	read -r isec imb irc < <(GOCACHE=$c2 JOBEFFECTS_CACHE= JOBEFFECTS_CACHE_DIR=$c3 timed "$bin" inventory ./...)
	read -r inone _ inonerc < <(GOCACHE=$c2 JOBEFFECTS_CACHE= JOBEFFECTS_CACHE_DIR=$c3 timed "$bin" inventory ./...)
	# The same first run (its own empty run cache) under a soft memory limit.
	read -r lsec lmb _ < <(GOCACHE=$c2 GOMEMLIMIT=1800MiB JOBEFFECTS_CACHE= JOBEFFECTS_CACHE_DIR=$c5 timed "$bin" inventory ./...)
	# One file of the main module changes: a declaration appended to the
	# first package's first file. Code, not a comment: an edit moves tokens,
	# and a cache that skipped comment-only changes must not flatter this row.
	first=$(go list -e -f '{{if .GoFiles}}{{.Dir}}/{{index .GoFiles 0}}{{end}}' ./... 2>/dev/null | head -1 || true)
	ichg=- imchg=-
	if [ -n "$first" ]; then
		printf '\nvar _ = 0 // changed by bench.sh\n' >>"$first"
		read -r ichg imchg _ < <(GOCACHE=$c2 JOBEFFECTS_CACHE= JOBEFFECTS_CACHE_DIR=$c3 timed "$bin" inventory ./...)
	fi
	sc=- vta=-
	if [ -x "$work/bin/staticcheck" ]; then
		read -r scold scmb _ < <(GOCACHE=$c2 STATICCHECK_CACHE=$c4 timed "$work/bin/staticcheck" ./...)
		read -r swarm _ _ < <(GOCACHE=$c2 STATICCHECK_CACHE=$c4 timed "$work/bin/staticcheck" ./...)
		sc="$scold / $swarm, $scmb"
	fi
	if [ -x "$work/bin/callgraph" ]; then
		read -r vsec vmb _ < <(GOCACHE=$c2 timed "$work/bin/callgraph" -algo=vta -format=digraph ./...)
		vta="$vsec / $vmb"
	fi
	ratio=$(awk -v a="$jcold" -v b="$vcold" 'BEGIN{ if (b > 0) printf "%.2f×", a/b; else print "-" }')
	tb=${t%+broken}
	label=$(basename "$tb")
	if [ ! -d "$tb" ]; then # module@version: its last path element (not a /vN suffix) and the version
		mod=${tb%@*} base=$(basename "${tb%@*}")
		if [[ $base =~ ^v[0-9]+$ ]]; then base=$(basename "$(dirname "$mod")"); fi
		label="$base ${tb#*@}"
	fi
	[ "$t" = "$tb" ] || label="$label, one package broken"
	echo "| $label | $pkgs | $vcold / $vwarm | $jcold / $jwarm | $ratio | $isec / $imb | $lsec / $lmb | $irc / $inonerc | $inone | $ichg / $imchg | $sc | $vta |"
	growth+=("$pkgs|$label|$isec|$imb")
	cd "$here"
	rm -rf "$c1" "$c2" "$c3" "$c4" "$c5"
done
echo
echo "Growth (inventory first run, by packages; linear growth keeps the last two columns flat):"
echo
echo "| packages | target | first s | peak MB | ms per package | MB per 100 packages |"
echo "|---:|---|---:|---:|---:|---:|"
printf '%s\n' "${growth[@]}" | sort -t'|' -k1,1n -k2 | awk -F'|' '$1 > 0 {printf "| %d | %s | %s | %s | %.1f | %.0f |\n", $1, $2, $3, $4, 1000*$3/$1, 100*$4/$1}'
echo
echo "Machine: $(nproc) cores, $(awk '/MemTotal/{printf "%.0f GiB", $2/1048576}' /proc/meminfo); $(go version | cut -d' ' -f3); $(date -u +%Y-%m-%d); staticcheck $staticcheck_version, x/tools callgraph $tools_version."
