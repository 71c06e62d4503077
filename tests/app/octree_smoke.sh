#!/usr/bin/env bash
# Headless runs of the octree view under xvfb-run, one scenario per invocation:
#   octree_smoke.sh SCENARIO PARTLAB PNG_CHECK X11_INPUT
# Each renders the view on the committed bunny, checks the PNG (right size, not flat) and the line
# the view prints about what the image shows.
set -uo pipefail
scenario=$1 partlab=$2 png_check=$3 x11_input=${4:-}
source "$(dirname "${BASH_SOURCE[0]}")/../smoke_prelude.sh"
shot() {
  run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 3 --size 480x320 --msaa 0 \
    --model bunny --view Octree "$@"
  [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
  "$png_check" "$tmp/out.png" 480 320 || fail "screenshot check"
}

case "$scenario" in
  ray)  # a ray from a fixed origin through the bunny: both traversals hit the same triangle
    shot --preset ray --octree-depth 6 --ray -0.2,0.12,0.1,1,0,-0.2
    line=$(grep "partlab: octree ray: hit triangle" "$tmp/out") || fail "no ray line (or a miss)"
    [[ $line =~ paper:\ ([0-9]+)\ cells,\ ([0-9]+)\ tests,\ triangle\ ([0-9]+)\ \|\ ordered:\ ([0-9]+)\ cells,\ ([0-9]+)\ tests,\ triangle\ ([0-9]+) ]] ||
      fail "cannot parse: $line"
    [[ ${BASH_REMATCH[3]} == "${BASH_REMATCH[6]}" ]] || fail "the traversals disagree: $line"
    (( BASH_REMATCH[2] > 0 && BASH_REMATCH[5] <= BASH_REMATCH[2] )) || fail "implausible tests: $line"
    ;;
  heatmap)  # one ray per 4x4 pixels: the image is 120x80 rays and the ordered one does less work
    shot --preset heatmap
    line=$(grep "partlab: octree heatmap 120x80 rays" "$tmp/out") || fail "no heatmap line"
    [[ $line =~ paper\ ([0-9.]+),\ ordered\ ([0-9.]+) ]] || fail "cannot parse: $line"
    awk -v p="${BASH_REMATCH[1]}" -v o="${BASH_REMATCH[2]}" 'BEGIN { exit !(p > 0 && o <= p) }' ||
      fail "implausible means: $line"
    ;;
  batch)  # the paper's 10,000 rays: no octree answer differs from the brute force
    shot --preset batch
    grep -q "partlab: octree batch: 10000 rays, 3674 triangles | on the first 10000: .* wrong 0 0$" "$tmp/out" ||
      fail "batch line missing or answers differ"
    ;;
  bad-ray)  # a malformed --ray: one error line, exit 2, no image
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --view Octree --ray 1,2,3,0,0,0
    [[ $rc -eq 2 ]] || fail "exit code $rc, expected 2"
    grep -q "^partlab: --ray expects ox,oy,oz,dx,dy,dz" "$tmp/err" || fail "no error line"
    [[ ! -e "$tmp/out.png" ]] || fail "an image was written"
    ;;
  click)  # interactive: a double-click on the bunny shoots a camera ray (both traversals agree),
    # the batch and heatmap workers run meanwhile, P saves the frame, Ctrl+Q quits cleanly
    mkdir -p "$PARTLAB_CONFIG_DIR"
    printf 'panel.help=0\npanel.scene=0\npanel.stats=0\n' >"$PARTLAB_CONFIG_DIR/settings.ini"
    cat >"$tmp/drive.sh" <<DRIVE
