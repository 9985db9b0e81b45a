"""``mathplay puzzles``: check puzzle files, generate sets, write student notebooks.

>>> main(["check", "arithmetic"])
arithmetic: 8 puzzles, all fine.
0
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

from mathplay.errors import MathplayError
from mathplay.i18n import _, _n
from mathplay.puzzles.format import read_file, read_text, write
from mathplay.puzzles.generate import KIND_LEVELS, generate
from mathplay.puzzles.luck import HORIZON, LIMIT, PracticeLuck, percent, practice_report
from mathplay.puzzles.model import PuzzleFileError
from mathplay.puzzles.notebook import write_notebook
from mathplay.puzzles.validate import check_text, resolve

__all__ = ["add_parser", "main"]


def _check(args: argparse.Namespace) -> int:
    failed = 0
    for name in args.files:
        try:
            text, _shown = read_file(resolve(name))
        except PuzzleFileError as error:
            problems = error.problems
            count = None
        else:
            problems = check_text(text, name)
            sheet, _format_problems = read_text(text, name)
            count = len(sheet.puzzles) if sheet else 0
            if sheet is not None and not [p for p in problems if not p.warning]:
                for options, luck in practice_report(sheet, name, text)[0]:
                    print(_luck_line(name, options, luck))
        errors = [problem for problem in problems if not problem.warning]
        for problem in problems:
            print(problem)
        if errors:
            failed += 1
            print(
                _n("{name}: 1 problem to fix.", "{name}: {n} problems to fix.", len(errors)).format(
                    name=name, n=len(errors)
                )
            )
        elif problems:
            print(
                _n(
                    "{name}: {count} puzzles, no errors, 1 warning.",
                    "{name}: {count} puzzles, no errors, {n} warnings.",
                    len(problems),
                ).format(name=name, count=count, n=len(problems))
            )
        else:
            print(_("{name}: {count} puzzles, all fine.").format(name=name, count=count))
    return 1 if failed else 0


def _luck_line(name: str, options: dict[str, Any], luck: PracticeLuck) -> str:
    """One practice's chance of being mastered by guessing, for a teacher."""
    skills = options.get("skills") or [f"{options.get('kind')}-{options.get('level')}"]
    return _(
        "{name}: practice ({skills}; {goal} right in a row, {each} in every skill): a pupil "
        "who guesses masters it within {n} puzzles {chance} of the time (limit {limit})"
    ).format(
        name=name,
        skills=", ".join(skills),
        goal=luck.goal,
        each=luck.each,
        n=HORIZON,
        chance=percent(luck.chance),
        limit=percent(LIMIT),
    )


