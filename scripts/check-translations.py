#!/usr/bin/env python3
"""Every string the UI shows, in both languages (app/i18n/translate.h, po/).

  check-translations.py catalogue   every _() and N_() string of app/ and engine/ (collected by
                                    xgettext) has a Brazilian Portuguese translation in
                                    po/pt_BR.po, none is fuzzy, and po/pt_BR.po holds no
                                    translation of a string no longer in the code (an orphan)
  check-translations.py unwrapped   no English text reaches ImGui, the status bar or a notice
                                    without _(): the text arguments of the calls listed in
                                    SHOWN_BY are read, and a literal with a word in it must be
                                    wrapped. A line may opt out with "// untranslated: WHY" (a
                                    proper name, a file name, a unit symbol). The sentences the
                                    engine words itself are read too (engine/text/translatable.h):
                                    the problem of a file's error line and the BSP's reasons
                                    (the calls in WORDED_BY and the literals assigned to an
                                    error, note, problem or why, in app/ and engine/) and the
                                    reasons of every ValueRange (a clamp note's "(why)") must be
                                    marked.
  check-translations.py pot FILE    writes the template (po/partlab.pot is never committed)

English is the source language: an English msgid is its own translation. Exit 1 names each
problem as FILE:LINE: what.
"""
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
PO = ROOT / "po" / "pt_BR.po"
SOURCES = ("app", "engine")
# Folders and files whose text is not wrapped yet; the unwrapped check skips them. Empty when
# the whole UI is translated.
PENDING = ROOT / "scripts" / "i18n-pending.txt"

# Calls whose string arguments the user reads (first argument the label or format), and the
# ImGui calls whose first string is an ID nobody sees (skipped).
SHOWN_BY = (
    "Text TextWrapped TextDisabled TextColored BulletText LabelText Button SmallButton Checkbox "
    "RadioButton Selectable MenuItem BeginMenu Begin CollapsingHeader TreeNode TreeNodeEx "
    "SetTooltip SliderInt SliderFloat SliderInt2 SliderFloat2 SliderFloat3 SliderAngle DragFloat "
    "DragInt DragFloat2 DragFloat3 InputText InputInt InputFloat Combo BeginCombo "
    "TableSetupColumn PlotLines PlotHistogram BeginTabItem BeginPopupModal ColorEdit3 ColorEdit4 "
    "ProgressBar TextUnformatted"
).split()
APP_CALLS = ("ShowStatus", "Tip", "Tooltip", "HelpMarker", "Notice", "Note", "Warn", "Error",
             "SetStatus", "DrawNoteLine", "DrawErrorLine", "DrawNoticeLine")

LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"')

# The sentences worded where they happen, app or engine: a file's error line ("FILE:LINE: "
# + problem), a flag's error, a settings note, the semi-adjusting BSP's reasons (op_reason.h).
WORDED_BY = ("Fail", "fail", "Error", "Stop", "At", "Reject", "ValidationError", "AppendNote",
             "FormatReason", "FormatText", "Formatted")

CALL = re.compile(r"\b(?:ImGui::(" + "|".join(SHOWN_BY) + r")|(" + "|".join(APP_CALLS) +
                  r"))\s*\(")
WORDED = re.compile(r"(?<!\w)(" + "|".join(WORDED_BY) + r")\s*\(")
# ... and the ones assigned to the fields and variables that carry them: error = "...";
ASSIGNED = re.compile(r"(?<![\w.])(?:\w+\.)?(?:problem|error|note|why|violation)_?\s*=\s*(?!=)")
# ... and the literals a function returns as its error or notice, in the files whose functions
# return one (a lesson verb's failed check, a plugin's load error): `return "no ray was shot";`.
# Only these files: elsewhere a returned literal is mostly a key or a name nobody reads as prose.
# The lesson verbs' files (app/views/*/..._lesson_verbs.cpp, app/view/lesson_verbs.cpp,
# app/lessons/lesson_player.cpp) are among them: the lesson panel shows what they return.
RETURNS_SHOWN = ("engine/plugins/", "engine/ai/predator_script.cpp", "engine/ai/lua_sandbox.cpp",
                 "app/views/simulation/sim_lesson_verbs.cpp",
                 "app/views/octree/octree_lesson_verbs.cpp",
                 "app/views/dynamics/dynamics_lesson_verbs.cpp",
                 "app/views/trace_check/trace_check_lesson_verbs.cpp",
                 "app/views/pathfinding/pathfinding_lesson_verbs.cpp", "app/view/lesson_verbs.cpp",
                 "app/views/mesh/mesh_lesson_verbs.cpp", "app/lessons/lesson_player.cpp")
