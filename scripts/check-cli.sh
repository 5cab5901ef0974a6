#!/usr/bin/env bash
# Fails when docs/cli.md's option tables differ from what the commands' option declarations
# (Sources/segue/CommandLine, each command's `options`) generate now. With --update, rewrites them.
# usage: scripts/check-cli.sh [--update]
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/lib/generated.sh
parse_update_flag "$@"
build_segue

if $update; then
  exec "$segue" help --docs docs/cli.md
fi
"$segue" help --docs docs/cli.md --check
echo "check-cli: docs/cli.md's option tables are current"
