#!/usr/bin/env python3
"""Keeps the app layer's shape (docs/architecture.md, "The shape of a view"):

  * every app/views/**/*_view.h at most 150 lines and its view class at most 25 data members;
  * no view header includes ImGui or GLFW (a view's header says what it holds, not how it draws);
  * no file under app/ over 600 lines;
  * no feature folder app/views/<a>/ includes another feature folder app/views/<b>/;
  * the layers below the views include none of them: app/view.h, app/view/*, app/lessons/* and
    app/command_line.* include nothing under app/views/, and app/view.h does not include
    app/command_line.h (a view is handed its flags through AppContext, app/view/view_flags.h);
  * the engine loop owns the lessons one way: nothing under app/lessons/ includes
    app/engine_loop.h (the lessons reach the loop through app/lessons/lesson_host.h).

A file not yet brought within a limit is listed in ALLOWED below with its figure today: the check
fails when it grows past that figure, and also when it has come down, so that the entry is lowered
with the change that lowered it. The lists can only shrink.

  scripts/check-view-shape.py [REPO_ROOT]      (ctest: view_shape, label unit)
  scripts/check-view-shape.py --figures [REPO_ROOT]   prints each view header's lines and members
"""
import os
import re
import sys

MAX_VIEW_LINES = 150
MAX_VIEW_MEMBERS = 25
MAX_APP_LINES = 600

# path -> the figure it may not exceed (its figure today).
ALLOWED_VIEW_LINES = {
}
ALLOWED_VIEW_MEMBERS = {}
ALLOWED_VIEW_UI_INCLUDES = {}
ALLOWED_APP_LINES = {}
# "app/views/a -> b": includes of feature b from feature a that may remain.
ALLOWED_CROSS_FEATURE = set()

UI_INCLUDE = re.compile(r'^\s*#\s*include\s*[<"](imgui[^>"]*|GLFW/[^>"]*)[>"]', re.M)
FEATURE_INCLUDE = re.compile(r'^\s*#\s*include\s*"app/views/([^/"]+)/', re.M)
VIEWS_INCLUDE = re.compile(r'^\s*#\s*include\s*"(app/views/[^"]*)"', re.M)


def includes(text, header):
    return re.search(r'^\s*#\s*include\s*"' + re.escape(header) + '"', text, re.M) is not None


def below_the_views(path):
    """The files the views build on, which must not include any view."""
    return (path == "app/view.h" or path.startswith(("app/view/", "app/lessons/")) or
            path in ("app/command_line.h", "app/command_line.cpp"))


def layer_problems(path, text):
    problems = []
    if below_the_views(path):
        for header in sorted(set(VIEWS_INCLUDE.findall(text))):
            problems.append(f"{path}: includes {header} (the views build on this file, not the "
                            "reverse)")
    if path == "app/view.h" and includes(text, "app/command_line.h"):
        problems.append("app/view.h: includes app/command_line.h (hand a view what it needs "
                        "through AppContext, app/view/view_flags.h)")
    if path.startswith("app/lessons/") and includes(text, "app/engine_loop.h"):
        problems.append(f"{path}: includes app/engine_loop.h (the loop owns the lessons; they "
                        "reach it through app/lessons/lesson_host.h)")
    return problems


def strip_comments_and_strings(text):
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r'"(\\.|[^"\\])*"', '""', text)


def strip_angles(text):
    """Removes template argument lists, so std::function<void(int)> has no parenthesis."""
    previous = None
    while previous != text:
        previous = text
        text = re.sub(r"<[^<>;{}]*>", "", text)
    return text


def split_top_level(text, sep=","):
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    parts.append(current)
    return parts


SKIP_WORDS = ("using", "friend", "typedef", "static", "enum", "struct", "class", "template",
              "namespace")


