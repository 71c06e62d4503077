#!/usr/bin/env bash
# Lessons played by the real partlab under xvfb-run, one scenario per invocation:
#   lesson_smoke.sh export PARTLAB PNG_CHECK LESSON.toml EXPORT_DIR
#   lesson_smoke.sh revisit PARTLAB PNG_CHECK LESSON.toml EXPORT_DIR
#   lesson_smoke.sh figure PARTLAB PNG_CHECK LESSON.toml EXPORT_DIR PNG_DIFF STEP X0 Y0 X1 Y1
#   lesson_smoke.sh no-figure PARTLAB PNG_CHECK LESSON.toml EXPORT_DIR PNG_DIFF STEP
#   lesson_smoke.sh SCENARIO PARTLAB PNG_CHECK LESSON.toml
# export: every step's picture is a real image of the asked size and index.md lists every step
# title in order (titles read from the .toml here, independently of partlab's reader). It writes
# the export to EXPORT_DIR (with partlab's output in EXPORT_DIR/export.log), and keeps it: the
# revisit, figure and no-figure scenarios compare their own renders of one step against that
# shared export rather than rendering the lesson again (ctest's fixtures order them). The other
# scenarios exercise the player on the given lesson or on broken copies of it, and compare the
# FILE:LINE in partlab's error line with the line grep finds in the file.
set -uo pipefail
scenario=$1 partlab=$2 png_check=$3 lesson=$4
shift 4
source "$(dirname "${BASH_SOURCE[0]}")/../smoke_prelude.sh"
# A lesson that does not load is reported before any window opens: no display needed.
export_without_display() {  # export_without_display LESSON DIR
  run env -u DISPLAY -u WAYLAND_DISPLAY "$partlab" --lesson "$1" --export "$2" --size 960x540
}
export_lesson() {  # export_lesson LESSON DIR [flags...]
  local file=$1 dir=$2
  shift 2
  run "${xvfb[@]}" "$partlab" --lesson "$file" --export "$dir" --size 960x540 --msaa 0 "$@"
}
# The step titles in file order: the first `title = "..."` after each [[step]] header.
step_titles() {
  awk '/^\[\[step\]\]/ { in_step = 1; next }
       in_step && /^title *= *"/ { sub(/^title *= *"/, ""); sub(/" *$/, ""); print; in_step = 0 }' "$1"
}
# The same in Portuguese: the lesson's title_pt (before the first [[step]]) and each step's title_pt.
lesson_title_pt() { awk '/^\[\[step\]\]/ { exit } /^title_pt *= *"/ { sub(/^title_pt *= *"/, ""); sub(/" *$/, ""); print; exit }' "$1"; }
step_titles_pt() {
  awk '/^\[\[step\]\]/ { in_step = 1; next }
       in_step && /^title_pt *= *"/ { sub(/^title_pt *= *"/, ""); sub(/" *$/, ""); print; in_step = 0 }' "$1"
}
# A copy without any *_pt key (a user's lesson written in English only); a multi-line value's
# continuation lines go with its key.
without_pt() {
  awk 'skip { if (index($0, "\"\"\"")) skip = 0; next }
       /^[a-z_]+_pt *= */ { rest = $0; sub(/^[^=]*= */, "", rest)
                            if (substr(rest, 1, 3) == "\"\"\"" && !index(substr(rest, 4), "\"\"\"")) skip = 1
                            next }
       { print }' "$1"
}
# The line of the n-th [[step]] header.
step_line() { grep -n '^\[\[step\]\]' "$1" | sed -n "${2}p" | cut -d: -f1; }
frames_of() {
  ffprobe -v error -count_frames -select_streams v:0 \
    -show_entries stream=nb_read_frames,width,height -of csv=p=0 "$1"
}
# A copy of the lesson with one edit (sed expression), for the error scenarios.
broken_copy() { sed "$1" "$lesson" >"$tmp/broken.toml"; cmp -s "$lesson" "$tmp/broken.toml" && fail "edit '$1' changed nothing"; }
expect_error() {  # expect_error EXIT_CODE LINE_PREFIX
  [[ $rc -eq $1 ]] || fail "exit code $rc, expected $1"
  grep -qF -- "partlab: $2" "$tmp/err" || fail "no line starting 'partlab: $2'"
  # Pictures of the steps before the failing one may exist; the index, written last, must not.
  [[ ! -e "$tmp/x/index.md" ]] || fail "a failed export wrote its index"
}

