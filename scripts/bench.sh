#!/usr/bin/env bash
# Benchmark jobeffects against plain go vet on the same code.
#
#   scripts/bench.sh                      # the bundled examples and the pinned OSS modules below
#   scripts/bench.sh DIR|MODULE@VERSION…  # your own targets
#   JOBEFFECTS_BIN=/path/to/jobeffects scripts/bench.sh …   # another build
#
# It prints a markdown table (docs/performance.md's), one row per target, side by
# side on the same packages: plain `go vet ./...` and
# `go vet -vettool=jobeffects ./...` with a cold build cache (a fresh
# GOCACHE each) and warm (a no-change rerun on that cache); `jobeffects
# inventory ./...` on an empty cache (first run: wall time and peak RSS),
# rerun with no change, and after one file of the main module changed (a
# comment appended); staticcheck (cold and warm, its own cache) and x/tools'
# VTA call graph (`callgraph -algo=vta`), installed from the module proxy at
# the versions below; and the number of packages in the closure. Times are
# wall seconds from /usr/bin/time; RSS is its maximum resident set size.
# Diagnostics do not matter here: exit codes are ignored. Targets are
# copied first: the one-file change never touches the original.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
export GOFLAGS="${GOFLAGS:--buildvcs=false}"
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (Debian package: time)" >&2; exit 2; }

# Real modules with handlers, pinned (served by the module proxy).
default_targets=(
	"$here/testdata/example"
	"$here/testdata/ecosystem"
	"github.com/centrifugal/centrifugo/v6@v6.9.1"
	"github.com/open-telemetry/opentelemetry-collector-contrib/receiver/kafkareceiver@v0.165.1"
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

timed() { # timed CMD…: "seconds maxrss_MB"
	/usr/bin/time -o "$work/t" -f "%e %M" "$@" >/dev/null 2>&1 || true
	awk 'END{printf "%s %.0f\n", $1, $2/1024}' "$work/t"
}

prepare() { # prepare TARGET: prints the directory to run in
	local t=$1
	local dir copy
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

echo "| target | packages | go vet cold / warm | jobeffects vet cold / warm | cold ratio | inventory first s / MB | no change s | one file changed s / MB | staticcheck cold / warm s, MB | VTA call graph s / MB |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for t in "${targets[@]}"; do
	dir=$(prepare "$t") || continue
	cd "$dir"
	pkgs=$(go list -deps ./... 2>/dev/null | wc -l || true)
	c1="$work/cache-vet"; c2="$work/cache-tool"; c3="$work/cache-runs"; c4="$work/cache-sc"; rm -rf "$c1" "$c2" "$c3" "$c4"
	read -r vcold _ < <(GOCACHE=$c1 timed go vet ./...)
	read -r vwarm _ < <(GOCACHE=$c1 timed go vet ./...)
	read -r jcold _ < <(GOCACHE=$c2 timed go vet -vettool="$bin" ./...)
	read -r jwarm _ < <(GOCACHE=$c2 timed go vet -vettool="$bin" ./...)
	read -r isec imb < <(GOCACHE=$c2 JOBEFFECTS_CACHE= JOBEFFECTS_CACHE_DIR=$c3 timed "$bin" inventory ./...)
	read -r inone _ < <(GOCACHE=$c2 JOBEFFECTS_CACHE= JOBEFFECTS_CACHE_DIR=$c3 timed "$bin" inventory ./...)
	# One file of the main module changes: a comment at the end of the
	# first package's first file.
	first=$(go list -f '{{if .GoFiles}}{{.Dir}}/{{index .GoFiles 0}}{{end}}' ./... 2>/dev/null | head -1)
	ichg=- imchg=-
	if [ -n "$first" ]; then
		echo "// changed by bench.sh" >>"$first"
		read -r ichg imchg < <(GOCACHE=$c2 JOBEFFECTS_CACHE= JOBEFFECTS_CACHE_DIR=$c3 timed "$bin" inventory ./...)
	fi
	sc=- vta=-
	if [ -x "$work/bin/staticcheck" ]; then
		read -r scold scmb < <(GOCACHE=$c2 STATICCHECK_CACHE=$c4 timed "$work/bin/staticcheck" ./...)
		read -r swarm _ < <(GOCACHE=$c2 STATICCHECK_CACHE=$c4 timed "$work/bin/staticcheck" ./...)
		sc="$scold / $swarm, $scmb"
	fi
	if [ -x "$work/bin/callgraph" ]; then
		read -r vsec vmb < <(GOCACHE=$c2 timed "$work/bin/callgraph" -algo=vta -format=digraph ./...)
		vta="$vsec / $vmb"
	fi
	ratio=$(awk -v a="$jcold" -v b="$vcold" 'BEGIN{ if (b > 0) printf "%.2f×", a/b; else print "-" }')
	label=$(basename "$t")
	if [ ! -d "$t" ]; then # module@version: its last path element (not a /vN suffix) and the version
		mod=${t%@*} base=$(basename "${t%@*}")
		if [[ $base =~ ^v[0-9]+$ ]]; then base=$(basename "$(dirname "$mod")"); fi
		label="$base ${t#*@}"
	fi
	echo "| $label | $pkgs | $vcold / $vwarm | $jcold / $jwarm | $ratio | $isec / $imb | $inone | $ichg / $imchg | $sc | $vta |"
	cd "$here"
	rm -rf "$c1" "$c2" "$c3" "$c4"
done
echo
echo "Machine: $(nproc) cores, $(awk '/MemTotal/{printf "%.0f GiB", $2/1048576}' /proc/meminfo); $(go version | cut -d' ' -f3); $(date -u +%Y-%m-%d); staticcheck $staticcheck_version, x/tools callgraph $tools_version."