def data_members(text):
    """The data members declared in the body of each class whose name ends in View: statements at
    the class's own brace depth that declare no function (a parenthesis before any '=')."""
    text = strip_comments_and_strings(text)
    counts = {}
    for m in re.finditer(r"\b(?:class|struct)\s+(\w*View)\b[^;{]*\{", text):
        i, depth, statement, count = m.end(), 1, "", 0
        while i < len(text) and depth > 0:
            ch = text[i]
            i += 1
            if ch == "{":
                depth += 1
                if depth == 2:
                    statement += ch
                continue
            if ch == "}":
                depth -= 1
                if depth == 1:
                    statement += ch
                    # A function body ends its statement; a brace initialiser does not.
                    if "(" in strip_angles(statement).split("=")[0]:
                        statement = ""
                continue
            if depth != 1:
                continue
            if ch == ";":
                s = re.sub(r"\b(public|private|protected)\s*:", "", statement).strip()
                s = strip_angles(s)
                first = s.split()[0] if s.split() else ""
                if s and first not in SKIP_WORDS and "(" not in s.split("=")[0].split("{")[0]:
                    count += len(split_top_level(s))
                statement = ""
            else:
                statement += ch
        counts[m.group(1)] = counts.get(m.group(1), 0) + count
    return sum(counts.values())


def check(root):
    problems = []

    def limit(path, figure, maximum, allowed, what):
        cap = allowed.get(path, maximum)
        if figure > cap:
            problems.append(f"{path}: {figure} {what}, more than {cap}")
        elif path in allowed and figure < cap:
            problems.append(f"{path}: {figure} {what}, below its allowance {cap}: lower it in "
                            f"scripts/check-view-shape.py (or drop the entry at {maximum} or less)")

    for directory, _, files in os.walk(os.path.join(root, "app")):
        for name in sorted(files):
            full = os.path.join(directory, name)
            path = os.path.relpath(full, root)
            if not name.endswith((".h", ".cpp")):
                continue
            with open(full, encoding="utf-8") as f:
                text = f.read()
            lines = text.count("\n")
            limit(path, lines, MAX_APP_LINES, ALLOWED_APP_LINES, "lines")
            problems.extend(layer_problems(path.replace(os.sep, "/"), text))
            parts = path.split(os.sep)
            if len(parts) >= 4 and parts[:2] == ["app", "views"]:
                feature = parts[2]
                for other in sorted(set(FEATURE_INCLUDE.findall(text)) - {feature}):
                    key = f"app/views/{feature} -> {other}"
                    if key not in ALLOWED_CROSS_FEATURE:
                        problems.append(f"{path}: includes the feature folder app/views/{other}/ "
                                        "(move what both use down a layer)")
            if name.endswith("_view.h") and parts[:2] == ["app", "views"]:
                limit(path, lines, MAX_VIEW_LINES, ALLOWED_VIEW_LINES, "lines")
                limit(path, data_members(text), MAX_VIEW_MEMBERS, ALLOWED_VIEW_MEMBERS,
                      "data members")
                limit(path, len(UI_INCLUDE.findall(text)), 0, ALLOWED_VIEW_UI_INCLUDES,
                      "ImGui/GLFW includes")
    return problems


def figures(root):
    """Each app/views/**/*_view.h: its lines and its view class's data members."""
    for directory, _, files in sorted(os.walk(os.path.join(root, "app", "views"))):
        for name in sorted(files):
            if name.endswith("_view.h"):
                with open(os.path.join(directory, name), encoding="utf-8") as f:
                    text = f.read()
                path = os.path.relpath(os.path.join(directory, name), root)
                print(f"{path}: {text.count(chr(10))} lines, {data_members(text)} data members")


def main():
    args = sys.argv[1:]
    show = "--figures" in args
    args = [a for a in args if a != "--figures"]
    root = args[0] if args else os.path.join(os.path.dirname(__file__), "..")
    if show:
        figures(os.path.abspath(root))
        return 0
    problems = check(os.path.abspath(root))
    for p in problems:
        print(f"check-view-shape: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
