#!/usr/bin/env bash
# The command lines of partlab-bench and partlab: --help everywhere exits 0 and prints the flags;
# a bad value or an unknown flag is exactly one line on stderr naming the flag (and its range),
# with exit code 2. Every subcommand the dispatcher lists is checked, new ones included.
#   cli_smoke.sh PARTLAB_BENCH PARTLAB
set -uo pipefail
bench=$1
partlab=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# expect_one_line CODE TEXT COMMAND...: exit code CODE, one stderr line containing TEXT.
expect_one_line() {
  local code=$1 text=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  [[ $got == "$code" ]] || fail "$*: exit $got, expected $code"
  [[ $(wc -l <"$tmp/err") == 1 ]] || fail "$*: stderr is not one line: $(cat "$tmp/err")"
  grep -qF -- "$text" "$tmp/err" || fail "$*: stderr lacks '$text': $(cat "$tmp/err")"
}

"$bench" --help >"$tmp/list" 2>&1 || fail "partlab-bench --help exited non-zero"
subcommands=$(awk '/^subcommands:/ {on = 1; next} on && NF {print $1}' "$tmp/list")
[[ -n "$subcommands" ]] || fail "partlab-bench --help lists no subcommand"
for sub in $subcommands; do
  "$bench" "$sub" --help >"$tmp/help" 2>&1 || fail "partlab-bench $sub --help exited non-zero"
  grep -q -- "--help" "$tmp/help" || fail "partlab-bench $sub --help prints no options"
  expect_one_line 2 "unknown flag '--no-such-flag'" "$bench" "$sub" --no-such-flag
done
expect_one_line 2 "unknown subcommand 'nope'" "$bench" nope

# Bad values name the flag and its range.
expect_one_line 2 "--rays expects 1..10000000, got 'many'" "$bench" octree --rays many
expect_one_line 2 "--repeats expects 1..1000, got '0'" "$bench" octree --repeats 0
expect_one_line 2 "--rays expects a value" "$bench" octree --rays
expect_one_line 2 "--boxes expects numbers in 1..10000000, got '-1'" "$bench" broadphase --boxes -1
expect_one_line 2 "--bsp-predictive-steps expects 0..16, got 'x'" "$bench" broadphase --bsp-predictive-steps x
expect_one_line 2 "--steps expects 1..1000000, got 'x'" "$bench" sim --steps x
expect_one_line 2 "--cameras expects 1..100000, got '0'" "$bench" visibility --cameras 0
expect_one_line 2 "--cells expects numbers in 1..64, got '0'" "$bench" partition-floor --trace t --cells 0
expect_one_line 2 "--epochs expects numbers in 1..64, got '65'" "$bench" partition-floor --trace t --epochs 4,65
expect_one_line 2 "give --trace FILE" "$bench" partition-floor

# partlab: the same shape, from the parameter rows.
"$partlab" --help >"$tmp/help" 2>&1 || fail "partlab --help exited non-zero"
grep -qF -- "--octree-depth INT" "$tmp/help" || fail "partlab --help lacks --octree-depth"
grep -qF "1..12 levels (default 8)" "$tmp/help" || fail "partlab --help lacks the depth's range"
expect_one_line 2 "partlab: --octree-depth expects 1..12, got 'deep'" "$partlab" --octree-depth deep
expect_one_line 2 "partlab: --msaa expects 0..16 samples, got '64'" "$partlab" --msaa 64

[[ $failures == 0 ]] && echo "cli_smoke: all passed"
exit $((failures > 0))
