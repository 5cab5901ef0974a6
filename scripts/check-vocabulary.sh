#!/usr/bin/env bash
# Fails when the committed JSON Schema or docs/flow-language.md's key tables differ from what the vocabulary
# (Sources/SegueModel/Vocabulary) generates now. With --update, rewrites them.
# usage: scripts/check-vocabulary.sh [--update]
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/lib/generated.sh
parse_update_flag "$@"
build_segue

if $update; then
  "$segue" schema -o schema/segue-flow.schema.json
  exec "$segue" schema --docs docs/flow-language.md
fi
status=0
"$segue" schema --check schema/segue-flow.schema.json || status=1
"$segue" schema --docs docs/flow-language.md --check || status=1
[ "$status" -eq 0 ] && echo "check-vocabulary: schema/segue-flow.schema.json and docs/flow-language.md are current"
exit "$status"