# The shared export of the lesson (the export scenario writes it; the others read it).
shared_export() {
  exports=$1
  [[ $scenario == export ]] && return
  [[ -s "$exports/index.md" ]] || fail "no export of $lesson in $exports (run the lesson's export test first)"
}

case "$scenario" in
  export)
    shared_export "$1"
    rm -rf "$exports"
    export_lesson "$lesson" "$tmp/x"
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
    mapfile -t titles < <(step_titles "$lesson")
    (( ${#titles[@]} > 0 )) || fail "no [[step]] titles found in $lesson"
    [[ $(grep -c '^## ' "$tmp/x/index.md") -eq ${#titles[@]} ]] || fail "index.md: wrong step count"
    for i in "${!titles[@]}"; do
      n=$(printf '%02d' $((i + 1)))
      "$png_check" "$tmp/x/step-$n.png" 960 540 || fail "step-$n.png"
      grep -qxF "## $((i + 1)). ${titles[$i]}" "$tmp/x/index.md" || fail "index.md lacks step $((i + 1)): ${titles[$i]}"
      grep -qF "<img src=\"step-$n.png\"" "$tmp/x/index.html" || fail "index.html lacks step-$n.png"
    done
    [[ ! -e "$tmp/x/step-$(printf '%02d' $((${#titles[@]} + 1))).png" ]] || fail "a picture too many"
    cp "$tmp/out" "$tmp/x/export.log"
    mkdir -p "$(dirname "$exports")" && mv "$tmp/x" "$exports"
    ;;
  export-pt)  # --lang pt_BR: the index holds the lesson's and every step's title_pt (read from the
    # .toml here) in order, the quotes as written, and declares its language; the pictures are real
    title_pt=$(lesson_title_pt "$lesson")
    [[ -n "$title_pt" ]] || fail "no title_pt in $lesson"
    mapfile -t titles < <(step_titles_pt "$lesson")
    (( ${#titles[@]} == $(grep -c '^\[\[step\]\]' "$lesson") )) || fail "not every step of $lesson has a title_pt"
    export_lesson "$lesson" "$tmp/x" --lang pt_BR
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
    grep -qxF "# $title_pt" "$tmp/x/index.md" || fail "index.md does not start with the title_pt: $title_pt"
    for i in "${!titles[@]}"; do
      n=$(printf '%02d' $((i + 1)))
      "$png_check" "$tmp/x/step-$n.png" 960 540 || fail "step-$n.png"
      grep -qxF "## $((i + 1)). ${titles[$i]}" "$tmp/x/index.md" || fail "index.md lacks step $((i + 1)): ${titles[$i]}"
      grep -qF "<h2>$((i + 1)). ${titles[$i]}</h2>" "$tmp/x/index.html" || fail "index.html lacks step $((i + 1)): ${titles[$i]}"
    done
    while IFS= read -r quote; do
      grep -qxF "> $quote" "$tmp/x/index.md" || fail "index.md lacks the quote: $quote"
    done < <(sed -n 's/^quote *= *"\(.*\)" *$/\1/p' "$lesson")
    grep -qF '<html lang="pt-BR">' "$tmp/x/index.html" || fail "index.html does not declare pt-BR"
    ! grep -qF "shown in English" "$tmp/err" || fail "a note of English text for a lesson with every title_pt"
    # A user's lesson in English only still exports in Portuguese: its own English text, a note
    # naming each step's line on stderr.
    without_pt "$lesson" >"$tmp/english.toml"
    ! grep -q '_pt *=' "$tmp/english.toml" || fail "the English-only copy still has a _pt key"
    export_lesson "$tmp/english.toml" "$tmp/en" --lang pt_BR
    [[ $rc -eq 0 ]] || fail "English-only lesson: exit code $rc, expected 0"
    mapfile -t english < <(step_titles "$lesson")
    grep -qxF "## 1. ${english[0]}" "$tmp/en/index.md" || fail "English-only lesson: index.md lacks ${english[0]}"
    grep -qF "partlab: $tmp/english.toml:$(step_line "$tmp/english.toml" 1): " "$tmp/err" ||
      fail "English-only lesson: no note naming step 1's line"
    ;;
  revisit)  # step 2 reached from step 1 (the shared export), and step 2 built directly: the same
    # picture
    shared_export "$1"
    export_lesson "$lesson" "$tmp/direct" --step 2
    [[ $rc -eq 0 ]] || fail "direct export: exit code $rc"
    [[ ! -e "$tmp/direct/step-01.png" ]] || fail "--step 2 exported step 1"
    "$png_check" "$tmp/direct/step-02.png" 960 540 || fail "step-02.png"
    cmp "$exports/step-02.png" "$tmp/direct/step-02.png" || fail "step 2 differs by the way it was reached"
    ;;
  own-settings)  # played interactively, a lesson neither reads the user's saved view settings nor
    # writes its steps' state over them: an out-of-range depth read would be noted naming the file,
    # and the file, with values no step uses, comes back unchanged
    mkdir -p "$PARTLAB_CONFIG_DIR/octree"
    printf 'octree.max_depth=99\noctree.placement=leaf\n' >"$PARTLAB_CONFIG_DIR/octree/settings.ini"
    cp "$PARTLAB_CONFIG_DIR/octree/settings.ini" "$tmp/saved.ini"
    run "${xvfb[@]}" "$partlab" --lesson "$lesson" --frames 5 --size 640x400 --msaa 0
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
    ! grep -qF "octree/settings.ini" "$tmp/err" || fail "the lesson read the octree view's saved settings"
    cmp "$tmp/saved.ini" "$PARTLAB_CONFIG_DIR/octree/settings.ini" ||
      fail "the lesson rewrote the octree view's saved settings"
    ;;
  video)  # each step held 0.5 s at 30 fps
    steps=$(grep -c '^\[\[step\]\]' "$lesson")
    run "${xvfb[@]}" "$partlab" --lesson "$lesson" --video "$tmp/l.mp4" --hold 0.5 --size 320x180 --msaa 0
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
    [[ $(frames_of "$tmp/l.mp4") == "320,180,$((steps * 15))" ]] || fail "video: $(frames_of "$tmp/l.mp4"), expected 320,180,$((steps * 15))"
    ;;
  view-video)  # any view's run: one video frame per drawn frame, an odd size cropped to even
    run "${xvfb[@]}" "$partlab" --view "Mesh viewer" --model bunny --frames 12 --video "$tmp/v.mp4" --size 321x181 --msaa 0
    [[ $rc -eq 0 ]] || fail "exit code $rc, expected 0"
    [[ $(frames_of "$tmp/v.mp4") == "320,180,12" ]] || fail "video: $(frames_of "$tmp/v.mp4")"
    ;;
  no-ffmpeg)  # ffmpeg not on PATH: one line, exit 1, no file
    run "${xvfb[@]}" env PATH=/nonexistent "$partlab" --view "Mesh viewer" --model bunny --frames 2 --video "$tmp/v.mp4" --msaa 0
    [[ $rc -eq 1 ]] || fail "exit code $rc, expected 1"
    grep -qx "partlab: --video needs ffmpeg on PATH (Debian: apt-get install ffmpeg); nothing was recorded" "$tmp/err" || fail "no ffmpeg line"
    [[ ! -e "$tmp/v.mp4" ]] || fail "a video was written"
    ;;
  failed-check)  # a false claim fails the export, naming the check's line
    broken_copy 's/"triangle-count 3674"/"triangle-count 5"/'
    line=$(grep -n 'triangle-count 5' "$tmp/broken.toml" | cut -d: -f1)
    export_lesson "$tmp/broken.toml" "$tmp/x"
    expect_error 1 "$tmp/broken.toml:$line: check 'triangle-count' failed: expected 5 triangles, the model has 3674"
    ;;
  bad-view)
    broken_copy '0,/view = "Mesh viewer"/s//view = "Mesh viewr"/'
    export_without_display "$tmp/broken.toml" "$tmp/x"
    expect_error 2 "$tmp/broken.toml:$(step_line "$tmp/broken.toml" 1): unknown view 'Mesh viewr'"
    ;;
  bad-verb)
    broken_copy 's/actions = \["pause"\]/actions = ["spin 3"]/'
    line=$(grep -n '"spin 3"' "$tmp/broken.toml" | cut -d: -f1)
    export_without_display "$tmp/broken.toml" "$tmp/x"
    expect_error 2 "$tmp/broken.toml:$line: unknown action 'spin' for the Mesh viewer view (known: steps, pause, play, show-bounds"
    ;;
  verb-error-pt)  # an action's own error, returned by the octree's verb, read in Portuguese
    broken_copy 's/"cells-depth 4"/"cells-depth 99"/'
    line=$(grep -n '"cells-depth 99"' "$tmp/broken.toml" | cut -d: -f1)
    export_lesson "$tmp/broken.toml" "$tmp/x" --lang pt_BR
    expect_error 1 "$tmp/broken.toml:$line: 'cells-depth' espera uma profundidade de 1 até 8, a da octree"
    ;;
  bad-words)  # a verb's words are checked against its row when the lesson is opened
    broken_copy 's/actions = \["pause"\]/actions = ["steps many"]/'
    line=$(grep -n '"steps many"' "$tmp/broken.toml" | cut -d: -f1)
    export_without_display "$tmp/broken.toml" "$tmp/x"
    expect_error 2 "$tmp/broken.toml:$line: steps: 'many' is not a whole number"
    ;;
  bad-flags)
    broken_copy '0,/"--shader", "chapter_vertex_lighting"/s//"--msaa", "lots"/'
    export_without_display "$tmp/broken.toml" "$tmp/x"
    expect_error 2 "$tmp/broken.toml:$(step_line "$tmp/broken.toml" 1): bad flags: --msaa expects"
    ;;
  bad-toml)  # a string left open: toml++'s own message, on that line
    broken_copy '0,/^title = "\(.*\)"$/s//title = "\1/'
    export_without_display "$tmp/broken.toml" "$tmp/x"
    expect_error 2 "$tmp/broken.toml:$(grep -n '^title = "[^"]*$' "$tmp/broken.toml" | head -1 | cut -d: -f1): "
    ;;
  figure)  # the step's figure: drawn inside the given region, and nothing over the caption band.
    # The step with its figures is the shared export's; only the step without them is rendered
    # here (--step N builds a step exactly as reaching it does: the revisit scenario).
    shared_export "$1"
    png_diff=$2 step=$3
    shift 3
    n=$(printf '%02d' "$step")
    # "wrote DIR/step-NN.png (960x540; the caption band from y = 395)"
    band=$(grep -F "/step-$n.png (" "$exports/export.log" | sed -n 's/.*caption band from y = \([0-9]*\)).*/\1/p')
    [[ -n "$band" ]] || fail "no caption band line for step-$n.png"
    export_lesson "$lesson" "$tmp/without" --step "$step" --no-figures
    [[ $rc -eq 0 ]] || fail "export without figures: exit code $rc"
    "$png_check" "$exports/step-$n.png" 960 540 || fail "step-$n.png"
    read -r _ differ _ inside _ top _ bottom _ _ _ _ < <("$png_diff" "$exports/step-$n.png" "$tmp/without/step-$n.png" "$@")
    echo "figure: $differ pixels differ, $inside inside the region $*, rows $top-$bottom, caption band from row $band"
    # A figure covers thousands of pixels (the fewest: the nine wall numbers, about 2,000 at
    # 960x540); a few hundred could be a stray tag or one line.
    (( inside >= 1000 )) || fail "the figure is missing: $inside pixels differ in the region $*"
    (( bottom < band )) || fail "the figures reach row $bottom, into the caption band (from row $band)"
    ;;
  no-figure)  # a step whose caption points at no figure: presenter mode draws none over it
    shared_export "$1"
    png_diff=$2 step=$3
    n=$(printf '%02d' "$step")
    export_lesson "$lesson" "$tmp/without" --step "$step" --no-figures
    [[ $rc -eq 0 ]] || fail "export without figures: exit code $rc"
    read -r _ differ _ < <("$png_diff" "$exports/step-$n.png" "$tmp/without/step-$n.png")
    [[ $differ -eq 0 ]] || fail "$differ pixels differ: a figure was drawn over step $step"
    ;;
  *) fail "unknown scenario $scenario" ;;
esac
echo "lesson_smoke $scenario: ok"
