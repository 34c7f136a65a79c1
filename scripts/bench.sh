#!/usr/bin/env bash
# Benchmark jobeffects against plain go vet on the same code.
#
#   scripts/bench.sh                      # the bundled examples and the pinned OSS modules below
#   scripts/bench.sh DIR|MODULE@VERSION…  # your own targets
#   JOBEFFECTS_BIN=/path/to/jobeffects scripts/bench.sh …   # another build
#
# For each target it prints, side by side: plain `go vet ./...` and
# `go vet -vettool=jobeffects ./...` with a cold build cache (a fresh
# GOCACHE each) and warm (a no-change rerun on that cache), then
# `jobeffects inventory ./...` wall time and peak RSS, and the number of
# packages in the closure. Times are wall seconds from /usr/bin/time; RSS is
# its maximum resident set size. Diagnostics do not matter here: exit codes
# are ignored.
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

timed() { # timed CMD…: "seconds maxrss_MB"
	/usr/bin/time -o "$work/t" -f "%e %M" "$@" >/dev/null 2>&1 || true
	awk 'END{printf "%s %.0f\n", $1, $2/1024}' "$work/t"
}

prepare() { # prepare TARGET: prints the directory to run in
	local t=$1
	if [ -d "$t" ]; then echo "$t"; return; fi
	local dir
	dir=$(go mod download -json "$t" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
	[ -n "$dir" ] || { echo "cannot download $t" >&2; return 1; }
	local copy="$work/src/$(echo "$t" | tr '/@' '__')"
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

printf '%-58s %5s | %-23s | %-23s | %-15s\n' "target" "pkgs" "go vet cold / warm (s)" "jobeffects vet cold/warm" "inventory s / MB"
for t in "${targets[@]}"; do
	dir=$(prepare "$t") || continue
	cd "$dir"
	pkgs=$(go list -deps ./... 2>/dev/null | wc -l || true)
	c1="$work/cache-vet"; c2="$work/cache-tool"; rm -rf "$c1" "$c2"
	read -r vcold _ < <(GOCACHE=$c1 timed go vet ./...)
	read -r vwarm _ < <(GOCACHE=$c1 timed go vet ./...)
	read -r jcold _ < <(GOCACHE=$c2 timed go vet -vettool="$bin" ./...)
	read -r jwarm _ < <(GOCACHE=$c2 timed go vet -vettool="$bin" ./...)
	read -r isec imb < <(GOCACHE=$c2 timed "$bin" inventory ./...)
	ratio=$(awk -v a="$jcold" -v b="$vcold" 'BEGIN{ if (b > 0) printf "%.2fx", a/b; else print "-" }')
	printf '%-58s %5s | %8s / %-6s     | %8s / %-6s %6s | %6s / %-6s\n' "$(basename "$t")" "$pkgs" "$vcold" "$vwarm" "$jcold" "$jwarm" "$ratio" "$isec" "$imb"
	cd "$here"
	rm -rf "$c1" "$c2"
done
echo "machine: $(nproc) cores, $(awk '/MemTotal/{printf "%.0f GiB", $2/1048576}' /proc/meminfo); $(go version | cut -d' ' -f3)"
