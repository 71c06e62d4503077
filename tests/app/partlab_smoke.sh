#!/usr/bin/env bash
# Runs the real partlab binary the way a user or CI would, one scenario per invocation:
#   partlab_smoke.sh SCENARIO PARTLAB PNG_CHECK SOURCE_DIR X11_INPUT
# Every scenario uses a private config dir and temp dir, so tests never touch ~/.config.
set -uo pipefail
scenario=$1 partlab=$2 png_check=$3 source_dir=$4 x11_input=${5:-}
source "$(dirname "${BASH_SOURCE[0]}")/../smoke_prelude.sh"


case "$scenario" in
  input)  # real X11 events: a left drag orbits, W toggles wireframe, P saves a screenshot,
    # Ctrl+Q quits (and the settings written on the way out show the effects)
    mkdir -p "$PARTLAB_CONFIG_DIR"
    printf 'panel.help=0\npanel.scene=0\npanel.stats=0\ncamera.yaw=0.6\n' \
      >"$PARTLAB_CONFIG_DIR/settings.ini"
    cat >"$tmp/drive.sh" <<DRIVE
"$partlab" --size 400x300 --model bunny --msaa 0 >"$tmp/out" 2>"$tmp/err" &
app=\$!
$wait_for_first_frame
"$x11_input" sleep 500 drag 200 150 260 150 key w key p sleep 500 ctrl-key q
$wait_for_quit
DRIVE
    run_drive
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0 after Ctrl+Q"
    grep -q "^wireframe=1$" "$PARTLAB_CONFIG_DIR/settings.ini" || fail "W did not toggle wireframe"
    yaw=$(sed -n 's/^camera.yaw=//p' "$PARTLAB_CONFIG_DIR/settings.ini")
    echo "yaw after a 60 px drag: $yaw (from 0.6; 0.008 rad per px)"
    awk -v y="$yaw" 'BEGIN { exit !(y > 0.05 && y < 0.2) }' || fail "drag did not orbit (yaw $yaw)"
    "$png_check" "$tmp/partlab-screenshot-1.png" 400 300 || fail "P did not save a screenshot"
    ;;
  lesson-keys)  # the Lessons window's keys as real X11 events: Right twice, Page Down, Page Up,
    # Left three times, on a four-step lesson written here; partlab names each step it shows
    mkdir -p "$PARTLAB_CONFIG_DIR"
    printf 'panel.help=0\npanel.scene=0\npanel.stats=0\n' >"$PARTLAB_CONFIG_DIR/settings.ini"
    {
      printf 'title = "Keys"\n'
      for t in One Two Three Four; do
        printf '\n[[step]]\ntitle = "%s"\nview = "Mesh viewer"\nflags = ["--model", "bunny"]\n' "$t"
        printf 'actions = ["pause"]\ncaption = "Step %s."\n' "$t"
      done
    } >"$tmp/keys.toml"
    # Each key waits for the step before it to be shown and drawn (a slow frame, as under the
    # sanitizers, could see a key go down and up within it and miss it).
    cat >"$tmp/drive.sh" <<DRIVE
"$partlab" --lesson "$tmp/keys.toml" --size 640x360 --msaa 0 >"$tmp/out" 2>"$tmp/err" &
app=\$!
shown() { grep -c '^partlab: keys: step' "$tmp/out"; }
press() {  # press KEY LINES: the key, then up to 20 s for partlab to have named LINES steps
  "$x11_input" key "\$1"
  for i in \$(seq 200); do [[ \$(shown) -ge \$2 ]] && break; sleep 0.1; done
  sleep 0.5
}
for i in \$(seq 200); do [[ \$(shown) -ge 1 ]] && break; sleep 0.1; done
sleep 1
press Right 2; press Right 3; press Next 4; press Prior 5; press Left 6; press Left 7
"$x11_input" key Left sleep 1000 ctrl-key q
$wait_for_quit
DRIVE
    run_drive
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0 after Ctrl+Q"
    # Start at 1; Right, Right: 3; Page Down: 4; Page Up: 3; Left, Left: 1; Left at the first
    # step stays there (no line).
    shown=$(sed -n 's/^partlab: keys: step \([0-9]*\) of 4: .*/\1/p' "$tmp/out" | tr '\n' ' ')
    [[ "$shown" == "1 2 3 4 3 2 1 " ]] || fail "steps shown: '$shown', expected '1 2 3 4 3 2 1 '"
    ;;
  pick)  # a double-click on the model picks a point on it; the camera then orbits around it
    mkdir -p "$PARTLAB_CONFIG_DIR"
    printf 'panel.help=0\npanel.scene=0\npanel.stats=0\n' >"$PARTLAB_CONFIG_DIR/settings.ini"
    cat >"$tmp/drive.sh" <<DRIVE
