#!/usr/bin/env bash
# The Dynamics view in the real partlab under xvfb-run, one scenario per invocation:
#   dynamics_smoke.sh SCENARIO PARTLAB PNG_CHECK SOURCE_DIR
# Every scenario uses a private config dir and temp dir, so tests never touch ~/.config.
set -uo pipefail
scenario=$1 partlab=$2 png_check=$3 source_dir=$4
source "$(dirname "${BASH_SOURCE[0]}")/../smoke_prelude.sh"

case "$scenario" in
  stack)  # the box stack at rest: every contact resting, the LCP solved, a real picture
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 4 --size 480x270 --msaa 0 \
      --view Dynamics --scene box_stack --steps 200 --preset see-through
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    "$png_check" "$tmp/out.png" 480 270 || fail "screenshot check"
    grep -qE "dynamics scene box_stack .* 20 contacts \(colliding 0, resting 20, separating 0\)" \
      "$tmp/out" || fail "the stack is not resting on 20 contacts"
    grep -q "LCP 20 contacts" "$tmp/out" || fail "the LCP did not see the 20 contacts"
    ;;
  stage)  # stopped inside a step, before integrating: the ball's bounce impulse is already there
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 3 --size 480x270 --msaa 0 \
      --view Dynamics --scene newtons_cradle --steps 299 --preset stage-integrate
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    grep -q "dynamics scene newtons_cradle (.*next stage integrate" "$tmp/out" \
      || fail "did not stop before the integrate stage"
    "$png_check" "$tmp/out.png" 480 270 || fail "screenshot check"
    ;;
  ode-beside)  # the same scene on ODE beside ours
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 3 --size 480x270 --msaa 0 \
      --view Dynamics --scene pool_break --steps 50 --preset ode-beside
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    grep -q "dynamics scene pool_break (" "$tmp/out" || fail "scene not selected"
    "$png_check" "$tmp/out.png" 480 270 || fail "screenshot check"
    ;;
  settings)  # the panel's rows persist between interactive runs (dynamics/settings.ini, through
    # the View base), a hand-edited value out of range is clamped with one line naming the file
    run "${xvfb[@]}" "$partlab" --frames 3 --size 480x270 --msaa 0 --view Dynamics
    [[ $rc -eq 0 ]] || fail "first run: exit code $rc"
    ini="$PARTLAB_CONFIG_DIR/dynamics/settings.ini"
    grep -q "^dynamics.speed=1$" "$ini" || fail "speed not saved"
    grep -q "^dynamics.overlay.points=1$" "$ini" || fail "overlay points not saved"
    grep -q "^dynamics.overlay.force_auto=1$" "$ini" || fail "the force scale's choice not saved"
    sed -i 's/^dynamics.speed=1$/dynamics.speed=9/; s/^dynamics.overlay.points=1$/dynamics.overlay.points=0/' \
      "$ini"
    run "${xvfb[@]}" "$partlab" --frames 3 --size 480x270 --msaa 0 --view Dynamics
    [[ $rc -eq 0 ]] || fail "second run: exit code $rc"
    grep -q "^partlab: $ini: dynamics.speed 9 clamped to 2 " "$tmp/err" ||
      fail "the out-of-range speed was not told, naming the file"
    [[ $(grep -c "dynamics.speed 9 clamped" "$tmp/err") -eq 1 ]] || fail "told more than once"
    grep -q "^dynamics.speed=2$" "$ini" || fail "the clamped speed was not the one in force"
    grep -q "^dynamics.overlay.points=0$" "$ini" || fail "an edited setting was not kept"
    ;;
  scenes)  # every scene of assets/dynamics loads, steps and renders
    for f in "$source_dir"/assets/dynamics/*.scene; do
      key=$(basename "$f" .scene)
      [[ $key == box_pile ]] && continue  # the benchmark's scene: too slow under llvmpipe here
      run "${xvfb[@]}" "$partlab" --screenshot "$tmp/$key.png" --frames 3 --size 320x180 \
        --msaa 0 --view Dynamics --scene "$key" --steps 100
      [[ $rc -eq 0 ]] || fail "$key: exit code $rc"
      grep -q "dynamics scene $key (" "$tmp/out" || fail "$key not selected"
      grep -q "nan" "$tmp/out" && fail "$key: NaN in the summary"
      "$png_check" "$tmp/$key.png" 320 180 || fail "$key: screenshot check"
    done
    ;;
  bad-scene)  # a bad scene file is one line naming file and line; the view still shows a scene
    printf 'title broken\ngravity 0 -9.81 0\nbox half=1,1,1 mass=-3 pos=0,1,0\n' >"$tmp/bad.scene"
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 320x180 --msaa 0 \
      --view Dynamics --scene "$tmp/bad.scene"
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    grep -q "bad.scene:3: mass must be > 0" "$tmp/err" || fail "no file:line error"
    grep -q "dynamics scene ball_bounce (" "$tmp/out" || fail "did not fall back to a scene"
    "$png_check" "$tmp/out.png" 320 180 || fail "screenshot check"
    ;;
  *) fail "unknown scenario $scenario" ;;
esac
echo "ok: $scenario"
