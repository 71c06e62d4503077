#!/usr/bin/env bash
# Hostile inputs handed to the real partlab under xvfb-run: files that pass the readers but not a
# library or the camera, OBJ files as tools write them, inputs that never end, empty flags.
#   hostile_input_smoke.sh SCENARIO PARTLAB PNG_CHECK
# Every run exits 0 (2 for a bad flag) with exactly one stderr line naming the file and the
# problem; the default scene (the committed bunny, PARTLAB_CACHE points at an empty cache) or the
# live simulation stays. docs/hostile-inputs.md lists what is checked where.
set -uo pipefail
scenario=$1 partlab=$2 png_check=$3
source "$(dirname "${BASH_SOURCE[0]}")/../smoke_prelude.sh"
export PARTLAB_CACHE="$tmp/empty-cache"
run() { timeout 120 "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; cat "$tmp/out"; cat "$tmp/err" >&2; }
one_line_naming() {
  local n
  n=$(grep -cF -- "$1" "$tmp/err")
  [[ $n -eq 1 ]] || fail "$n lines on stderr name $1, expected 1"
  grep -F -- "$1" "$tmp/err" | grep -F -- "$2" >/dev/null || fail "the line naming $1 does not say '$2'"
}
bunny_shown() {
  grep -q "partlab: model .*/assets/models/bunny.obj (3674 triangles" "$tmp/out" ||
    fail "the default scene (the bunny) was not loaded"
  "$png_check" "$tmp/out.png" 320 240 || fail "screenshot check"
}
# AABBTRC1 of N boxes x F frames whose coordinates reach SCALE (near the float limit: 3.4e38).
write_trace() {
  /usr/bin/python3 - "$@" <<'PY'
import struct, sys
path, boxes, frames, scale = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
data = bytearray(b"AABBTRC1" + struct.pack("<II", boxes, frames))
for t in range(frames):
    for b in range(boxes):
        x = (b / max(boxes - 1, 1) * 1.8 - 1.0) * scale
        data += struct.pack("<6f", x, -0.5 * scale, -0.5 * scale, x + 0.2 * scale, 0.5 * scale, 0.5 * scale)
with open(path, "wb") as f:
    f.write(data)
PY
}

case "$scenario" in
  far-trace)  # boxes near +-3.4e38: ode_quadtree replays them, ode_hash is refused with a line
    write_trace "$tmp/far.aabbtrc" 12 3 3.4e38
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 3 --size 320x180 --msaa 0 \
      --view Simulation --algo ode_quadtree --trace "$tmp/far.aabbtrc"
    [[ $rc -eq 0 ]] || fail "ode_quadtree: exit code $rc (ODE's quadtree aborted?)"
    ! grep -q "far.aabbtrc" "$tmp/err" || fail "ode_quadtree refused a trace it can replay"
    "$png_check" "$tmp/out.png" 320 180 || fail "ode_quadtree: screenshot check"
    for algo in ode_hash sabsp; do
      run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 320x180 --msaa 0 \
        --view Simulation --algo $algo --trace "$tmp/far.aabbtrc"
      [[ $rc -eq 0 ]] || fail "$algo: exit code $rc"
      one_line_naming "$tmp/far.aabbtrc" "$algo accepts coordinates within"
      grep -q "simulation scene 1 (" "$tmp/out" || fail "$algo: the live scene did not start"
    done
    ;;
  zero-box-trace)  # N = 0 is valid AABBTRC1 but has nothing to replay: one line, live scene
    write_trace "$tmp/empty.aabbtrc" 0 7 1
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 320x180 --msaa 0 \
      --view Simulation --trace "$tmp/empty.aabbtrc"
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    one_line_naming "$tmp/empty.aabbtrc" "the trace has no boxes"
    grep -q "simulation scene 1 (" "$tmp/out" || fail "the live scene did not start"
    ;;
  unframeable-model)  # legal floats the camera cannot frame: one line each, the bunny stays
    printf 'v -3e38 -3e38 -3e38\nv 3e38 -3e38 -3e38\nv 0 3e38 3e38\nf 1 2 3\n' >"$tmp/huge.obj"
    printf 'v 0 0 0\nv 1e-40 0 0\nv 0 1e-40 0\nf 1 2 3\n' >"$tmp/tiny.obj"
    printf 'v 1e9 0 0\nv 1000000001 0 0\nv 1e9 1 0\nf 1 2 3\n' >"$tmp/far.obj"
    declare -A says=([huge]="is beyond the" [tiny]="is below the" [far]="float precision")
    for kind in huge tiny far; do
      run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 320x240 --msaa 0 \
        --model "$tmp/$kind.obj"
      [[ $rc -eq 0 ]] || fail "$kind: exit code $rc"
      one_line_naming "$tmp/$kind.obj" "cannot frame the model: its extent"
      one_line_naming "$tmp/$kind.obj" "${says[$kind]}"
      bunny_shown
      echo "ok: $kind.obj"
    done
    ;;
  obj-as-written)  # CR-only lines, comments after data, continuations, forward references
    printf 'f 1 2 3 4 # a quad before its vertices\rv 0 0 0\rv 1 0 0\rv 1 1 0 \\\r  # colour\rv 0 1 0\r' \
      >"$tmp/mac.obj"
    # 3 + 2 triangles: a pentagon fanned from its first corner, and a triangle.
    printf 'v 0 0 0\r\nv 2 0 0\r\nv 3 1 0\r\nv 1 2 0\r\nv -1 1 0\r\nf 1 2 \\\r\n 3 4 5 # base\r\nf 1 2 4\r\n' \
      >"$tmp/crlf.obj"
    for kind in mac:2 crlf:4; do
      name=${kind%%:*} tris=${kind##*:}
      run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 320x240 --msaa 0 \
        --model "$tmp/$name.obj"
      [[ $rc -eq 0 ]] || fail "$name: exit code $rc"
      ! grep -q "$name.obj" "$tmp/err" || fail "$name.obj was refused"
      grep -q "partlab: model $tmp/$name.obj ($tris triangles" "$tmp/out" ||
        fail "$name.obj: not $tris triangles"
      "$png_check" "$tmp/out.png" 320 240 || fail "$name: screenshot check"
    done
    ;;
  endless-input)  # a device and a pipe as models or traces: refused at once, never read
    mkfifo "$tmp/pipe.obj" "$tmp/pipe.aabbtrc"
    for model in /dev/zero "$tmp/pipe.obj"; do
      run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 320x240 --msaa 0 \
        --model "$model"
      [[ $rc -eq 0 ]] || fail "$model: exit code $rc (124: it hung)"
      one_line_naming "$model" "not a regular file"
      bunny_shown
    done
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 320x180 --msaa 0 \
      --view Simulation --trace "$tmp/pipe.aabbtrc"
    [[ $rc -eq 0 ]] || fail "trace pipe: exit code $rc (124: it hung)"
    one_line_naming "$tmp/pipe.aabbtrc" "not a regular file"
    ;;
  empty-flags)  # --model "" and --trace "" are errors, not a silent fall-back
    for flag in --model --trace; do
      run "$partlab" "$flag" "" --screenshot "$tmp/out.png"
      [[ $rc -eq 2 ]] || fail "$flag '': exit code $rc, expected 2"
      [[ $(wc -l <"$tmp/err") -eq 1 ]] || fail "$flag '': expected exactly one line on stderr"
      grep -qF -- "$flag expects a path" "$tmp/err" || fail "$flag '': the line does not say why"
    done
    ;;
  *) fail "unknown scenario $scenario" ;;
esac
echo "ok: $scenario"