"$partlab" --size 900x600 --model bunny --msaa 0 --view Octree --preset batch >"$tmp/out" 2>"$tmp/err" &
app=\$!
$wait_for_first_frame
"$x11_input" sleep 500 double-click 450 300 sleep 500 key p sleep 500 ctrl-key q
$wait_for_quit
DRIVE
    run_drive
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0 after Ctrl+Q"
    line=$(grep "partlab: octree ray: hit triangle" "$tmp/out") || fail "the double-click shot no ray"
    [[ $line =~ triangle\ ([0-9]+)\ \|\ ordered:.*triangle\ ([0-9]+)$ ]] || fail "cannot parse: $line"
    [[ ${BASH_REMATCH[1]} == "${BASH_REMATCH[2]}" ]] || fail "the traversals disagree: $line"
    "$png_check" "$tmp/partlab-screenshot-1.png" 900 600 || fail "P did not save a screenshot"
    ;;
  settings)  # the panel's controls persist between interactive runs (octree/settings.ini)
    run "${xvfb[@]}" "$partlab" --frames 3 --size 480x320 --msaa 0 --model bunny --view Octree \
      --octree-depth 5 --placement leaf
    [[ $rc -eq 0 ]] || fail "first run: exit code $rc"
    ini="$PARTLAB_CONFIG_DIR/octree/settings.ini"
    grep -q "^octree.max_depth=5$" "$ini" || fail "depth not saved"
    grep -q "^octree.placement=leaf$" "$ini" || fail "placement not saved"
    sed -i 's/^octree.overlay.hide_empty=1$/octree.overlay.hide_empty=0/' "$ini"
    run "${xvfb[@]}" "$partlab" --frames 3 --size 480x320 --msaa 0
    [[ $rc -eq 0 ]] || fail "second run: exit code $rc"
    grep -q "octree view: model, max depth 5, placement leaf" "$tmp/out" ||
      fail "second run did not restore the depth and placement"
    grep -q "^octree.overlay.hide_empty=0$" "$ini" || fail "an edited setting was not kept"
    # A screenshot run neither reads nor writes them: the defaults, whatever the last session.
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 2 --size 480x320 --msaa 0 \
      --model bunny --view Octree
    grep -q "octree view: model, max depth 8, placement paper" "$tmp/out" ||
      fail "a screenshot run used the saved settings"
    ;;
  lazy-model)  # the simulation view does not read the model; switching to a view that needs it does
    run "${xvfb[@]}" "$partlab" --frames 5 --size 480x320 --msaa 0 --model bunny --view Simulation
    [[ $rc -eq 0 ]] || fail "exit code $rc"
    grep -q "model .*bunny.* not loaded (this view does not use one)" "$tmp/out" ||
      fail "the simulation view loaded the model"
    grep -q "process CPU .* load average" "$tmp/out" || fail "no frame report at exit"
    ;;
  motion-lod)  # llvmpipe: a model above the display budget is drawn from its sixth-size copy while
    # the camera turns under the cells, and from the display mesh once the camera is still
    awk 'BEGIN { n = 200; for (i = 0; i <= n; ++i) for (j = 0; j <= n; ++j)
                   printf "v %g %g %g\n", i / n, 0.1 * sin(i * 0.3) * cos(j * 0.2), j / n;
                 for (i = 0; i < n; ++i) for (j = 0; j < n; ++j) { a = i * (n + 1) + j + 1;
                   printf "f %d %d %d\nf %d %d %d\n", a, a + n + 1, a + 1, a + 1, a + n + 1, a + n + 2 } }' \
      >"$tmp/grid.obj"
    orbit() {
      PARTLAB_ORBIT_DEG=$1 run "${xvfb[@]}" "$partlab" --frames 8 --size 480x320 --msaa 0 \
        --model "$tmp/grid.obj" --view Octree --preset cells --octree-depth 6
      [[ $rc -eq 0 ]] || fail "exit code $rc"
      grep -q "grid.obj (80000 triangles, [0-9]* drawn" "$tmp/out" || fail "model line missing"
      line=$(grep "partlab: octree view: .* frames drew" "$tmp/out") || fail "no frame line"
      [[ $line =~ ([0-9]+)\ of\ ([0-9]+)\ frames\ drew.*\(([0-9]+)\ of\ them\ with\ the\ ([0-9]+)-triangle ]] ||
        fail "cannot parse: $line"
      drawn=${BASH_REMATCH[1]} coarse=${BASH_REMATCH[3]} triangles=${BASH_REMATCH[4]}
      (( triangles > 0 && triangles <= 10000 )) || fail "motion mesh of $triangles triangles: $line"
    }
    orbit 2
    (( drawn == 8 && coarse == 8 )) || fail "turning: every frame drawn coarse expected: $line"
    orbit 0
    (( coarse <= 1 )) || fail "still: only the first frame may count as moving: $line"
    ;;
  *) fail "unknown scenario $scenario" ;;
esac
echo "ok: $scenario"
