# Shared by the scripts that regenerate committed files and fail when they differ (check-diagrams.sh,
# check-screens.sh, check-vocabulary.sh). Source it after `cd` to the repository root.

# check_name: the calling script's name without .sh, for its messages.
check_name="$(basename "$0" .sh)"

# parse_update_flag "$@": sets update=true for --update, false for no argument; anything else is a usage error.
parse_update_flag() {
  update=false
  case "${1:-}" in
    --update) update=true ;;
    "") ;;
    *) echo "usage: scripts/$check_name.sh [--update]" >&2; exit 2 ;;
  esac
  [ $# -le 1 ] || { echo "usage: scripts/$check_name.sh [--update]" >&2; exit 2; }
}

# build_segue: builds the segue product (its log in /tmp on failure) and sets segue to the binary's path.
build_segue() {
  local log="/tmp/segue-$check_name-build.log"
  swift build --product segue >"$log" 2>&1 \
    || { echo "$check_name: swift build failed:" >&2; tail -20 "$log" >&2; exit 2; }
  segue="$(swift build --show-bin-path)/segue"
}
