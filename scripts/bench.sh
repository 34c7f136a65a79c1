#!/usr/bin/env bash
# Benchmark jobeffects against plain go vet on the same code.
#
#   scripts/bench.sh                      # the default targets below
#   scripts/bench.sh DIR|MODULE@VERSION…  # your own targets
#   scripts/bench.sh TARGET+broken        # TARGET with one package added that does not load
#   scripts/bench.sh -readme README.md [TARGET…]   # also rewrite README's "## Performance" table
#   JOBEFFECTS_BIN=/path/to/jobeffects scripts/bench.sh …   # another build
#   BENCH_QUICK=1 scripts/bench.sh …      # the inventory's columns only (for the growth table)
#   JOBEFFECTS_MIRRORS=DIR scripts/bench.sh …   # git mirrors for modules the proxy refuses
#
# It prints a markdown table (docs/performance.md's), one row per target, side by
# side on the same packages: plain `go vet ./...` and
# `go vet -vettool=jobeffects ./...` with a cold build cache (a fresh
# GOCACHE each) and warm (a no-change rerun on that cache); `jobeffects
# inventory ./...` on an empty cache (first run: wall time and peak RSS),
# rerun with no change, and after one file of a leaf package of the main
# module changed (a package no package of the module imports, tests
# included; an init function appended: a body go/ssa builds); staticcheck (cold and warm, its own
# cache) and x/tools' VTA call graph (`callgraph -algo=vta`), installed from
# the module proxy at the versions below; and the number of packages in the
# closure. Times are wall seconds from /usr/bin/time; RSS is its maximum
# resident set size (MB are MiB). Diagnostics do not matter here, but the
# inventory's exit codes (first run / no-change rerun) are printed: 2 says
# a package did not load, and the rerun's 2 says the run cache replayed
# that run with its errors. A TARGET+broken copy gets one more package,
# importing a module its go.mod does not require (as when the module proxy
# refuses one): `go list` reports it and the rest is analysed. go vet stops
# at such an error and vets nothing, so the compared tools (both go vets,
# staticcheck, VTA) run on the packages that load (`go list -e`, without
# the ones with errors) and the cell says how many were dropped; the
# inventory runs on ./... as users run it. The inventory's first run is
# timed twice, the second time under GOMEMLIMIT=1800MiB (as in a 2 GiB
# container, where the command sets that limit itself). After the main
# table, a growth table divides each target's first run by its packages,
# by kind (the bundled modules, public modules), and each row is checked
# against issue 31's targets. Targets are copied first: the one-file change
# never touches the original (a directory's relative replaces that point
# outside it are made absolute).
#
# BENCH_QUICK=1 skips the cold and warm go vet runs, staticcheck and VTA
# (their columns print "-"): minutes per target less, for the growth table
# and the inventory's columns alone. The build cache the inventory's go
# list uses is then warmed with `go list -compiled` first (in the full run
# go vet has filled it).
#
# -readme FILE replaces the text between the lines <!-- bench:begin -->
# and <!-- bench:end --> of FILE with the run's summary: what ran, when,
# on what machine (cores, load average at the start), a table per target,
# each of issue 31's targets met or missed by how much, and the growth
# table. The markers are checked before anything runs.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
export GOFLAGS="${GOFLAGS:--buildvcs=false}"
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (Debian package: time)" >&2; exit 2; }

readme=
while [ $# -gt 0 ]; do
	case $1 in
	-readme)
		[ $# -ge 2 ] || { echo "bench.sh: -readme needs a file" >&2; exit 2; }
		readme=$2
		shift 2
		;;
	-readme=*) readme=${1#-readme=}; shift ;;
	-h | -help | --help) sed -n '2,/^[^#]/{/^#/{s/^# \{0,1\}//;p;};}' "$0"; exit 0 ;;
	--) shift; break ;;
	-*) echo "bench.sh: unknown flag $1 (-readme FILE, -h)" >&2; exit 2 ;;
	*) break ;;
	esac
