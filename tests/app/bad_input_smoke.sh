#!/usr/bin/env bash
# The real partlab under xvfb-run handed bad files and absurd values.
#   bad_input_smoke.sh SCENARIO PARTLAB PNG_CHECK
# Bad files: the run still exits 0 with a screenshot of the default scene (the committed bunny:
# PARTLAB_CACHE points at an empty cache), and exactly one line on stderr names the file.
# Extremes: the run survives, and every clamped value is one note line on stderr.
set -uo pipefail
scenario=$1 partlab=$2 png_check=$3
source "$(dirname "${BASH_SOURCE[0]}")/../smoke_prelude.sh"
export PARTLAB_CACHE="$tmp/empty-cache"
# Exactly one stderr line names $1 (and it says $2).
one_line_naming() {
  local n
  n=$(grep -cF -- "$1" "$tmp/err")
  [[ $n -eq 1 ]] || fail "$n lines on stderr name $1, expected 1"
  grep -F -- "$1" "$tmp/err" | grep -F -- "$2" >/dev/null || fail "the line naming $1 does not say '$2'"
}
default_scene_shown() {
  grep -q "partlab: model .*/assets/models/bunny.obj (3674 triangles" "$tmp/out" ||
    fail "the default scene (the bunny) was not loaded"
  "$png_check" "$tmp/out.png" "$1" "$2" || fail "screenshot check"
}
# AABBTRC1 with N boxes and F frames; TRUNCATE bytes cut off the end (formats.md).
write_trace() {
  /usr/bin/python3 - "$@" <<'PY'
import struct, sys
path, boxes, frames, cut = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
data = bytearray(b"AABBTRC1" + struct.pack("<II", boxes, frames))
for t in range(frames):
    for b in range(boxes):
        x, z = (b % 316) * 1.5 + 0.1 * t, (b // 316) * 1.5
        data += struct.pack("<6f", x, 0, z, x + 1, 1, z + 1)
with open(path, "wb") as f:
    f.write(data[:len(data) - cut])
PY
}

case "$scenario" in
  bad-obj)  # each kind of bad OBJ: the bunny stays, one line names the file and the problem
    printf 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nv 1 1' >"$tmp/truncated.obj"
    head -c 3000 "$partlab" >"$tmp/garbage.obj"  # an executable renamed .obj
    printf 'v 0 0 0\nv nan 0 0\nv 0 1 0\nf 1 2 3\n' >"$tmp/nan.obj"
    printf 'v 0 0 0\nv 1 0 0\nv 0 inf 0\nf 1 2 3\n' >"$tmp/inf.obj"
    printf 'v 0 0 0\nv 1e39 0 0\nv 0 1 0\nf 1 2 3\n' >"$tmp/overflow.obj"
    printf 'v 0 0 0\nv 1 0 0\nf 1 2 7\n' >"$tmp/range.obj"
    : >"$tmp/empty.obj"
    declare -A says=(
      [truncated]=":5: vertex needs 3 coordinates, found 2"
      [garbage]="binary data, not a text OBJ file"
      [nan]=":2: vertex coordinate 'nan' is not finite"
      [inf]=":3: vertex coordinate 'inf' is not finite"
      [overflow]=":2: vertex coordinate '1e39' does not fit a 32-bit float"
      [range]=":3: face vertex index 7 out of range (2 vertices)"
      [empty]=": empty file"
    )
    for kind in truncated garbage nan inf overflow range empty; do
      rm -f "$tmp/out.png"
      run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 320x240 --msaa 0 \
        --model "$tmp/$kind.obj"
      [[ $rc -eq 0 ]] || fail "$kind: exit code $rc, expected 0"
      one_line_naming "$tmp/$kind.obj" "${says[$kind]}"
      default_scene_shown 320 240
      echo "ok: $kind.obj"
    done
    ;;
  bad-trace)  # traces whose size does not match the header: one line, the live scene stays
    write_trace "$tmp/cut.aabbtrc" 3 4 5
    write_trace "$tmp/long.aabbtrc" 3 4 0
    printf 'extra' >>"$tmp/long.aabbtrc"
    # A header whose N x F x 24 wraps around 64 bits to the file's 112 bytes.
    /usr/bin/python3 -c 'import struct,sys; open(sys.argv[1],"wb").write(b"AABBTRC1"+struct.pack("<II",631832658,3649452082)+bytes(96))' \
      "$tmp/wrap.aabbtrc"
    head -c 5000 "$partlab" >"$tmp/garbage.aabbtrc"
    for kind in cut long wrap garbage; do
      run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 320x180 --msaa 0 \
        --view Simulation --trace "$tmp/$kind.aabbtrc"
      [[ $rc -eq 0 ]] || fail "$kind: exit code $rc, expected 0"
      one_line_naming "$tmp/$kind.aabbtrc" "$tmp/$kind.aabbtrc: "
      grep -q "simulation scene 1 (" "$tmp/out" || fail "$kind: the live scene did not start"
      "$png_check" "$tmp/out.png" 320 180 || fail "$kind: screenshot check"
      echo "ok: $kind.aabbtrc"
    done
    ;;
  portuguese)  # under --lang pt_BR or LANG=pt_BR the notes and error lines read in Portuguese,
    # the file and flag names untouched; with LANG unset they stay English (the lines above)
    run "${xvfb[@]}" "$partlab" --lang pt_BR --screenshot "$tmp/out.png" --frames 2 --size 1x1 \
      --msaa 0 --model bunny
    [[ $rc -eq 0 ]] || fail "--size 1x1: exit code $rc"
    one_line_naming "--size 1x1" "limitado a 64x64 (a menor janela em que os painéis cabem)"
    run "${xvfb[@]}" "$partlab" --lang pt_BR --screenshot "$tmp/out.png" --frames 2 --size 320x240 \
      --msaa 0 --model bunny --view Octree --preset cells --octree-depth 99
    [[ $rc -eq 0 ]] || fail "--octree-depth 99: exit code $rc"
    one_line_naming "--octree-depth: 99" "limitado a 12 (o máximo da vista Octree)"
    # Before the window opens, without --lang: the environment's language, as a GNU tool's.
    run env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LANG=pt_BR.UTF-8 "$partlab" --frames abc
    [[ $rc -eq 2 ]] || fail "--frames abc: exit code $rc, expected 2"
    one_line_naming "--frames" "espera um inteiro positivo, recebeu 'abc'"
    run env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LANG=pt_BR.UTF-8 "$partlab" --octree-depth x
    [[ $rc -eq 2 ]] || fail "--octree-depth x: exit code $rc, expected 2"
    one_line_naming "--octree-depth" "espera 1..12, recebeu 'x'"
    env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LANG=pt_BR.UTF-8 "$partlab" --help >"$tmp/help"
    grep -qF "Mostra esta ajuda e sai" "$tmp/help" || fail "--help under LANG=pt_BR is not Portuguese"
    grep -qF -- "--octree-depth INT" "$tmp/help" || fail "--help under LANG=pt_BR lost a flag name"
    env -u LC_ALL -u LC_MESSAGES -u LANGUAGE -u LANG "$partlab" --help >"$tmp/help"
    grep -qF "Print this help and exit" "$tmp/help" || fail "--help without LANG is not English"
    # A file's problem: "FILE:LINE: problem", the problem translated, the file's name as given.
    printf 'type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n' >"$tmp/bad.map"
    run "${xvfb[@]}" "$partlab" --lang pt_BR --screenshot "$tmp/out.png" --frames 2 --size 320x240 \
      --msaa 0 --view "Path finding" --preset "map=$tmp/bad.map"
    [[ $rc -eq 0 ]] || fail "bad.map: exit code $rc"
    one_line_naming "$tmp/bad.map:6: " "coluna 2: o caractere 0x78 não é um de . G @ O T S W"
    printf 'title broken\ngravity 0 -9.81 0\nbox half=1,1,1 mass=1 pos=0,1,0 colour=red\n' \
      >"$tmp/bad.scene"
    run "${xvfb[@]}" "$partlab" --lang pt_BR --screenshot "$tmp/out.png" --frames 2 --size 320x240 \
      --msaa 0 --view Dynamics --scene "$tmp/bad.scene"
    [[ $rc -eq 0 ]] || fail "bad.scene: exit code $rc"
    one_line_naming "$tmp/bad.scene:3: " "chave 'colour' desconhecida para box"
    printf 'v 0 0 0\nv nan 0 0\nv 0 1 0\nf 1 2 3\n' >"$tmp/nan.obj"
    run "${xvfb[@]}" "$partlab" --lang pt_BR --screenshot "$tmp/out.png" --frames 2 --size 320x240 \
      --msaa 0 --model "$tmp/nan.obj"
    [[ $rc -eq 0 ]] || fail "nan.obj: exit code $rc"
    one_line_naming "$tmp/nan.obj:2: " "a coordenada 'nan' de vértice não é finita"
    ;;
  tiny-window)  # --size 1x1: one note, the window is the smallest the panels fit in
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 3 --size 1x1 --msaa 0 \
      --model bunny
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    one_line_naming "--size 1x1" "clamped to 64x64 (the smallest window the panels fit in)"
    "$png_check" "$tmp/out.png" 64 64 || fail "screenshot check"
    ;;
  octree-depth)  # --octree-depth 99 and 0 are clamped with a note; the octree view builds
    for depth in 99 0; do
      run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 320x240 \
        --msaa 0 --model bunny --view Octree --preset cells --octree-depth $depth
      [[ $rc -eq 0 ]] || fail "depth $depth: exit code $rc"
      one_line_naming "--octree-depth $depth" "clamped to"
      "$png_check" "$tmp/out.png" 320 240 || fail "screenshot check"
    done
    ;;
  bad-flags)  # garbage and negative counts: exit 2, one line, usage hint
    for args in "--steps -5" "--bodies lots" "--size 1x" "--octree-depth deep" "--frames 0"; do
      # shellcheck disable=SC2086
      run "$partlab" $args --screenshot "$tmp/out.png"
      [[ $rc -eq 2 ]] || fail "'$args': exit code $rc, expected 2"
      [[ $(wc -l <"$tmp/err") -eq 1 ]] || fail "'$args': expected exactly one line on stderr"
      grep -qF -- "${args%% *}" "$tmp/err" || fail "'$args': the line does not name the flag"
    done
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 320x180 --msaa 0 \
      --view Simulation --scene 9
    [[ $rc -eq 0 ]] || fail "--scene 9: exit code $rc"
    one_line_naming "--scene '9'" "using scene 1"
    grep -q "simulation scene 1 (" "$tmp/out" || fail "--scene 9 did not fall back to scene 1"
    ;;
  many-boxes)  # 100,000 boxes: a replayed trace, and 100,000 bodies in the simulation
    write_trace "$tmp/big.aabbtrc" 100000 2 0
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 480x270 --msaa 0 \
      --view Simulation --algo sabsp --trace "$tmp/big.aabbtrc"
    [[ $rc -eq 0 ]] || fail "trace: exit code $rc"
    ! grep -q "big.aabbtrc" "$tmp/err" || fail "a good 100,000-box trace was reported as bad"
    "$png_check" "$tmp/out.png" 480 270 || fail "trace: screenshot check"
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 480x270 --msaa 0 \
      --view Simulation --scene 2 --bodies 250000
    [[ $rc -eq 0 ]] || fail "bodies: exit code $rc"
    one_line_naming "--bodies 250000" "clamped to 100000"
    grep -q "100000 bodies" "$tmp/out" || fail "the scene does not have 100,000 bodies"
    "$png_check" "$tmp/out.png" 480 270 || fail "bodies: screenshot check"
    ;;
  huge-model)  # a generated OBJ of 2 million triangles (a 1001 x 1001 height field)
    /usr/bin/python3 - "$tmp/huge.obj" <<'PY'
