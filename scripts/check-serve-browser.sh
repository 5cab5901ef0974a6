#!/usr/bin/env bash
# `segue serve` in headless Chromium through Selenium (Tests/SegueServeTests/Browser): the seed flows and CRUD clicked
# through, the DOM checked, screenshots taken, the flow file edited while served. Skips with a message where
# Chromium, chromium-driver or Selenium is missing; CI installs them.
set -uo pipefail
cd "$(dirname "$0")/.."
swift build --product segue >/dev/null || exit 1
shots="${SEGUE_SCREENSHOTS:-$(mktemp -d /tmp/segue-serve-shots.XXXXXX)}"
timeout 240 python3 Tests/SegueServeTests/Browser/serve_browser_test.py "$(swift build --show-bin-path)/segue" "$PWD" "$shots"
status=$?
if [ $status -eq 77 ]; then
  echo "check-serve-browser: skipped"
  exit 0
fi
exit $status