"$partlab" --size 400x300 --model bunny --msaa 0 >"$tmp/out" 2>"$tmp/err" &
app=\$!
$wait_for_first_frame
"$x11_input" sleep 500 double-click 200 170 sleep 300 ctrl-key q
$wait_for_quit
DRIVE
    run_drive
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
    # The picked point lies within the bunny's bounds but is no longer the bounds' centre (where
    # framing put the target), and the camera's distance shrank to the surface.
    read -r minx miny minz maxx maxy maxz < <(awk '$1 == "v" {
        for (k = 2; k <= 4; ++k) { if (!n || $k < lo[k]) lo[k] = $k; if (!n || $k > hi[k]) hi[k] = $k }
        n = 1 } END { print lo[2], lo[3], lo[4], hi[2], hi[3], hi[4] }' \
      "$source_dir/assets/models/bunny.obj")
    get() { sed -n "s/^$1=//p" "$PARTLAB_CONFIG_DIR/settings.ini"; }
    tx=$(get camera.target.x) ty=$(get camera.target.y) tz=$(get camera.target.z)
    echo "picked target ($tx, $ty, $tz) in [$minx $miny $minz] .. [$maxx $maxy $maxz]"
    awk -v x="$tx" -v y="$ty" -v z="$tz" -v a="$minx" -v b="$miny" -v c="$minz" \
      -v d="$maxx" -v e="$maxy" -v f="$maxz" 'BEGIN {
        inside = x >= a && x <= d && y >= b && y <= e && z >= c && z <= f
        moved = (x - (a + d) / 2) ^ 2 + (y - (b + e) / 2) ^ 2 + (z - (c + f) / 2) ^ 2 > 1e-6
        exit !(inside && moved) }' || fail "double-click did not pick a point on the model"
    ;;
  resize)  # resizing, down to a 1x1 window, neither crashes nor stalls; the last size is saved
    mkdir -p "$PARTLAB_CONFIG_DIR"
    printf 'panel.help=0\n' >"$PARTLAB_CONFIG_DIR/settings.ini"
    cat >"$tmp/drive.sh" <<DRIVE
"$partlab" --size 400x300 --model bunny --msaa 0 >"$tmp/out" 2>"$tmp/err" &
app=\$!
$wait_for_first_frame
"$x11_input" sleep 500 resize 900 700 resize 1 1 resize 64 48 resize 1200 300 resize 333 222 \
  sleep 300 ctrl-key q
$wait_for_quit
DRIVE
    run_drive
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
    grep -q "^window.width=333$" "$PARTLAB_CONFIG_DIR/settings.ini" || fail "last width not saved"
    grep -q "^window.height=222$" "$PARTLAB_CONFIG_DIR/settings.ini" || fail "last height not saved"
    ;;
  hidpi)  # a 192-dpi screen (Xft.dpi, as desktops set it): the UI scales by the content scale
    cat >"$tmp/drive.sh" <<DRIVE