RETURNED = re.compile(r"(?<![\w.])return\s+(?!;)")
# A range's reasons: {lo, hi, "why lo", "why hi"} (engine/params/clamped_value.h's ValueRange).
REASON = r'((?:N_\(\s*)?)(' + LITERAL.pattern + r'(?:\s*' + LITERAL.pattern + r')*)\)?'
RANGE = re.compile(r'\{\s*[^{}";,()]+,\s*[^{}";,()]+,\s*' + REASON + r'\s*,\s*' + REASON + r'\s*\}')
FORMAT = re.compile(r"%[-+ 0#]*(\d+|\*)?(\.(\d+|\*))?(hh|h|ll|l|z|j|t|L)?[diouxXeEfgGaAcsp%]")
WORD = re.compile(r"[A-Za-zÀ-ÿ]{2,}")


def sources():
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix in (".h", ".cpp") and "render" not in path.relative_to(ROOT).parts[:2]:
                yield path


def write_pot(out):
    files = [str(p.relative_to(ROOT)) for p in sources()
             if re.search(r'\bN?_\("', p.read_text(encoding="utf-8"))]
    if not files:
        pathlib.Path(out).write_text("", encoding="utf-8")
        return
    # With its header (charset UTF-8): without one xgettext writes msgids as ASCII, dropping the
    # accents of the texts' quotes ("serão" became "sero") and warning of invalid sequences.
    subprocess.run(["xgettext", "--language=C++", "--from-code=UTF-8", "--keyword=_",
                    "--keyword=N_", "--add-location=file", "--sort-by-file", "--no-wrap", "-o",
                    str(out)] + files, cwd=ROOT, check=True)


def unquote(parts):
    text = "".join(parts)
    return bytes(text, "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")


def read_catalogue(path):
    """{(msgctxt, msgid): (msgstr, fuzzy, line)} from a .po or .pot file."""
    entries, field, values, fuzzy, line, start = {}, None, {}, False, 0, 0

    def flush():
        nonlocal values, fuzzy
        if "msgid" in values:
            key = (unquote(values.get("msgctxt", [])), unquote(values["msgid"]))
            strs = [unquote(v) for k, v in sorted(values.items()) if k.startswith("msgstr")]
            entries[key] = (strs, fuzzy, start)
        values, fuzzy = {}, False

    for line, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        raw = raw.strip()
        if raw.startswith("#,") and "fuzzy" in raw:
            fuzzy = True
        if not raw or raw.startswith("#"):
            if not raw and values:
                flush()
            continue
        m = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+"(.*)"$', raw)
        if m:
            if m.group(1) in ("msgctxt", "msgid") and "msgstr" in "".join(values):
                flush()
            if m.group(1) in ("msgctxt", "msgid") and not values:
                start = line
            field = m.group(1)
            values[field] = [m.group(2)]
        elif raw.startswith('"') and field:
            values[field].append(raw[1:-1])
    flush()
    return entries


