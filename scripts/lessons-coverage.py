#!/usr/bin/env python3
"""Which figures of the three texts the lessons draw: docs/lessons-coverage.md.

Reads docs/figures/figures.toml (every figure of the texts, with its caption and, when no lesson
step draws it, why) and the `figures` lists of the steps of assets/lessons/*.toml, checks them
against each other and against the texts' own captions, and writes docs/lessons-coverage.md.

    scripts/lessons-coverage.py            write docs/lessons-coverage.md
    scripts/lessons-coverage.py --check    exit 1, one line per problem, when the list, the lessons
                                           or the written file disagree (the ctest
                                           lessons_coverage)
    --papers DIR                           where the texts are (default: shared/papers beside the
                                           repository or one of its parents, as README.md says)

Problems found: a figure of a text missing from the list, or listed with a caption the text does
not write; a figure with neither a lesson step nor a reason; a step naming a figure that is not in
the list, or one marked not drawable or without a step; docs/lessons-coverage.md not what this
script writes now.
"""
import argparse
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIGURES = ROOT / "docs" / "figures" / "figures.toml"
LESSONS = ROOT / "assets" / "lessons"
OUTPUT = ROOT / "docs" / "lessons-coverage.md"
FIGURE_KEYS = {"id", "caption", "not_drawable", "no_step", "note"}

# A caption line of the texts: "Figura 5 – ...", "Figura 3.3: ...", "Figura 2.1 - ...",
# "Figura 3.15. ...", "Figura 6.9 (a)-(d): ...". Lines of the thesis's list of figures end in a
# page number after dots or a tab and are not captions; "Figura 19 mostra ..." is a sentence.
CAPTION_LINE = re.compile(r"^Figura (\d+(?:\.\d+)?)(?:\s*[–:.-]\s|\s+(?=\([a-z]\)))")
LIST_OF_FIGURES_LINE = re.compile(r"(\.{3,}|\t)\s*\d+\s*$")


def find_papers(given):
    if given:
        return Path(given)
    for parent in ROOT.parents:
        candidate = parent / "shared" / "papers"
        if candidate.is_dir():
            return candidate
    return None


def one_space(text):
    return " ".join(text.split())


def text_figures(path):
    """The figure numbers a text captions, in order."""
    numbers = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if LIST_OF_FIGURES_LINE.search(line):
            continue
        match = CAPTION_LINE.match(line)
        if match:
            numbers.append(match.group(1))
    return numbers


def check_against_texts(catalogue, papers, problems):
    """Every captioned figure of every text is listed, once, with the text's own caption."""
    for key, text in catalogue["texts"].items():
        path = papers / text["file"]
        if not path.is_file():
            problems.append(f"{path}: the text is missing")
            continue
        whole = one_space(path.read_text(encoding="utf-8"))
        in_text = text_figures(path)
        listed = [f for f in catalogue["figure"] if f["id"].split()[0] == key]
        listed_numbers = [f["id"].split()[1] for f in listed]
        for number in in_text:
            if number not in listed_numbers:
                problems.append(f"{FIGURES.name}: {key} {number} is captioned in {path.name} "
                                "but not listed")
        for figure in listed:
            number = figure["id"].split()[1]
            if number not in in_text:
                problems.append(f"{FIGURES.name}: {figure['id']} has no caption in {path.name}")
                continue
            caption = re.escape(one_space(figure["caption"]))
            if not re.search(rf"Figura {re.escape(number)}\s*[–:.-]?\s*{caption}", whole):
                problems.append(f"{FIGURES.name}: {figure['id']}: {path.name} does not caption "
                                f"it '{figure['caption']}'")