class _Bar:
    """A text progress bar on standard error, shown for long runs."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def __call__(self, done: int, total: int) -> None:
        filled = round(20 * done / total)
        self.stream.write(
            f"\r{_('generating')} [{'#' * filled}{'.' * (20 - filled)}] {done}/{total}"
        )
        if done == total:
            self.stream.write("\n")
        self.stream.flush()


def _generate(args: argparse.Namespace) -> int:
    show = args.progress or (args.progress is None and args.n >= 10 and sys.stderr.isatty())
    sheet = generate(args.kind, args.level, args.n, args.seed, _Bar(sys.stderr) if show else None)
    if sheet.repeats:
        print(
            _(
                "warning: mathplay found only {distinct} different {kind} puzzles at level "
                "{level}, so {repeats} of these {n} repeat an earlier one"
            ).format(
                kind=args.kind,
                level=args.level,
                distinct=args.n - sheet.repeats,
                repeats=sheet.repeats,
                n=args.n,
            ),
            file=sys.stderr,
        )
    text = write(sheet)
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as file:
                file.write(text)
        except OSError as error:
            print(
                _("error: cannot write {path}: {e}").format(
                    path=args.output, e=error.strerror or error
                ),
                file=sys.stderr,
            )
            return 2
        print(
            _("wrote {n} puzzles to {path}").format(n=len(sheet.puzzles), path=args.output),
            file=sys.stderr,
        )
    else:
        sys.stdout.write(text)
    return 0


def _notebook(args: argparse.Namespace) -> int:
    try:
        path = write_notebook(args.file, args.output)
    except OSError as error:
        print(
            _("error: cannot write the notebook: {e}").format(e=error.strerror or error),
            file=sys.stderr,
        )
        return 2
    print(_("wrote {path}").format(path=path))
    return 0


def print_sheet(source: str, out: str | None, answers: bool, paper: str) -> int:
    """Write the worksheet (or key) of the puzzle file ``source``; the exit status."""
    from mathplay.puzzles.model import PuzzleFileError
    from mathplay.puzzles.printed import default_names
    from mathplay.puzzles.printed import write as write_printed
    from mathplay.puzzles.validate import load

    try:
        sheet = load(source)
    except PuzzleFileError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        print(
            _("{name}: fix these problems first (mathplay puzzles check {name})").format(
                name=source
            ),
            file=sys.stderr,
        )
        return 1
    target = out or default_names(source, answers)
    try:
        path = write_printed(sheet, target, answers=answers, paper=paper)
    except OSError as error:
        print(
            _("error: cannot write {path}: {e}").format(path=target, e=error.strerror or error),
            file=sys.stderr,
        )
        return 2
    print(_("wrote {path}").format(path=path))
    return 0


def _print(args: argparse.Namespace) -> int:
    return print_sheet(args.file, args.output, args.answers, args.paper)


def _levels_help() -> str:
    """What every level of every kind means, for ``generate --help``."""
    lines = [_("levels (every number in a puzzle, its result and answer too, keeps to them):")]
    for kind, levels in KIND_LEVELS.items():
        lines.append(f"  {kind}")
        for level, meaning in levels.items():
            lines += textwrap.wrap(
                meaning, 78, initial_indent=f"    {level}  ", subsequent_indent=" " * 7
            )
    return "\n".join(lines)


def add_parser(commands: Any) -> argparse.ArgumentParser:
    """Add ``puzzles`` and its subcommands to the ``mathplay`` command's subparsers."""
    puzzles: argparse.ArgumentParser = commands.add_parser(
        "puzzles", help=_("check, generate and use puzzle sets")
    )
    sub = puzzles.add_subparsers(dest="puzzles_command", required=True)
    checker = sub.add_parser("check", help=_("check puzzle files; exit status 1 on any problem"))
    checker.add_argument("files", nargs="+", metavar="FILE")
    checker.set_defaults(run=_check)
    maker = sub.add_parser(
        "generate",
        help=_("generate a set of puzzles"),
        description=textwrap.fill(
            _(
                "Generate a set of checked puzzles with their answers. The same kind, level "
                "and seed give the same puzzles; another seed gives others (the seed is in "
                "the title and the ids). A set repeats no question unless the level has "
                "fewer different ones than asked."
            ),
            78,
        ),
        epilog=_levels_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    maker.add_argument("--kind", required=True, choices=list(KIND_LEVELS))
    maker.add_argument("--level", type=int, default=1, help=_("the level (below); default 1"))
    maker.add_argument("-n", type=int, default=10, help=_("how many puzzles (1 to 1000)"))
    maker.add_argument("--seed", type=int, default=0, help=_("any whole number; default 0"))
    maker.add_argument("-o", "--output", metavar="FILE", help=_("write here, not to stdout"))
    maker.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=_("show a progress bar (default: on a terminal, for 10 or more)"),
    )
    maker.set_defaults(run=_generate)
    book = sub.add_parser("notebook", help=_("write a student notebook for a set"))
    book.add_argument("file", metavar="FILE")
    book.add_argument("-o", "--output", metavar="OUT")
    book.set_defaults(run=_notebook)
    printer = sub.add_parser(
        "print",
        help=_("write a worksheet to print (PDF or HTML), or its answer key with --answers"),
        description=_(
            "Write a page a pupil writes on: a name line, every puzzle with a box for the "
            "answer, boards drawn as pictures, no hints. With --answers, the answer key: "
            "each right answer, as the checker finds it, and one line that explains it."
        ),
    )
    printer.add_argument("file", metavar="FILE", help=_("a puzzle file, or a shipped set's name"))
    printer.add_argument(
        "--answers", action="store_true", help=_("write the answer key, not the worksheet")
    )
    printer.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help=_("OUT.pdf or OUT.html; default NAME-worksheet.pdf or NAME-key.pdf here"),
    )
    printer.add_argument(
        "--paper", choices=["a4", "letter"], default="a4", help=_("the paper size; default a4")
    )
    printer.set_defaults(run=_print)
    return puzzles


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``mathplay puzzles ...`` on its own (the ``mathplay`` command calls the same)."""
    parser = argparse.ArgumentParser(prog="mathplay")
    add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["puzzles", *(argv or [])])
    try:
        return int(args.run(args))
    except PuzzleFileError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        return 1
    except (MathplayError, OSError) as error:
        print(_("error: {message}").format(message=error), file=sys.stderr)
        return 2