def check_catalogue():
    with tempfile.TemporaryDirectory() as tmp:
        pot_path = pathlib.Path(tmp) / "partlab.pot"
        write_pot(pot_path)
        shown = read_catalogue(pot_path) if pot_path.read_text(encoding="utf-8") else {}
        pot_text = pot_path.read_text(encoding="utf-8")
    po = read_catalogue(PO)
    problems = []
    for key in shown:
        where = re.search(r"#: (\S+)\n(?:#.*\n)*msgid " + re.escape('"' + key[1][:20]), pot_text)
        origin = where.group(1) if where else "the code"
        if key not in po:
            problems.append(f"{origin}: no pt_BR translation of {key[1]!r} in po/pt_BR.po")
        elif not all(po[key][0]) or po[key][1]:
            problems.append(f"po/pt_BR.po:{po[key][2]}: {key[1]!r} is "
                            f"{'fuzzy' if po[key][1] else 'untranslated'}")
    for key, (_, _, line) in po.items():
        if key[1] and key not in shown:
            problems.append(f"po/pt_BR.po:{line}: orphan: {key[1]!r} is no longer in the code")
    return problems


def pending():
    if not PENDING.exists():
        return []
    return [l.strip() for l in PENDING.read_text().splitlines()
            if l.strip() and not l.startswith("#")]


def call_arguments(text, open_paren):
    depth, i = 0, open_paren
    while i < len(text):
        c = text[i]
        if c == '"':
            m = LITERAL.match(text, i)
            i = m.end() if m else i + 1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return text[open_paren + 1:i]
        i += 1
    return text[open_paren + 1:]


def shows_words(literal):
    body = literal[1:-1].split("##")[0].replace("partlab", "")  # the program's name
    return WORD.search(FORMAT.sub(" ", re.sub(r"\\.", " ", body))) is not None


def unwrapped_literals(text, start, args):
    """(offset in text, literal) of each literal of `args` (starting at `start`) with a word in
    it that no _( or N_( wraps."""
    for lit in LITERAL.finditer(args):
        before = args[:lit.start()].rstrip()
        if before.endswith("_(") or before.endswith("N_(") or not shows_words(lit.group()):
            continue
        # A literal joined to a wrapped one ("..." "...") inside _( is wrapped too.
        if re.search(r'N?_\(\s*(?:"(?:[^"\\]|\\.)*"\s*)+$', before):
            continue
        yield start + lit.start(), lit.group()


def check_unwrapped():
    skip = pending()
    problems = []
    for path in sources():
        rel = str(path.relative_to(ROOT))
        if rel.startswith("app/i18n/") or rel.startswith("engine/text/") or \
                any(rel == p or rel.startswith(p.rstrip("/") + "/") for p in skip):
            continue
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()

        def report(offset, literal, what):
            line = text.count("\n", 0, offset) + 1
            if "untranslated:" in lines[line - 1] or "untranslated:" in lines[line - 2]:
                return
            problems.append(f"{rel}:{line}: {literal[:60]} {what}")

        calls = [(c, "is shown without _()") for c in CALL.finditer(text)] if \
            rel.startswith("app/") else []
        calls += [(c, "is worded without N_() or _()") for c in WORDED.finditer(text)]
        for call, what in calls:
            start = call.end()
            for offset, literal in unwrapped_literals(text, start, call_arguments(text, start - 1)):
                report(offset, literal, what)
        for a in ASSIGNED.finditer(text):
            end = text.find(";", a.end())
            for offset, literal in unwrapped_literals(text, a.end(), text[a.end():end]):
                report(offset, literal, "is worded without N_() or _()")
        if rel.startswith(RETURNS_SHOWN):
            for r in RETURNED.finditer(text):
                end = text.find(";", r.end())
                for offset, literal in unwrapped_literals(text, r.end(), text[r.end():end]):
                    report(offset, literal, "is returned as an error without N_() or _()")
        for r in RANGE.finditer(text):
            for mark, g in ((1, 2), (3, 4)):
                if shows_words(r.group(g)) and not r.group(mark):
                    report(r.start(g), r.group(g), "is a range's reason without N_()")
    return problems


def main(argv):
    if len(argv) == 3 and argv[1] == "pot":
        write_pot(argv[2])
        return 0
    if len(argv) != 2 or argv[1] not in ("catalogue", "unwrapped"):
        print(__doc__, file=sys.stderr)
        return 2
    problems = check_catalogue() if argv[1] == "catalogue" else check_unwrapped()
    for p in problems:
        print(p)
    if problems:
        print(f"check-translations: {len(problems)} problem(s)", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
