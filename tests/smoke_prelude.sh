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

# Real X11 input: a test writes $tmp/drive.sh, which starts partlab in the background as $app
# (stdout and stderr into $tmp/out and $tmp/err), waits with $wait_for_first_frame (a slow start,
# under the sanitizers or a busy machine, would otherwise lose the first events), sends events with
# x11_input ending in Ctrl+Q, and ends with $wait_for_quit. run_drive runs it under the X server
# from $tmp; sets $rc.
wait_for_first_frame="for i in \$(seq 600); do grep -q '^partlab: first frame shown' '$tmp/out' && break; sleep 0.1; done"
wait_for_quit='for i in $(seq 50); do kill -0 $app 2>/dev/null || break; sleep 0.2; done
kill -0 $app 2>/dev/null && { kill $app; echo "partlab did not quit on Ctrl+Q" >&2; exit 1; }
wait $app'
run_drive() {
  (cd "$tmp" && "${xvfb[@]}" bash "$tmp/drive.sh")
  rc=$?
  cat "$tmp/out"
  cat "$tmp/err" >&2
}
