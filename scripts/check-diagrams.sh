#!/usr/bin/env bash
# Regenerates the DOT and Mermaid diagrams of every flow in flows/ and fails when the committed
# docs/diagrams/*.dot or *.mmd differ. With --update, rewrites them (and the SVGs, when Graphviz is installed).
# usage: scripts/check-diagrams.sh [--update]
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/lib/generated.sh
parse_update_flag "$@"
build_segue

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
mkdir -p docs/diagrams
status=0

for flow in flows/*.yaml; do
  # A library of components and types has no screens to draw.
  grep -q '^screens:' "$flow" || continue
  name="$(basename "$flow" .yaml)"
  for format in dot mermaid; do
    extension="$format"
    [ "$format" = mermaid ] && extension=mmd
    generated="$out/$name.$extension"
    committed="docs/diagrams/$name.$extension"
    if ! "$segue" diagram "$flow" --format "$format" -o "$generated"; then
      echo "check-diagrams: segue diagram $flow --format $format failed" >&2
      status=1
      continue
    fi
    if $update; then
      cp "$generated" "$committed"
    elif [ ! -f "$committed" ]; then
      echo "check-diagrams: $committed is missing; run scripts/check-diagrams.sh --update and commit" >&2
      status=1
    elif ! cmp -s "$generated" "$committed"; then
      echo "check-diagrams: $committed is out of date; run scripts/check-diagrams.sh --update and commit" >&2
      diff -u "$committed" "$generated" 2>&1 | head -40 >&2 || true
      status=1
    fi
  done
  if $update && command -v dot >/dev/null 2>&1; then
    "$segue" diagram "$flow" --format svg -o "docs/diagrams/$name.svg"
  fi
done

# Diagrams of flows that no longer exist.
for committed in docs/diagrams/*.dot docs/diagrams/*.mmd; do
  [ -e "$committed" ] || continue
  name="$(basename "${committed%.*}")"
  if [ ! -f "flows/$name.yaml" ]; then
    if $update; then
      rm -f "$committed" "docs/diagrams/$name.svg"
    else
      echo "check-diagrams: $committed has no flows/$name.yaml; delete it" >&2
      status=1
    fi
  fi
done

# The README embeds the donations flow's Mermaid text: it must be the committed one.
readme_check='import sys; block = open("docs/diagrams/donate.mmd", encoding="utf-8").read().rstrip("\n"); sys.exit(0 if "```mermaid\n" + block + "\n```" in open("README.md", encoding="utf-8").read() else 1)'
if [ -f docs/diagrams/donate.mmd ] && ! python3 -c "$readme_check"; then
  if $update; then
    python3 - <<'PY'
import re
block = open("docs/diagrams/donate.mmd", encoding="utf-8").read().rstrip("\n")
readme = open("README.md", encoding="utf-8").read()
readme = re.sub(r"```mermaid\n.*?\n```", lambda _: "```mermaid\n" + block + "\n```", readme, count=1, flags=re.S)
open("README.md", "w", encoding="utf-8").write(readme)
PY
  else
    echo "check-diagrams: README.md's Mermaid block differs from docs/diagrams/donate.mmd; run with --update" >&2
    status=1
  fi
fi

[ "$status" -eq 0 ] && ! $update && echo "check-diagrams: docs/diagrams is current"
exit "$status"