done
begin_marker='<!-- bench:begin -->'
end_marker='<!-- bench:end -->'
if [ -n "$readme" ]; then # before an hour of runs, not after
	awk -v b="$begin_marker" -v e="$end_marker" '$0==b{nb++; if (!ib) ib=NR} $0==e{ne++; if (!ie) ie=NR} END{exit !(nb==1 && ne==1 && ib<ie)}' "$readme" 2>/dev/null ||
		{ echo "bench.sh: $readme needs one line $begin_marker and, after it, one line $end_marker" >&2; exit 2; }
	readme=$(cd "$(dirname "$readme")" && pwd)/$(basename "$readme")
fi
quick=${BENCH_QUICK:-}
[ "$quick" != 0 ] || quick=
# The load at the start says whether the machine was idle: wall times mean
# little on a shared one.
loadavg=$(awk '{print $1 ", " $2 ", " $3 " (1, 5, 15 min)"}' /proc/loadavg 2>/dev/null || uptime | sed 's/.*load averages*: //')
echo "bench.sh: load average at start $loadavg" >&2

# Real modules with handlers, pinned (served by the module proxy), and the
# bundled end-to-end modules: four sizes of each kind for the growth table.
flexprice=github.com/flexprice/flexprice@v1.0.37-0.20251113102519-9e59c11eb7de
default_targets=(
	"$here/testdata/example"
	"$here/testdata/locks"
	"$here/testdata/ecosystem"
	"$here/testdata/consumers"
	"github.com/open-telemetry/opentelemetry-collector-contrib/receiver/kafkareceiver@v0.165.1"
	"github.com/matrix-org/dendrite@v0.13.8"
	"github.com/centrifugal/centrifugo/v6@v6.9.1"
	# The same application with one package that does not load: a run
	# that exits 2 is replayed from the run cache like any other.
	"github.com/centrifugal/centrifugo/v6@v6.9.1+broken"
	# Issue 31's 500-package application with tests (the inventory's
	# -test is on by default), the real-world set's commit: its own
	# api/scripts/go does not type-check, so the run exits 2. The proxy
	# here refuses this version: with JOBEFFECTS_MIRRORS=DIR (git mirrors
	# as scripts/realworld reads them, DIR/flexprice+flexprice/repo) the
	# commit's tree is taken from the mirror; or pass a checkout of
	# github.com/flexprice/flexprice at 9e59c11eb7de5d71f16241ff4d37c447f64b4975
	# as a DIR target instead.
	"$flexprice"
)
given=${*:+ $*}
targets=()
for t in "$@"; do # directories made absolute: the loop changes directory
	d=${t%+broken}
	if [ -d "$d" ]; then t="$(cd "$d" && pwd)${t#"$d"}"; fi
	targets+=("$t")
done
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
if [ -z "$quick" ]; then
	GOBIN="$work/bin" go install "honnef.co/go/tools/cmd/staticcheck@$staticcheck_version" >/dev/null 2>&1 || true
	GOBIN="$work/bin" go install "golang.org/x/tools/cmd/callgraph@$tools_version" >/dev/null 2>&1 || true
fi

timed() { # timed CMD…: "seconds maxrss_MB exit"
	local rc=0
	/usr/bin/time -o "$work/t" -f "%e %M" "$@" >/dev/null 2>&1 || rc=$?
	awk -v rc="$rc" '/^[0-9.]+ [0-9]+$/{s=$1; m=$2} END{printf "%s %.0f %s\n", s, m/1024, rc}' "$work/t"
}

relative_replaces() { # relative_replaces: "old new" for each replace of ./go.mod to a relative path
	go mod edit -json | sed -n '/"Replace"/,$p' | awk '/"Old"/{getline; gsub(/[",]/,""); old=$2} /"New"/{getline; gsub(/[",]/,""); if ($2 ~ /^\./) print old, $2}'
}

