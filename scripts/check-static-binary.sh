#!/usr/bin/env bash
# Builds the segue people copy onto a CI runner (release, Swift runtime and Foundation linked in; docs/ci.md) and
# checks it: no Swift library among the shared libraries it needs, and it validates the seed flows as the debug
# build does. Prints the libraries it still needs. usage: bash scripts/check-static-binary.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build/static
if [ "${1:-}" != "--no-build" ]; then
  swift build -c release --static-swift-stdlib --product segue --scratch-path "$scratch"
fi
segue="$scratch/release/segue"
[ -x "$segue" ] || { echo "check-static-binary: no $segue; build it without --no-build"; exit 1; }

needed=$(ldd "$segue" | awk '{print $1}')
if echo "$needed" | grep -E 'libswift|libFoundation|lib_FoundationICU|libdispatch|libBlocksRuntime'; then
  echo "check-static-binary: $segue still loads the Swift libraries above"
  exit 1
fi
# libcurl and its ~28 libraries cost every start ~8 ms; the REST client loads libcurl when a flow first calls an API.
if echo "$needed" | grep -E '^libcurl'; then
  echo "check-static-binary: $segue links libcurl at start-up (is FoundationNetworking imported again?)"
  exit 1
fi
echo "check-static-binary: $segue needs $(echo "$needed" | wc -l) shared libraries, none of Swift's or libcurl's:"
echo "$needed" | tr '\n' ' '
echo

# It works like the debug build: the seed flows are clean, a broken one fails at the same place.
"$segue" --version
"$segue" validate --strict flows/ examples/
broken=Tests/SegueCheckTests/Corpus/invalid/c101_unknown_present_target.yaml
set +e
output=$("$segue" validate --format github "$broken")
status=$?
set -e
if [ "$status" -ne 1 ] || ! grep -q "^::error file=$broken,line=12,col=25," <<<"$output"; then
  echo "check-static-binary: expected exit 1 and a C101 annotation at 12:25, got exit $status:"
  echo "$output"
  exit 1
fi
sarif=$("$segue" validate --format sarif "$broken" || true)
python3 -c 'import json, sys; assert json.loads(sys.argv[1])["runs"][0]["results"][0]["ruleId"] == "C101"' "$sarif"
echo "check-static-binary: ok"