xprop -root -f RESOURCE_MANAGER 8s -set RESOURCE_MANAGER "Xft.dpi:	192"
"$partlab" --screenshot "$tmp/out.png" --frames 3 --size 640x400 --model bunny --msaa 0
DRIVE
    # -noreset: otherwise the server resets (dropping the property) when xprop disconnects.
    run xvfb-run -a -f "$tmp/Xauthority" -s "-screen 0 1280x1024x24 -noreset" bash "$tmp/drive.sh"
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
    grep -q "partlab: UI scale 2 " "$tmp/out" || fail "the UI did not pick up the content scale"
    "$png_check" "$tmp/out.png" 640 400 || fail "screenshot check"
    ;;
  screenshot)  # the README's headless invocation, small: right size, not a flat image
    run "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" --frames 5 --size 320x240 --model bunny
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
    "$png_check" "$tmp/out.png" 320 240 || fail "screenshot check"
    [[ ! -e "$PARTLAB_CONFIG_DIR/settings.ini" ]] || fail "a screenshot run wrote settings"
    ;;
  bad-model)  # a malformed --model in a screenshot run: one error line naming file:line, and the
    # default scene is rendered with that line shown in red in the Scene panel
    printf 'v 0 0 0\nv 1 0 0\nf 1 2 7\n' >"$tmp/broken.obj"
    run env PARTLAB_CACHE="$tmp/empty-cache" "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" \
      --frames 2 --size 320x240 --model "$tmp/broken.obj"
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
    [[ $(grep -c "broken.obj" "$tmp/err") -eq 1 ]] || fail "expected one line naming broken.obj"
    grep -qF "$tmp/broken.obj:3: face vertex index 7 out of range" "$tmp/err" ||
      fail "no error line naming broken.obj:3"
    grep -q "partlab: model .*/assets/models/bunny.obj (3674 triangles" "$tmp/out" ||
      fail "did not fall back to the default scene"
    "$png_check" "$tmp/out.png" 320 240 || fail "screenshot check"
    ;;
  bad-model-interactive)  # interactive: the error line, then the default scene keeps running
    printf 'v 0 0 0\nv 1 0 0\nf 1 2 7\n' >"$tmp/broken.obj"
    run env PARTLAB_CACHE="$tmp/empty-cache" "${xvfb[@]}" "$partlab" --frames 3 --size 320x240 \
      --model "$tmp/broken.obj"
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
    grep -qF "$tmp/broken.obj:3: face vertex index 7 out of range" "$tmp/err" ||
      fail "no error line naming broken.obj:3"
    grep -q "partlab: model .*/assets/models/bunny.obj (3674 triangles" "$tmp/out" ||
      fail "did not fall back to the default scene"
    ;;
  fallback)  # no model cache: the default scene falls back to the committed bunny, with a note
    run env PARTLAB_CACHE="$tmp/empty-cache" "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" \
      --frames 2 --size 320x240
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
    grep -q "partlab: model .*/assets/models/bunny.obj (3674 triangles" "$tmp/out" ||
      fail "did not fall back to the bunny"
    grep -qF "$tmp/empty-cache/models/dragon_res2.obj not found (run scripts/fetch-models.sh)" \
      "$tmp/err" || fail "no note about the missing dragon"
    "$png_check" "$tmp/out.png" 320 240 || fail "screenshot check"
    ;;
  no-display)  # no X server: one line saying so and showing the headless invocation, exit 3
    run env -u DISPLAY -u WAYLAND_DISPLAY "$partlab" --screenshot "$tmp/out.png"
    [[ $rc -eq 3 ]] || fail "exit code $rc, expected 3"
    [[ $(wc -l <"$tmp/err") -eq 1 ]] || fail "expected exactly one line on stderr"
    grep -q "no display" "$tmp/err" || fail "message does not say there is no display"
    grep -qF 'xvfb-run -a -s "-screen 0 1920x1080x24" partlab --screenshot out.png --frames 5' \
      "$tmp/err" || fail "message does not show the headless invocation"
    ;;
  help)  # --help names every view on the --view line (the list comes from the views' registry)
    run "$partlab" --help
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
    views_line=$(grep -e '--view NAME' "$tmp/out")
    for view in "Mesh viewer" Octree Simulation Visibility Portals Dynamics "Path finding"; do
      [[ "$views_line" == *"$view"* ]] || fail "--help does not name the view '$view'"
    done
    ;;
  no-gl33)  # a driver that offers less than OpenGL 3.3 core: one clear line, exit 4, no crash
    run env MESA_GL_VERSION_OVERRIDE=3.1 "${xvfb[@]}" "$partlab" --screenshot "$tmp/out.png" \
      --size 320x240 --model bunny
    [[ $rc -eq 4 ]] || fail "exit code $rc, expected 4"
    grep -q "OpenGL 3.3 core profile is not available" "$tmp/err" || fail "no clear GL error"
    ;;
  broken-shader)  # a shader that fails to compile: its file named, the driver's log, exit 5
    cp -r "$source_dir/shaders" "$tmp/shaders"
    sed -i 's/frag_color = vec4(pow(linear/frag_color = vec4(pow(undeclared_variable/' \
      "$tmp/shaders/blinn_phong.frag"
    run env PARTLAB_SHADER_DIR="$tmp/shaders" "${xvfb[@]}" "$partlab" --screenshot \
      "$tmp/out.png" --size 320x240 --model bunny
    [[ $rc -eq 5 ]] || fail "exit code $rc, expected 5"
    grep -qF "$tmp/shaders/blinn_phong.frag: compile failed:" "$tmp/err" || fail "file not named"
    grep -q "undeclared_variable" "$tmp/err" || fail "driver log missing"
    ;;
  settings)  # model and lighting model persist by name; the help window opens on the first run
    run "${xvfb[@]}" "$partlab" --frames 3 --size 400x300 --model dragon_res4 --shader blinn_phong
    [[ $rc -eq 0 ]] || fail "first run: exit code $rc"
    grep -q "^shader=blinn_phong$" "$PARTLAB_CONFIG_DIR/settings.ini" || fail "shader not saved"
    grep -q "^model=.*/dragon_res4.obj$" "$PARTLAB_CONFIG_DIR/settings.ini" || fail "model not saved"
    grep -q "^panel.help=1$" "$PARTLAB_CONFIG_DIR/settings.ini" || fail "help not open on first run"
    grep -q "^window.width=400$" "$PARTLAB_CONFIG_DIR/settings.ini" || fail "window size not saved"
    [[ -s "$PARTLAB_CONFIG_DIR/imgui.ini" ]] || fail "panel layout (imgui.ini) not saved"
    run "${xvfb[@]}" "$partlab" --frames 3
    [[ $rc -eq 0 ]] || fail "second run: exit code $rc"
    grep -q "partlab: model .*/dragon_res4.obj (11102 triangles" "$tmp/out" ||
      fail "second run did not reopen the last model"
    ;;
  idle)  # an idle interactive window sleeps: little CPU once the first second has passed
    "${xvfb[@]}" "$partlab" --size 320x240 --model bunny >"$tmp/out" 2>&1 &
    runner=$!
    sleep 3
    pid=$(pgrep -P "$(pgrep -P $runner | head -1)" -f partlab | head -1)
    [[ -z "$pid" ]] && pid=$(pgrep -f "^$partlab --size 320x240" | head -1)
    [[ -n "$pid" ]] || { kill $runner; fail "partlab did not start: $(cat "$tmp/out")"; }
    ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
    before=$(ticks)
    sleep 3
    after=$(ticks)
    kill "$pid"
    wait $runner 2>/dev/null
    hz=$(getconf CLK_TCK)
    echo "idle: $((after - before)) ticks of CPU in 3 s (CLK_TCK $hz)"
    ((after - before < hz)) || fail "idle window used $((after - before)) ticks in 3 s"
    ;;
  *) fail "unknown scenario $scenario" ;;
esac
echo "ok: $scenario"
