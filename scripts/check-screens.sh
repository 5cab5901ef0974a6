#!/usr/bin/env bash
# Redraws every screen of the seed flows (both side-by-side devices, full length) and the scenario steps listed
# below, and fails when the committed docs/screens/ differ. With --update, rewrites them. See docs/render.md.
# usage: scripts/check-screens.sh [--update]
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/lib/generated.sh
parse_update_flag "$@"
build_segue

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
status=0

# Screens a tour of taps and timers does not show as a reviewer wants them: FLOW SCENARIO STEP.
steps=(
  "donate flows/scenarios/donate/d13-form-rules.yaml 5"     # the rule's message under the name field
  "pictone flows/scenarios/pictone/p03-playback-modes.yaml 5"  # the line being played, highlighted
  "pictone flows/scenarios/pictone/p08-record-overwrite-delete.yaml 12"  # recording: meter and highlight
)

for flow in donate pictone; do
  mkdir -p "$out/$flow"
  if ! "$segue" render "flows/$flow.yaml" --all-devices --full-length --out "$out/$flow" >/dev/null; then
    echo "check-screens: segue render flows/$flow.yaml failed" >&2
    status=1
  fi
done
for entry in "${steps[@]}"; do
  read -r flow scenario step <<<"$entry"
  if ! "$segue" render "flows/$flow.yaml" --scenario "$scenario" --step "$step" --all-devices --full-length \
    --out "$out/$flow" >/dev/null; then
    echo "check-screens: segue render flows/$flow.yaml --scenario $scenario --step $step failed" >&2
    status=1
  fi
done

if $update; then
  rm -rf docs/screens/donate docs/screens/pictone
  mkdir -p docs/screens
  cp -r "$out/donate" "$out/pictone" docs/screens/
  echo "check-screens: docs/screens rewritten"
  exit "$status"
fi
if ! diff -r -q docs/screens/donate "$out/donate" >/dev/null 2>&1 || ! diff -r -q docs/screens/pictone "$out/pictone" >/dev/null 2>&1; then
  echo "check-screens: docs/screens is out of date; run scripts/check-screens.sh --update and commit" >&2
  diff -r -q docs/screens/donate "$out/donate" >&2 || true
  diff -r -q docs/screens/pictone "$out/pictone" >&2 || true
  status=1
fi
[ "$status" -eq 0 ] && echo "check-screens: docs/screens is current"
exit "$status"
