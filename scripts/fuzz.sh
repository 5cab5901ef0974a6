#!/usr/bin/env bash
# Fuzzes one part of Segue with libFuzzer under AddressSanitizer (docs/fuzzing.md).
#
#   scripts/fuzz.sh TARGET [SECONDS] [libFuzzer flags…]   one target (default 60 s)
#   scripts/fuzz.sh all [SECONDS]                          every target in turn, on the corpus grown so far
#   scripts/fuzz.sh smoke [SECONDS]                        CI's smoke run: every target, nearly repeatable (see below)
#   scripts/fuzz.sh --list                                 the targets
#
# Builds the Fuzz/ package into .build/fuzz (never the normal build). The corpus grows in .build/fuzz/corpus/TARGET
# on top of seeds written from the project's files; a crash, leak, out-of-memory or input slower than 1 s is saved in
# .build/fuzz/findings/TARGET/ and the script fails.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(frontend expression scenario json storekit wav image scxml lsp serve)
max_len() {
  case "$1" in
    frontend | image | scxml | lsp) echo 65536 ;;
    json | storekit | serve) echo 16384 ;;
    scenario | wav) echo 8192 ;;
    expression) echo 512 ;;
  esac
}

if [ "${1:-}" = "--list" ]; then printf '%s\n' "${targets[@]}"; exit 0; fi
target="${1:?usage: scripts/fuzz.sh TARGET|all|smoke [SECONDS] [libFuzzer flags…] (--list for the targets)}"
seconds="${2:-60}"
shift $(($# >= 2 ? 2 : 1))

scratch=.build/fuzz
corpora="$scratch/corpus"
# The smoke run is nearly the same sequence of inputs on every machine: a fixed seed, Swift's hashing not seeded per
# process (coverage of dictionary code would differ), an empty corpus instead of the one grown here, the corpus
# folder never reread, and address randomisation off where the machine lets it (setarch -R: the order of tables
# keyed by objects follows the addresses). A run cut short by time on a slower machine tries nearly a prefix of that
# sequence, so a longer smoke run here covers most of CI's (the targets' own threads still make runs drift).
launch=()
if [ "$target" = "smoke" ]; then
  corpora="$(mktemp -d)"
  trap 'rm -rf "$corpora"' EXIT
  export SWIFT_DETERMINISTIC_HASHING=1
  set -- -seed=1 -reload=0 "$@"
  if setarch "$(uname -m)" -R true 2>/dev/null; then launch=(setarch "$(uname -m)" -R); fi
fi
# SEGUE_FUZZ_SKIP_BUILD=1 reuses the last build (long runs started while the sources change).
[ "${SEGUE_FUZZ_SKIP_BUILD:-0}" = 1 ] || {
echo "fuzz: building the fuzz targets into $scratch"
# SwiftPM does not notice a file added to the root package it depends on by path, and builds from its old plan
# ("cannot find type … in scope"): a folder of sources newer than the plan means a file came or went, so replan.
plan="$scratch/release.yaml"
if [ -f "$plan" ] && [ -n "$(find Sources Fuzz/Sources -type d -newer "$plan" -print -quit)" ]; then
  rm -f "$plan" "$scratch/plugin-tools.yaml" "$scratch/release/description.json"
fi
# SwiftPM gives --sanitize=fuzzer's coverage instrumentation to the Fuzz package's own target only; the modules it
# fuzzes (the root package's Swift and C targets) get it through -Xswiftc/-Xcc, or libFuzzer would run blind.
swift build --package-path Fuzz --scratch-path "$scratch" -c release --sanitize=fuzzer --sanitize=address \
  -Xswiftc -sanitize=fuzzer -Xcc -fsanitize=fuzzer-no-link -Xswiftc -enable-testing 2>&1 | grep -v "Cannot export local symbol" | grep -E "error|warning: unre|Compiling|Build" || true
}
binary="$scratch/release/segue-fuzz"
[ -x "$binary" ] || { echo "fuzz: the build failed" >&2; exit 1; }

run_one() {
  local name="$1"
  shift
  local seeds="$scratch/seeds/$name" corpus="$corpora/$name" findings="$scratch/findings/$name"
  rm -rf "$seeds"
  mkdir -p "$corpus" "$findings"
  python3 scripts/fuzz-seeds.py "$name" "$seeds"
  echo "fuzz: $name for ${seconds}s ($(ls "$seeds" | wc -l) seeds, $(ls "$corpus" | wc -l) in the corpus)"
  # Leaks are reported per input and at exit; Fuzz/lsan.supp drops only Swift's once-initialised globals.
  SEGUE_FUZZ_TARGET="$name" ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}" \
    LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0}" \
    "${launch[@]}" "$binary" -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=1 \
    -max_len="$(max_len "$name")" -print_final_stats=1 -artifact_prefix="$findings/" "$@" "$corpus" "$seeds"
}

if [ "$target" = "all" ] || [ "$target" = "smoke" ]; then
  # SEGUE_FUZZ_TARGETS="scxml lsp" repeats part of a run (the smoke run's sequence does not depend on the others).
  for name in ${SEGUE_FUZZ_TARGETS:-${targets[@]}}; do run_one "$name" "$@"; done
else
  printf '%s\n' "${targets[@]}" | grep -qx "$target" || { echo "fuzz: unknown target $target (--list)" >&2; exit 2; }
  run_one "$target" "$@"
fi