import math, sys
n = 1001
with open(sys.argv[1], "w") as f:
    f.write("".join("v %d %.4f %d\n" % (i, math.sin(i * 0.05) * math.cos(j * 0.05) * 20, j)
                    for j in range(n) for i in range(n)))
    rows = []
    for j in range(n - 1):
        for i in range(n - 1):
            a = j * n + i + 1
            rows.append("f %d %d %d\nf %d %d %d\n" % (a, a + 1, a + n, a + 1, a + n + 1, a + n))
    f.write("".join(rows))
PY
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 480x270 --msaa 0 \
      --model "$tmp/huge.obj"
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    grep -q "partlab: model $tmp/huge.obj (2000000 triangles" "$tmp/out" || fail "not loaded"
    "$png_check" "$tmp/out.png" 480 270 || fail "screenshot check"
    # The octree over all 2 million, at the deepest depth the view allows.
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 480x270 --msaa 0 \
      --model "$tmp/huge.obj" --view Octree --preset cells --octree-depth 12
    [[ $rc -eq 0 ]] || fail "octree view: exit code $rc"
    grep -q "octree view: model, max depth 12" "$tmp/out" || fail "octree view did not start"
    "$png_check" "$tmp/out.png" 480 270 || fail "octree view: screenshot check"
    ;;
  degenerate-model)  # a model whose every triangle is a point: loads, frames, octree is empty
    printf 'v 1 1 1\nv 1 1 1\nv 1 1 1\nf 1 2 3\nf 3 2 1\n' >"$tmp/point.obj"
    for view in "Mesh viewer" Octree; do
      run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 320x240 \
        --msaa 0 --model "$tmp/point.obj" --view "$view"
      [[ $rc -eq 0 ]] || fail "$view: exit code $rc"
      grep -q "partlab: model $tmp/point.obj (2 triangles" "$tmp/out" || fail "$view: not loaded"
      [[ -e "$tmp/out.png" ]] || fail "$view: no screenshot"
    done
    ;;
  bad-settings)  # a hand-edited settings file full of absurd values: notes, then a normal run
    mkdir -p "$PARTLAB_CONFIG_DIR/simulation"
    printf 'panel.help=0\nwindow.width=1\nwindow.height=99999\nmsaa=99\nview=Simulation\n' \
      >"$PARTLAB_CONFIG_DIR/settings.ini"
    printf '%s\n' sim.bsp.adaptive=0 sim.bsp.split_threshold=1 sim.bsp.ops_min=0 \
      sim.bsp.ops_max=1000 sim.bsp.max_depth=32 sim.overlay.depth=99 sim.overlay.alpha=nan \
      >"$PARTLAB_CONFIG_DIR/simulation/settings.ini"
    run "${xvfb[@]}" "$partlab" --frames 3 --scene 4 --steps 150
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    one_line_naming "window.width 1 clamped to 64" "$PARTLAB_CONFIG_DIR/settings.ini"
    one_line_naming "window.height 99999 clamped to 8192" "$PARTLAB_CONFIG_DIR/settings.ini"
    one_line_naming "msaa 99 clamped to 16" "$PARTLAB_CONFIG_DIR/settings.ini"
    # The BSP's rows come from its parameter table (bsp_param_table.h): key, value, bound, reason.
    one_line_naming "$PARTLAB_CONFIG_DIR/simulation/settings.ini" \
      "sim.bsp.split_threshold 1 clamped to 2"
    grep -F "simulation/settings.ini" "$tmp/err" | grep -F "sim.bsp.ops_min 0 clamped to 1" >/dev/null ||
      fail "ops min 0 not clamped"
    grep -F "simulation/settings.ini" "$tmp/err" |
      grep -F "sim.overlay.alpha nan is not a finite number; the default 0.16 is used" >/dev/null ||
      fail "NaN alpha not back to its default"
    grep -q "150 physics steps of scene 4" "$tmp/out" || fail "the BSP did not run 150 steps"
    # What the run saved is in range again.
    grep -q "^sim.bsp.split_threshold=2$" "$PARTLAB_CONFIG_DIR/simulation/settings.ini" ||
      fail "the clamped threshold was not saved"
    grep -q "^sim.bsp.ops_max=1000$" "$PARTLAB_CONFIG_DIR/simulation/settings.ini" ||
      fail "1000 operations per cycle (in range) was not kept"
    # A --bsp-* flag over the file: the same row's range, a note naming the flag, and the value
    # reaches the view (which saves it).
    run "${xvfb[@]}" "$partlab" --frames 3 --scene 4 --steps 10 --bsp-split-threshold 5000
    [[ $rc -eq 0 ]] || fail "--bsp-split-threshold: exit code $rc"
    grep -qF "partlab: --bsp-split-threshold 5000 clamped to 1024" "$tmp/err" ||
      fail "--bsp-split-threshold 5000 not clamped to the row's 1024"
    grep -q "^sim.bsp.split_threshold=1024$" "$PARTLAB_CONFIG_DIR/simulation/settings.ini" ||
      fail "the flag's threshold did not reach the view"
    # The octree view's own file: depth 40 and 0.
    mkdir -p "$PARTLAB_CONFIG_DIR/octree"
    printf 'octree.max_depth=40\noctree.overlay.depth=0\n' >"$PARTLAB_CONFIG_DIR/octree/settings.ini"
    run "${xvfb[@]}" "$partlab" --frames 3 --view Octree --model bunny
    [[ $rc -eq 0 ]] || fail "octree view: exit code $rc"
    one_line_naming "$PARTLAB_CONFIG_DIR/octree/settings.ini" "octree.max_depth 40 clamped to 12"
    grep -q "octree view: model, max depth 12, .*(depths <= 1)" "$tmp/out" ||
      fail "the octree view did not use the clamped depths"
    ;;
  *) fail "unknown scenario $scenario" ;;
esac
echo "ok: $scenario"
