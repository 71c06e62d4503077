#!/usr/bin/env bash
# The simulation view in the real partlab under xvfb-run, one scenario per invocation:
#   sim_smoke.sh SCENARIO PARTLAB PNG_CHECK
# Every scenario uses a private config dir and temp dir, so tests never touch ~/.config.
set -uo pipefail
scenario=$1 partlab=$2 png_check=$3
source "$(dirname "${BASH_SOURCE[0]}")/../smoke_prelude.sh"

# A tiny AABBTRC1 trace: 3 boxes, 4 frames, box 2 absent in frame 0 (formats.md).
write_trace() {
  /usr/bin/python3 - "$1" <<'PY'
import struct, sys
boxes, frames = 3, 4
with open(sys.argv[1], "wb") as f:
    f.write(b"AABBTRC1" + struct.pack("<II", boxes, frames))
    for t in range(frames):
        f.write(struct.pack("<6f", 0 + t, 0, 0, 2 + t, 2, 2))
        f.write(struct.pack("<6f", 1, 1, 1, 3, 3, 3))
        f.write(struct.pack("<6f", *((0, 0, 0, -1, -1, -1) if t == 0 else (5, 0, 0, 6, 1, 1))))
PY
}

case "$scenario" in
  scene1|scene2|scene3|scene4)  # each scene with the BSP planes: right size, not flat, planes drawn
    n=${scenario#scene}
    # Enough steps for the BSP to have cut: scene 3's blocks break at about step 75, and scene 4
    # needs a few hundred bodies in its compartments.
    steps=(0 60 20 300 200)
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 4 --size 480x270 --msaa 0 \
      --view Simulation --scene "$n" --algo sabsp --steps "${steps[$n]}"
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    "$png_check" "$tmp/out.png" 480 270 || fail "screenshot check"
    grep -q "simulation scene $n (" "$tmp/out" || fail "scene $n not selected"
    grep -qE "[1-9][0-9]* planes drawn" "$tmp/out" || fail "no BSP plane was drawn"
    [[ ! -e "$PARTLAB_CONFIG_DIR/simulation/settings.ini" ]] || fail "a screenshot run wrote settings"
    ;;
  beside)  # two viewports: sabsp on the left, the thesis's tree on the right, each captioned
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 4 --size 640x360 --msaa 0 \
      --view Simulation --scene 1 --algo sabsp --beside sabsp_thesis --steps 120
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    "$png_check" "$tmp/out.png" 640 360 || fail "screenshot check"
    grep -qE "[1-9][0-9]* planes drawn; beside: sabsp_thesis: .* [1-9][0-9]* leaves" "$tmp/out" \
      || fail "the thesis's tree beside ours did not grow"
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/bad.png" --frames 2 --size 320x180 --msaa 0 \
      --view Simulation --scene 1 --beside no_such_thing --steps 5
    [[ $rc -eq 0 ]] || fail "an unknown --beside must not stop the app (exit $rc)"
    grep -q "unknown --beside 'no_such_thing'" "$tmp/err" || fail "no line about the bad --beside"
    ;;
  algorithms)  # every other structure's overlay path renders too
    for algo in sap hash quadtree loose_octree; do
      run "${xvfb[@]}" "$partlab" --screenshot "$tmp/$algo.png" --frames 3 --size 320x180 \
        --msaa 0 --view Simulation --scene 1 --algo "$algo" --steps 30
      [[ $rc -eq 0 ]] || fail "$algo: exit code $rc"
      grep -q "broad phase $algo," "$tmp/out" || fail "$algo not selected"
      "$png_check" "$tmp/$algo.png" 320 180 || fail "$algo: screenshot check"
    done
    ;;
  unknown-algo)  # a bad --algo is one line naming it, and the BSP is used instead
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 320x180 --msaa 0 \
      --view Simulation --algo no_such_thing
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    grep -q "unknown --algo 'no_such_thing'" "$tmp/err" || fail "no error line"
    grep -q "broad phase sabsp," "$tmp/out" || fail "did not fall back to sabsp"
    ;;
  replay)  # --trace opens the replay viewer; a broken trace is one line naming the file
    write_trace "$tmp/run.aabbtrc"
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 3 --size 320x180 --msaa 0 \
      --view Simulation --trace "$tmp/run.aabbtrc"
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    "$png_check" "$tmp/out.png" 320 180 || fail "screenshot check"
    ! grep -q "run.aabbtrc:" "$tmp/err" || fail "a good trace was reported as bad"
    head -c 30 "$tmp/run.aabbtrc" >"$tmp/cut.aabbtrc"
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out2.png" --frames 2 --size 320x180 --msaa 0 \
      --view Simulation --trace "$tmp/cut.aabbtrc"
    [[ $rc -eq 0 ]] || fail "exit code $rc with a truncated trace"
    grep -q "cut.aabbtrc: size 30 bytes" "$tmp/err" || fail "no error line for the truncated trace"
    ;;
  settings)  # scene and broad phase persist between interactive runs, by name
    run "${xvfb[@]}" "$partlab" --frames 3 --size 320x180 --msaa 0 --view Simulation --scene 2 \
      --algo sap
    [[ $rc -eq 0 ]] || fail "first run: exit code $rc"
    grep -q "^sim.algo=sap$" "$PARTLAB_CONFIG_DIR/simulation/settings.ini" || fail "algo not saved"
    grep -q "^sim.camera.scene=2$" "$PARTLAB_CONFIG_DIR/simulation/settings.ini" ||
      fail "camera not saved with its scene"
    ! grep -q "^camera.distance=" "$PARTLAB_CONFIG_DIR/settings.ini" ||
      fail "the simulation's camera overwrote the model's"
    run "${xvfb[@]}" "$partlab" --frames 3 --size 320x180 --msaa 0 --view Simulation
    [[ $rc -eq 0 ]] || fail "second run: exit code $rc"
    grep -q "simulation scene 2 (.*), broad phase sap," "$tmp/out" || fail "settings not restored"
    # The file by hand, as a user would edit it (SimulationView::VisitParams reads and writes every
    # row): values in range come back as written and stay; values out of range are clamped to the
    # bounds the rows document (plane depth 0..24, event queue 4..256, pitch within +-1.55 rad), a
    # name no broad phase has falls back to sabsp, all in one line naming the file; a key no row
    # names is kept.
    ini="$PARTLAB_CONFIG_DIR/simulation/settings.ini"
    sed -i '/^sim.seed=/d; /^sim.overlay.alpha=/d; /^sim.bsp.split_exponent=/d; /^sim.overlay.depth=/d;
            /^sim.bsp.queue_size=/d; /^sim.camera.pitch=/d; /^sim.companion=/d' "$ini"
    printf '%s\n' sim.seed=7 sim.overlay.alpha=0.3 sim.bsp.split_exponent=0.25 sim.overlay.depth=99 \
      sim.bsp.queue_size=1000 sim.camera.pitch=3 sim.companion=no_such_thing someone.else=1 >>"$ini"
    run "${xvfb[@]}" "$partlab" --frames 3 --size 320x180 --msaa 0 --view Simulation
    [[ $rc -eq 0 ]] || fail "third run: exit code $rc"
    grep -q "simulation scene 2 (.*), broad phase sap, seed 7$" "$tmp/out" ||
      fail "the hand-edited seed did not reach the scene"
    [[ $(grep -c "^partlab: $ini: " "$tmp/err") -eq 1 ]] || fail "not one line naming the file"
    line=$(grep "^partlab: $ini: " "$tmp/err")
    for note in "sim.overlay.depth 99 clamped to 24 " "sim.bsp.queue_size 1000 clamped to 256 " \
        "sim.camera.pitch 3 clamped to 1.55 " "sim.companion 'no_such_thing' is not known here"; do
      [[ $line == *"$note"* ]] || fail "the line naming the file lacks '$note': $line"
    done
    [[ $line != *sim.seed* && $line != *sim.overlay.alpha* && $line != *split_exponent* ]] ||
      fail "a value in range was noted: $line"
    for kept in sim.seed=7 sim.overlay.alpha=0.300000012 sim.bsp.split_exponent=0.25 \
        sim.overlay.depth=24 sim.bsp.queue_size=256 sim.companion=sabsp_thesis someone.else=1 \
        sim.scene=2 sim.algo=sap; do
      grep -qx "$kept" "$ini" || fail "$kept not in the file the run wrote back"
    done
    ;;
  figure)  # a scripted figure of chapter 4 (--preset): its boxes and plane drawn, no physics
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 3 --size 480x270 --msaa 0 \
      --view Simulation --preset swap --steps 2
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    "$png_check" "$tmp/out.png" 480 270 || fail "screenshot check"
    grep -q "figure swap (thesis 4.5, Figure 4.6), sabsp_thesis" "$tmp/out" || fail "no figure"
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/bad.png" --frames 2 --size 320x180 --msaa 0 \
      --view Simulation --preset no_such_figure
    [[ $rc -eq 0 ]] || fail "an unknown --preset must not stop the app (exit $rc)"
    grep -q "unknown --preset 'no_such_figure' for the Simulation view (directions" "$tmp/err" ||
      fail "no line naming the bad --preset and the figures"
    ;;
  *) fail "unknown scenario $scenario" ;;
esac
echo "ok: $scenario"