def read_catalogue(problems):
    try:
        catalogue = tomllib.loads(FIGURES.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        sys.exit(f"lessons-coverage: {FIGURES.relative_to(ROOT)}: {error}")
    if not isinstance(catalogue.get("texts"), dict) or not isinstance(catalogue.get("figure"), list):
        sys.exit(f"lessons-coverage: {FIGURES.name}: needs a [texts] table and [[figure]] entries")
    seen = set()
    for figure in catalogue["figure"]:
        if not isinstance(figure.get("id"), str) or not isinstance(figure.get("caption"), str):
            sys.exit(f"lessons-coverage: {FIGURES.name}: a [[figure]] without an id or a caption "
                     f"string: {figure}")
        fid = figure["id"]
        for key in figure.keys() - FIGURE_KEYS:
            problems.append(f"{FIGURES.name}: {fid}: unknown key '{key}'")
        if not re.fullmatch(r"[a-z]+ \d+(\.\d+)?", fid) or fid.split()[0] not in catalogue["texts"]:
            problems.append(f"{FIGURES.name}: '{fid}' is not TEXT NUMBER with TEXT one of "
                            f"{', '.join(catalogue['texts'])}")
        if fid in seen:
            problems.append(f"{FIGURES.name}: {fid} is listed twice")
        seen.add(fid)
        if "not_drawable" in figure and "no_step" in figure:
            problems.append(f"{FIGURES.name}: {fid} is both not drawable and drawable without a step")
    return catalogue


def read_lesson_steps(catalogue, problems):
    """{figure id: [(lesson file name, step number, step title)]} from the lessons' steps."""
    by_id = {f["id"]: f for f in catalogue["figure"]}
    shown = {}
    for path in sorted(LESSONS.glob("*.toml")):
        try:
            lesson = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            problems.append(f"{path.name}: not TOML: {error}")
            continue
        for number, step in enumerate(lesson.get("step", []), start=1):
            for fid in step.get("figures", []):
                where = f"{path.name}: step {number} ('{step['title']}')"
                figure = by_id.get(fid)
                if figure is None:
                    problems.append(f"{where} names '{fid}', not a figure of {FIGURES.name}")
                elif "not_drawable" in figure:
                    problems.append(f"{where} names {fid}, which {FIGURES.name} marks not drawable")
                elif "no_step" in figure:
                    problems.append(f"{where} names {fid}, which {FIGURES.name} says no step "
                                    "draws (remove its no_step)")
                else:
                    shown.setdefault(fid, []).append((path.name, number, step["title"]))
    for figure in catalogue["figure"]:
        fid = figure["id"]
        if fid not in shown and "not_drawable" not in figure and "no_step" not in figure:
            problems.append(f"{FIGURES.name}: {fid} has neither a lesson step that names it nor "
                            "a reason (not_drawable or no_step)")
    return shown


def cell(text):
    return one_space(text).replace("|", "\\|")


def render(catalogue, shown):
    figures = catalogue["figure"]
    drawable = [f for f in figures if "not_drawable" not in f]
    with_step = [f for f in drawable if f["id"] in shown]
    share = 100.0 * len(with_step) / len(drawable) if drawable else 0.0
    lines = [
        "# Every figure of the three texts, and the lesson step that draws it",
        "",
        "Generated by `scripts/lessons-coverage.py` from `docs/figures/figures.toml` (each figure's",
        "caption as the text writes it, and why a figure has no step) and the `figures` list of",
        "each lesson step (`assets/lessons/*.toml`, [docs/lessons.md](lessons.md)); do not edit.",
        "The ctest `lessons_coverage` fails when a figure has neither a step nor a reason, when a",
        "lesson names a figure not in the list, or when this page is not what the script writes.",
        "",
        f"**Drawable figures with a lesson step: {len(with_step)} of {len(drawable)} "
        f"({share:.0f} %).** Not drawable: {len(figures) - len(drawable)}. "
        f"Figures in the three texts: {len(figures)}.",
        "",
    ]
    for key, text in catalogue["texts"].items():
        own = [f for f in figures if f["id"].split()[0] == key]
        own_drawable = [f for f in own if "not_drawable" not in f]
        own_shown = [f for f in own_drawable if f["id"] in shown]
        lines += [
            f"## {text['name']} (`{text['file']}`)",
            "",
            f"{len(own)} figures, {len(own_drawable)} drawable, {len(own_shown)} with a step.",
            "",
            "| Figure | Caption | Drawn by |",
            "| --- | --- | --- |",
        ]
        for figure in own:
            fid = figure["id"]
            if fid in shown:
                where = "; ".join(f"[{name}](../assets/lessons/{name}) step {number}: {title}"
                                  for name, number, title in shown[fid])
                if "note" in figure:
                    where += f". {figure['note']}"
            elif "not_drawable" in figure:
                where = f"Not drawable: {figure['not_drawable']}"
            elif "no_step" in figure:
                where = f"**No step yet.** {figure['no_step']}"
            else:
                where = "**Neither a step nor a reason.**"
            lines.append(f"| {fid.split()[1]} | {cell(figure['caption'])} | {cell(where)} |")
        lines.append("")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="check only; exit 1 when anything disagrees")
    parser.add_argument("--papers", help="the directory holding the three texts")
    args = parser.parse_args()

    problems = []
    catalogue = read_catalogue(problems)
    papers = find_papers(args.papers)
    if papers is None:
        print("lessons-coverage: the texts (shared/papers) were not found beside the repository; "
              "captions not checked (give --papers DIR)", file=sys.stderr)
    else:
        check_against_texts(catalogue, papers, problems)
    shown = read_lesson_steps(catalogue, problems)
    page = render(catalogue, shown)
    if args.check:
        if not OUTPUT.is_file() or OUTPUT.read_text(encoding="utf-8") != page:
            problems.append(f"{OUTPUT.relative_to(ROOT)} is not what scripts/lessons-coverage.py "
                            "writes now: run it")
    else:
        OUTPUT.write_text(page, encoding="utf-8")
    for problem in problems:
        print(f"lessons-coverage: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
