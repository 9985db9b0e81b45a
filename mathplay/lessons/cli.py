"""``mathplay lessons``: build the notebooks, check the lessons, start a new lesson.

``mathplay lessons build [PATH...]`` writes ``NN-name.ipynb`` next to each lesson;
``mathplay lessons check [--build] [PATH...]`` reports problems as ``FILE:LINE: message``
(exit status 1 if there are any; ``--build`` first writes the notebooks, so that editing
a lesson and checking it is one step); ``mathplay lessons new NAME`` writes a lesson to start from;
``mathplay lessons release DIR`` writes the lessons for pupils into DIR: the notebooks and
their puzzle files, with no teachers' pages and no answer a pupil can read
(:mod:`mathplay.lessons.release`).
A PATH is a lesson file or a folder of them; the default is ``lessons/``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from mathplay.i18n import _, _n

__all__ = ["add_parser"]

DEFAULT_FOLDER = "lessons"


def _build(args: argparse.Namespace) -> int:
    from mathplay.lessons.notebook import write_notebook
    from mathplay.lessons.source import LessonError, find_lessons, read_lesson

    failed = 0
    for path in find_lessons(args.paths or [DEFAULT_FOLDER]):
        try:
            lesson = read_lesson(path)
            changed = write_notebook(lesson)
        except LessonError as error:
            print(error, file=sys.stderr)
            failed += 1
            continue
        except (MemoryError, RecursionError) as error:
            message = _("this lesson is too big or too deeply nested to check ({error})")
            print(f"{path}:1: {message.format(error=type(error).__name__)}", file=sys.stderr)
            failed += 1
            continue
        if changed:
            print(_("wrote {path}").format(path=lesson.notebook_path))
        else:
            print(_("{path} is up to date").format(path=lesson.notebook_path))
        from mathplay.lessons.teacher import page_path, write_page

        if write_page(lesson):
            print(_("wrote {path}").format(path=page_path(lesson)))
    return 1 if failed else 0


def _check(args: argparse.Namespace) -> int:
    from mathplay.lessons.check import check_paths

    if args.build:
        _build(args)
    count, problems = check_paths(args.paths or [DEFAULT_FOLDER])
    for problem in problems:
        print(problem)
    errors = [problem for problem in problems if not problem.warning]
    warnings = len(problems) - len(errors)
    checked = _n("{n} lesson checked", "{n} lessons checked", count).format(n=count)
    if errors:
        to_fix = _n("{n} problem to fix", "{n} problems to fix", len(errors))
        print(f"{checked}: {to_fix.format(n=len(errors))}")
        return 1
    summary = _("{checked}, no problems").format(checked=checked)
    if warnings:
        summary += " " + _n("({n} warning)", "({n} warnings)", warnings).format(n=warnings)
    print(summary)
    return 0


def _new(args: argparse.Namespace) -> int:
    from mathplay.lessons.source import LessonError
    from mathplay.lessons.template import new_lesson

    try:
        written = new_lesson(args.name, args.folder)
    except LessonError as error:
        print(_("mathplay lessons new: {error}").format(error=error), file=sys.stderr)
        return 1
    for path in written:
        print(_("wrote {path}").format(path=path))
    print(
        _(
            "Now write the lesson in {path}, then run: mathplay lessons check --build {path} "
            "(it builds the notebook and checks the lesson)"
        ).format(path=written[0])
    )
    return 0


def _print(args: argparse.Namespace) -> int:
    from pathlib import Path

    from mathplay.puzzles.cli import print_sheet
    from mathplay.puzzles.printed import default_names

    folder = Path(args.folder) / "puzzles"
    found = sorted(folder.glob(f"{args.number}-*.toml")) if args.number.isdigit() else []
    if len(args.number) != 2 or len(found) != 1:
        print(
            _("mathplay lessons print: there is no lesson {number} with a puzzle file in "
              "{folder} (give its two digits, like 05)").format(number=args.number, folder=folder),
            file=sys.stderr,
        )  # fmt: skip
        return 1
    out = Path(args.output)
    out.mkdir(parents=True, exist_ok=True)
    suffix = ".html" if args.html else ".pdf"
    status = 0
    for answers in (False, True):
        target = out / default_names(found[0], answers, suffix)
        status = max(status, print_sheet(str(found[0]), str(target), answers, args.paper))
    return status


def _release(args: argparse.Namespace) -> int:
    from mathplay.lessons.release import ReleaseError, release

    try:
        done = release(args.folder, args.dir, force=args.force)
    except ReleaseError as error:
        print(_("mathplay lessons release: {error}").format(error=error), file=sys.stderr)
        return 1
    for problem in done.problems:
        print(problem, file=sys.stderr)
    for path, why in done.left_out:
        print(_("left out {path}: {why}").format(path=path, why=why))
    for path in done.kept:
        print(
            _("kept {path}: it was changed since it was released (--force replaces it)").format(
                path=path
            )
        )
    notebooks = sum(1 for path in done.written if path.suffix == ".ipynb")
    print(
        _n(
            "released {n} lesson notebook into {folder}, with {answers} answers kept as hashes",
            "released {n} lesson notebooks into {folder}, with {answers} answers kept as hashes",
            notebooks,
        ).format(n=notebooks, folder=args.dir, answers=done.hashed)
    )
    if done.problems:
        count = len(done.problems)
        print(
            _n("{n} lesson was not released", "{n} lessons were not released", count).format(
                n=count
            ),
            file=sys.stderr,
        )
        return 1
    return 0


def add_parser(commands: Any) -> argparse.ArgumentParser:
    """Add ``lessons`` and its subcommands to the ``mathplay`` command's subparsers."""
    lessons: argparse.ArgumentParser = commands.add_parser(
        "lessons", help=_("build, check and start lessons written as text (MyST Markdown)")
    )
    sub = lessons.add_subparsers(dest="lessons_command", required=True)
    paths_help = _("lesson files (.md) or folders of them; default lessons/")
    builder = sub.add_parser("build", help=_("write each lesson's notebook next to it"))
    builder.add_argument("paths", nargs="*", metavar="PATH", help=paths_help)
    builder.set_defaults(run=_build)
    checker = sub.add_parser(
        "check", help=_("check equations, puzzles and notebooks; exit status 1 on any problem")
    )
    checker.add_argument("paths", nargs="*", metavar="PATH", help=paths_help)
    checker.add_argument(
        "--build",
        action="store_true",
        help=_("first write each lesson's notebook (as lessons build does), then check"),
    )
    checker.set_defaults(run=_check)
    maker = sub.add_parser("new", help=_("write a new lesson to start from, and its puzzles"))
    maker.add_argument("name", metavar="NAME", help=_("like fractions, or 10-fractions"))
    maker.add_argument(
        "--folder", default=DEFAULT_FOLDER, help=_("the lessons' folder; default lessons/")
    )
    maker.set_defaults(run=_new)
    printer = sub.add_parser(
        "print", help=_("write a lesson's worksheet and its answer key, ready to print")
    )
    printer.add_argument("number", metavar="NN", help=_("the lesson's two digits, like 05"))
    printer.add_argument(
        "-o", "--output", default=".", metavar="DIR", help=_("where to write; default here")
    )
    printer.add_argument("--html", action="store_true", help=_("HTML pages, not PDF"))
    printer.add_argument(
        "--paper", choices=["a4", "letter"], default="a4", help=_("the paper size; default a4")
    )
    printer.add_argument(
        "--folder", default=DEFAULT_FOLDER, help=_("the lessons' folder; default lessons/")
    )
    printer.set_defaults(run=_print)
    releaser = sub.add_parser(
        "release",
        help=_("write the lessons for pupils into a folder: no teachers' pages, no answers"),
    )
    releaser.add_argument(
        "dir", metavar="DIR", help=_("the pupils' folder, like pupils/ (made if needed)")
    )
    releaser.add_argument(
        "--folder", default=DEFAULT_FOLDER, help=_("the lessons' folder; default lessons/")
    )
    releaser.add_argument(
        "--force",
        action="store_true",
        help=_("also replace the notebooks changed since they were released"),
    )
    releaser.set_defaults(run=_release)
    return lessons