from_mirror() { # from_mirror MODULE@VERSION DST: the commit's tree from $JOBEFFECTS_MIRRORS
	local mod=${1%@*} version=${1#*@} dst=$2 repo commit git_dir entry meta path mode type id
	[[ $mod =~ ^github\.com/([^/]+)/([^/]+)$ ]] || return 1
	repo="${BASH_REMATCH[1]}+${BASH_REMATCH[2]}"
	git_dir="${JOBEFFECTS_MIRRORS:-}/$repo/repo"
	[ -n "${JOBEFFECTS_MIRRORS:-}" ] && [ -d "$git_dir" ] || return 1
	commit=$version
	if [[ $version =~ [-.][0-9]{14}-([0-9a-f]{12})$ ]]; then commit=${BASH_REMATCH[1]}; fi
	git --git-dir="$git_dir" rev-parse -q --verify "$commit^{commit}" >/dev/null || return 1
	# Blob by blob, as scripts/realworld does: a mirror may lack large
	# blobs, which git archive would stop at.
	while IFS= read -r -d '' entry; do
		meta=${entry%%$'\t'*} path=${entry#*$'\t'}
		read -r mode type id <<<"$meta"
		[ "$type" = blob ] && [ "$mode" != 120000 ] || continue
		mkdir -p "$dst/$(dirname "$path")"
		git --git-dir="$git_dir" cat-file blob "$id" >"$dst/$path" 2>/dev/null || rm -f "$dst/$path"
	done < <(git --git-dir="$git_dir" ls-tree -r -z "$commit")
}

prepare() { # prepare TARGET[+broken]: prints the directory to run in
	local t=${1%+broken}
	local dir copy old new
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
		t=$(cd "$t" && pwd)
		copy="$work/src/$(basename "$t")"
		mkdir -p "$copy"
		cp -r "$t/." "$copy"
		# A replace that points outside the directory (the bundled modules'
		# ../..) would point nowhere from the copy: make it absolute.
		(cd "$copy" && relative_replaces | while read -r old new; do
			case $new in
			.. | ../*) go mod edit -replace="$old=$(cd "$t/$new" && pwd)" ;;
			esac
		done
		go mod download >/dev/null 2>&1 || true)
		echo "$copy"
		return
	fi
	copy="$work/src/$(echo "$t" | tr '/@' '__')"
	dir=$(go mod download -json "$t" 2>/dev/null | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p' || true)
	if [ -z "$dir" ]; then
		mkdir -p "$copy"
		from_mirror "$t" "$copy" || {
			echo "cannot download $t (and no mirror of it in \$JOBEFFECTS_MIRRORS)" >&2
			return 1
		}
		# The repository as its developers have it: no tidy.
		(cd "$copy" && go mod download >/dev/null 2>&1 || true)
		echo "$copy"
		return
	fi
	mkdir -p "$copy"
	cp -r "$dir/." "$copy"
	chmod -R u+w "$copy"
	# A module of a multi-module repository may replace its siblings with
	# relative paths (../../internal/x) that do not exist outside the
	# repository: use the published versions it requires instead, as its
	# users do.
	(cd "$copy" && relative_replaces | while read -r old _; do
		go mod edit -dropreplace="$old"
	done
	go mod tidy >/dev/null 2>&1 || true
	go mod download >/dev/null 2>&1 || true)
	echo "$copy"
}

leaf_file() { # leaf_file: the first file of the first package of ./... that loads and that no package of ./... imports (tests included)
	go list -e -f '{{.ImportPath}}{{"\t"}}{{if and .GoFiles (not .Error) (not .DepsErrors)}}{{.Dir}}/{{index .GoFiles 0}}{{end}}{{"\t"}}{{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}' ./... 2>/dev/null |
		awk -F'\t' '{p[NR]=$1; f[NR]=$2; n=split($3, im, " "); for (i=1; i<=n; i++) if (im[i] != $1) used[im[i]]=1}
			END{for (i=1; i<=NR; i++) if (f[i] != "" && !(p[i] in used)) {print f[i]; exit}
				for (i=1; i<=NR; i++) if (f[i] != "") {print f[i]; exit}}' || true
}

label_of() { # label_of TARGET[+broken]: the row's name
	local t=${1%+broken} label mod base version
	label=$(basename "$t")
	if [ ! -d "$t" ]; then # module@version: its last path element (not a /vN suffix) and the version
		mod=${t%@*} base=$(basename "$mod") version=${t#*@}
		if [[ $base =~ ^v[0-9]+$ ]]; then base=$(basename "$(dirname "$mod")"); fi
		# A pseudo-version says its commit.
		if [[ $version =~ [-.][0-9]{14}-([0-9a-f]{12})$ ]]; then version=${BASH_REMATCH[1]}; fi
		label="$base $version"
	fi
	[ "$t" = "$1" ] || label="$label, one package broken"
	echo "$label"
}

kind_of() { # kind_of TARGET: the growth table's kind
	local t=${1%+broken}
	if [ -d "$t" ] && [[ $(cd "$t" && pwd)/ == "$here"/* ]]; then echo "bundled (testdata)"; else echo "public"; fi
}

# against VALUE LIMIT UNIT: issue 31's target met, or missed by how much.
against() {
	awk -v v="$1" -v l="$2" -v u="$3" 'BEGIN{
		if (v !~ /^[0-9.]+$/) { print "not measured"; exit }
		if (v + 0 <= l + 0) printf "met (%s%s)\n", v, u
		else printf "missed by %.2f× (%s%s)\n", v/l, v, u }'
}

ratio_of() { # ratio_of A B: A/B as "1.23×", or "-"
	awk -v a="$1" -v b="$2" 'BEGIN{ if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/ && b > 0) printf "%.2f×", a/b; else print "-" }'
}

echo "| target | packages | go vet cold / warm | jobeffects vet cold / warm | cold ratio | inventory first s / MB | first, GOMEMLIMIT=1800MiB s / MB | exit first / rerun | no change s | one leaf file changed s / MB | staticcheck cold / warm s, MB | VTA call graph s / MB |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
growth=() readme_rows=() target_rows=() skipped=()
for t in "${targets[@]}"; do
	label=$(label_of "$t")
	dir=$(prepare "$t") || { skipped+=("$label ($t): not downloaded"); continue; }
	cd "$dir"
	pkgs=$(go list -deps ./... 2>/dev/null | wc -l || true)
	pkgs=${pkgs// /}
	c1="$work/cache-vet"; c2="$work/cache-tool"; c3="$work/cache-runs"; c4="$work/cache-sc"; c5="$work/cache-runs-limited"; rm -rf "$c1" "$c2" "$c3" "$c4" "$c5"
	# The compared tools run on the packages that load: go vet stops at a
	# package list with an error and vets nothing.
	all=$(go list -e -f '{{.ImportPath}}' ./... 2>/dev/null | awk 'NF' | wc -l || true)
	mapfile -t loadable < <(go list -e -f '{{if not (or .Error .DepsErrors)}}{{.ImportPath}}{{end}}' ./... 2>/dev/null | awk 'NF' || true)
	dropped=$((${all// /} - ${#loadable[@]}))
	cmp_args=(./...) dropnote=
	if [ "$dropped" -gt 0 ]; then
		cmp_args=("${loadable[@]}")
		dropnote=" (on the ${#loadable[@]} of ${all// /} packages that load)"
	fi
	vcold=- vwarm=- jcold=- jwarm=-
	if [ -n "$quick" ]; then
		# go vet fills the build cache in a full run; warm what the
		# inventory's go list reads (cgo's output) the same way.
		GOCACHE=$c2 go list -e -deps -test -compiled ./... >/dev/null 2>&1 || true
	elif [ ${#loadable[@]} -gt 0 ]; then
		read -r vcold _ < <(GOCACHE=$c1 timed go vet "${cmp_args[@]}")
		read -r vwarm _ < <(GOCACHE=$c1 timed go vet "${cmp_args[@]}")
		read -r jcold _ < <(GOCACHE=$c2 timed go vet -vettool="$bin" "${cmp_args[@]}")
		read -r jwarm _ < <(GOCACHE=$c2 timed go vet -vettool="$bin" "${cmp_args[@]}")
	fi
	read -r isec imb irc < <(GOCACHE=$c2 JOBEFFECTS_CACHE= JOBEFFECTS_CACHE_DIR=$c3 timed "$bin" inventory ./...)
	read -r inone _ inonerc < <(GOCACHE=$c2 JOBEFFECTS_CACHE= JOBEFFECTS_CACHE_DIR=$c3 timed "$bin" inventory ./...)
	# The same first run (its own empty run cache) under a soft memory limit.
	read -r lsec lmb _ < <(GOCACHE=$c2 GOMEMLIMIT=1800MiB JOBEFFECTS_CACHE= JOBEFFECTS_CACHE_DIR=$c5 timed "$bin" inventory ./...)
	# One file of a leaf package changes (issue 31's "one changed leaf"): a
	# function body appended to its first file, one that go/ssa builds —
	# the package's init gains a call to a new init function that loads,
	# adds and stores. Code, not a comment (an edit moves tokens, and a
	# cache that skipped comment-only changes must not flatter this row),
	# and not `var _ = 0` (until stop 60): go/ssa emits nothing for a blank
	# variable with a constant initialiser, so every function of the
	# program stayed the same and a cache keyed by SSA would have replayed
	# the row while a real edit of a function is recomputed. It builds in
	# any file of any package (an unexported variable and an init function
	# may be unused; the name is the bench's own).
	first=$(leaf_file)
	ichg=- imchg=-
	if [ -n "$first" ]; then
		printf '\n// Changed by scripts/bench.sh (its one-leaf edit).\nvar jobeffectsBenchLeaf int\n\nfunc init() { jobeffectsBenchLeaf++ }\n' >>"$first"
		read -r ichg imchg _ < <(GOCACHE=$c2 JOBEFFECTS_CACHE= JOBEFFECTS_CACHE_DIR=$c3 timed "$bin" inventory ./...)
	fi
	sc=- vta=-
	if [ -z "$quick" ] && [ -x "$work/bin/staticcheck" ] && [ ${#loadable[@]} -gt 0 ]; then
		read -r scold scmb _ < <(GOCACHE=$c2 STATICCHECK_CACHE=$c4 timed "$work/bin/staticcheck" "${cmp_args[@]}")
		read -r swarm _ _ < <(GOCACHE=$c2 STATICCHECK_CACHE=$c4 timed "$work/bin/staticcheck" "${cmp_args[@]}")
		sc="$scold / $swarm, $scmb"
	fi
	if [ -z "$quick" ] && [ -x "$work/bin/callgraph" ] && [ ${#loadable[@]} -gt 0 ]; then
		read -r vsec vmb _ < <(GOCACHE=$c2 timed "$work/bin/callgraph" -algo=vta -format=digraph "${cmp_args[@]}")
		vta="$vsec / $vmb"
	fi
	ratio=$(ratio_of "$jcold" "$vcold")
	vetcell="$ratio$dropnote"
	[ -z "$quick" ] || vetcell="not run (BENCH_QUICK)"
	echo "| $label | $pkgs | $vcold / $vwarm | $jcold / $jwarm | $vetcell | $isec / $imb | $lsec / $lmb | $irc / $inonerc | $inone | $ichg / $imchg | $sc | $vta |"
	readme_rows+=("| $label | $pkgs | $isec / $imb | $lsec / $lmb | $inone (exit $irc / $inonerc) | $ichg | $vetcell |")
	vetmet="not run (BENCH_QUICK)"
	if [ -z "$quick" ]; then
		vetmet=$(against "${ratio%×}" 1.5 ×)
		[ -z "$dropnote" ] || vetmet="$vetmet, on the ${#loadable[@]} packages that load"
	fi
	target_rows+=("| $label | $(against "$isec" 60 " s") | $(against "$imb" 2048 " MiB") | $(against "$inone" 2 " s") | $(against "$ichg" 5 " s") | $vetmet |")
	# A +broken copy is the same code one package larger: not a size of its own.
	[ "$t" != "${t%+broken}" ] || growth+=("$(kind_of "$t")|$pkgs|$label|$isec|$imb")
	cd "$here"
	rm -rf "$c1" "$c2" "$c3" "$c4" "$c5"
done

# The growth table: per kind, by packages, with the largest against the
# smallest (linear growth: time and memory grow as the packages do).
growth_table() {
	echo "| kind | packages | target | first s | peak MB | ms per package | MB per 100 packages |"
	echo "|---|---:|---|---:|---:|---:|---:|"
	printf '%s\n' "${growth[@]}" | sort -t'|' -k1,1 -k2,2n -k3 | awk -F'|' '$2 > 0 && $4 ~ /^[0-9.]+$/ {printf "| %s | %d | %s | %s | %s | %.1f | %.0f |\n", $1, $2, $3, $4, $5, 1000*$4/$2, 100*$5/$2}'
	local spread
	spread=$(printf '%s\n' "${growth[@]}" | sort -t'|' -k1,1 -k2,2n | awk -F'|' '$2 > 0 && $4 ~ /^[0-9.]+$/ {
			if (!($1 in n)) { order[++k]=$1; p0[$1]=$2; s0[$1]=$4; m0[$1]=$5 }
			n[$1]++; p1[$1]=$2; s1[$1]=$4; m1[$1]=$5 }
		END{ for (i=1; i<=k; i++) { x=order[i]
			if (n[x] < 2 || p0[x] == 0 || s0[x] == 0 || m0[x] == 0) continue
			printf "%s, %d sizes, smallest to largest: %.2f× the packages, %.2f× the time, %.2f× the peak memory.\n", x, n[x], p1[x]/p0[x], s1[x]/s0[x], m1[x]/m0[x] } }')
	[ -z "$spread" ] || printf '\n%s\n' "$spread"
}

# Issue 31's targets, each met or missed by how much, on every target.
targets_table() {
	echo "Against issue 31's targets (set on 2 cores, default settings, for the 1,000-package target and a 500-package application with tests; every row is checked):"
	echo
	echo "| target | first run ≤ 60 s | peak ≤ 2 GiB | no change ≤ 2 s | one leaf changed ≤ 5 s | go vet mode ≤ 1.5× go vet |"
	echo "|---|---|---|---|---|---|"
	printf '%s\n' "${target_rows[@]}"
}

echo
targets_table
echo
echo "Growth (inventory first run, by packages; linear growth keeps the last two columns flat):"
echo
growth_table
machine="$(date -u +%Y-%m-%d), $(go version | cut -d' ' -f3), $(nproc) cores, $(awk '/MemTotal/{printf "%.0f GiB", $2/1048576}' /proc/meminfo), load average at start $loadavg"
echo "Run: $machine; staticcheck $staticcheck_version, x/tools callgraph $tools_version${quick:+; BENCH_QUICK: no go vet, staticcheck or VTA}."
for s in "${skipped[@]}"; do echo "Not run: $s."; done

[ -n "$readme" ] || exit 0
summary="$work/readme-section.md"
{
	echo "\`${quick:+BENCH_QUICK=1 }scripts/bench.sh -readme README.md$given\` on $machine. Targets one after another; wall seconds, peak RSS in MiB; every run on empty caches but the no-change and one-leaf-changed reruns:"
	echo
	echo "| target | packages | first run s / MB | first, GOMEMLIMIT=1800MiB s / MB | no change s (exit first / rerun) | one leaf file changed s | go vet mode cold ÷ plain go vet |"
	echo "|---|---:|---:|---:|---:|---:|---:|"
	printf '%s\n' "${readme_rows[@]}"
	echo
	targets_table
	echo
	echo "Growth, the first run by packages (linear: the last two columns flat):"
	echo
	growth_table
	echo
	for s in "${skipped[@]}"; do echo "- Not run: $s."; done
	[ ${#skipped[@]} -eq 0 ] || echo
	echo "go vet, staticcheck and VTA columns, and how each figure is measured: [docs/performance.md](docs/performance.md)."
} >"$summary"
# Between the markers, nothing else: the file keeps its mode.
awk -v b="$begin_marker" -v e="$end_marker" -v f="$summary" '
	$0==b {print; while ((getline l < f) > 0) print l; skip=1; next}
	$0==e {skip=0}
	!skip {print}' "$readme" >"$work/readme.new"
cat "$work/readme.new" >"$readme"
echo "bench.sh: wrote the summary into $readme" >&2
