#!/usr/bin/env bash
# A view on a classroom projector: at 1280x720 every panel holds what it shows, no label cut off at
# a window's edge (partlab prints "partlab: cut off: window ..." for each window whose widest line,
# as ImGui measured it, is wider than the room the window gives it; app/panels/cut_off_windows.h).
# LANGUAGE (default en) is --lang's: Brazilian Portuguese is longer than English, and must fit too.
#   projector_smoke.sh VIEW PARTLAB PNG_CHECK [LANGUAGE]
set -uo pipefail
view=$1 partlab=$2 png_check=$3 language=${4:-en}
source "$(dirname "${BASH_SOURCE[0]}")/../smoke_prelude.sh"
run "${xvfb[@]}" "$partlab" --view "$view" --lang "$language" --size 1280x720 --msaa 0 --frames 5 \
  --screenshot "$tmp/projector.png"
[[ $rc -eq 0 ]] || fail "exit code $rc"
"$png_check" "$tmp/projector.png" 1280 720 || fail "screenshot check"
grep -q "^partlab: wrote $tmp/projector.png" "$tmp/out" || fail "no screenshot line"
if grep -q "^partlab: cut off:" "$tmp/out"; then
  fail "$view ($language) at 1280x720: $(grep -c '^partlab: cut off:' "$tmp/out") windows cut" \
    "something off"
fi
echo "projector_smoke $view ($language): ok"
