# Sourced by every smoke script that runs the real partlab: a private temporary directory (removed
# on exit) holding the config dir, so tests never touch ~/.config; the headless X server; `fail`
# and `run`. A script may set `smoke_screen` (default 1280x1024x24) before sourcing this.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export PARTLAB_CONFIG_DIR="$tmp/config"
# -f: an auth file of our own, so xvfb-run makes no temporary directory: removing that at exit can
# race the X server's shutdown, and xvfb-run then exits 5 in place of the test's own exit code.
xvfb=(xvfb-run -a -f "$tmp/Xauthority" -s "-screen 0 ${smoke_screen:-1280x1024x24}")

fail() { echo "FAIL: $*" >&2; exit 1; }
# Runs a command, keeping its stdout and stderr in $tmp/out and $tmp/err (and echoing them); sets $rc.
run() { "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; cat "$tmp/out"; cat "$tmp/err" >&2; }
