"""``mathplay progress``: a teacher gathers a class's records and reads the report.

``mathplay progress collect PATH... -o class.jsonl [--homes] [--class FILE]`` gathers
progress files (folders are searched through for ``*.jsonl``), each record once, a record
found in a pupil's home folder counted as that pupil's (``--homes``: each folder given is
one; ``--class``: the folders named as pupils on the class list, or its ``folder``
column; neither: the folders owned by the system user they are named after);
``mathplay progress report class.jsonl [--set NAME] [--class FILE] [--csv OUT]
[--skills-csv OUT] [--sets-csv OUT] [--gradebook OUT] [--goals-csv OUT --lessons DIR]
[--html OUT]`` prints the pupil ×
puzzle grid and writes it as CSV (one row per pupil per puzzle), per skill (one row per
pupil per skill, with a level), per set of the same questions for everyone (a score and
a date), as a gradebook (a row per pupil, three columns per lesson), per goal of each
lesson (skills mastered, end-check questions right, the next review) and as a one-page
HTML report.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Sequence
from typing import Any

from mathplay.classroom.collect import collect, owned_homes, pupil_homes
from mathplay.classroom.records import ProgressWarning
from mathplay.classroom.report import summary
from mathplay.classroom.where import name_key
from mathplay.i18n import _, _n

__all__ = ["add_parser"]


def _show_warnings(caught: list[warnings.WarningMessage]) -> None:
    for warning in caught:
        print(_("warning: {message}").format(message=warning.message), file=sys.stderr)


def _missing(paths: Sequence[str]) -> int:
    """Say which given paths do not exist (nothing at all there, not even a link); the
    exit status: 2 if any, else 0."""
    import os

    missing = [path for path in paths if not os.path.lexists(path)]
    if missing:
        print(
            _("error: no such file or folder: {paths} (nothing was read or written)").format(
                paths=", ".join(missing)
            ),
            file=sys.stderr,
        )
        return 2
    return 0


def _collect(args: argparse.Namespace) -> int:
    if _missing(args.paths):
        return 2
    owners: dict[Any, str] | None = None
    problems: list[str] = []
    names: list[str] = []
    by_owner = not (args.homes or args.class_list)  # the teacher's word wins
    if by_owner:
        owners = owned_homes(args.paths, not_homes=[args.output]) or None
    if args.homes or args.class_list:
        folders = None
        if args.class_list:
            from mathplay.classroom.roster import (
                ClassListError,
                read_class_folders,
                read_class_list,
            )

            try:
                names = read_class_list(args.class_list)
                folders = read_class_folders(args.class_list)
            except ClassListError as error:
                print(_("error: {message}").format(message=error), file=sys.stderr)
                return 2
        owners, problems = pupil_homes(
            args.paths, homes=args.homes, class_list=names, folders=folders
        )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ProgressWarning)
        result = collect(args.paths, args.output, owners=owners)
    _show_warnings(caught)
    for problem in problems + result.problems:
        print(_("warning: {message}").format(message=problem), file=sys.stderr)
    print(result)
    if owners is not None:
        pupils = sorted({owner for owner in owners.values()}, key=name_key)
        if pupils and by_owner:
            print(
                _n(
                    "home folder found for {n} pupil (by its owner): {names}",
                    "home folders found for {n} pupils (by their owners): {names}",
                    len(pupils),
                ).format(n=len(pupils), names=", ".join(pupils))
            )
        elif pupils:
            print(
                _n(
                    "home folder found for {n} pupil: {names}",
                    "home folders found for {n} pupils: {names}",
                    len(pupils),
                ).format(n=len(pupils), names=", ".join(pupils))
            )
        else:
            print(_("no pupil's home folder found: every record counts for the name it typed"))
        found = {name_key(owner) for owner in pupils}
        homeless = [name for name in names if name_key(name) not in found]
        if homeless:
            print(
                _n(
                    "no home folder found for {n} pupil on the class list: {names}",
                    "no home folder found for {n} pupils on the class list: {names}",
                    len(homeless),
                ).format(n=len(homeless), names=", ".join(homeless))
            )
    for moved in result.moved:
        print(_("moved: {message}").format(message=moved))
    for flag in result.flags:
        print(_("check: {message}").format(message=flag))
    if result.flags and owners is None:
        print(
            _(
                "(to count what is in a pupil's home folder as that pupil's, whatever name "
                "it typed, collect with --homes or --class: see docs/classroom.md)"
            )
        )
    return 0


def _report(args: argparse.Namespace) -> int:
    if _missing(args.files):
        return 2
    class_list = None
    if args.class_list:
        from mathplay.classroom.roster import ClassListError, read_class_list

        try:
            class_list = read_class_list(args.class_list)
        except ClassListError as error:
            print(_("error: {message}").format(message=error), file=sys.stderr)
            return 2
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ProgressWarning)
        s = summary(args.files, puzzle_set=args.set, class_list=class_list)
    _show_warnings(caught)
    if args.set is not None and not s.sets:
        print(_("error: no attempts at a set called {name!r}").format(name=args.set),
              file=sys.stderr)  # fmt: skip
        return 1
    sys.stdout.write(str(s))
    if args.csv:
        print(_("wrote {path}").format(path=s.to_csv(args.csv)))
    if args.html:
        print(_("wrote {path}").format(path=s.write_html(args.html, args.title)))
    if args.skills_csv:
        print(_("wrote {path}").format(path=s.to_skills_csv(args.skills_csv)))
    if args.sets_csv:
        print(_("wrote {path}").format(path=s.to_sets_csv(args.sets_csv)))
    if args.gradebook:
        print(_("wrote {path}").format(path=s.to_gradebook_csv(args.gradebook)))
    if args.goals_csv:
        if not args.lessons:
            print(_("error: --goals-csv needs --lessons DIR, the folder of the lessons' "
                    "puzzle files"), file=sys.stderr)  # fmt: skip
            return 1
        from mathplay.classroom.goals import read_lesson_goals

        goals = read_lesson_goals(args.lessons)
        if not goals:
            print(_("error: no lesson puzzle file with goals in {folder}").format(
                folder=args.lessons), file=sys.stderr)  # fmt: skip
            return 1
        print(_("wrote {path}").format(path=s.to_goals_csv(args.goals_csv, goals)))
    if args.xapi:
        from mathplay.classroom.xapi import write_statements

        print(_("wrote {path}").format(path=write_statements(s.records, args.xapi)))
    return 0


def add_parser(commands: Any) -> argparse.ArgumentParser:
    """Add ``progress`` and its subcommands to the ``mathplay`` command's subparsers."""
    progress: argparse.ArgumentParser = commands.add_parser(
        "progress", help=_("gather a class's records of puzzles and report on them")
    )
    sub = progress.add_subparsers(dest="progress_command", required=True)
    gather = sub.add_parser(
        "collect",
        help=_("gather progress files (and folders of them) into one file, each record once"),
    )
    gather.add_argument("paths", nargs="+", metavar="PATH")
    gather.add_argument("-o", "--output", required=True, metavar="FILE",
                        help=_("the file to write (records already in it are kept)"))  # fmt: skip
    gather.add_argument(
        "--homes",
        action="store_true",
        help=_(
            "each folder given is one pupil's home, the pupil named as the folder "
            "(/home/p13 is p13's): what is in it counts as that pupil's, whatever name it typed"
        ),
    )
    gather.add_argument(
        "--class",
        dest="class_list",
        metavar="FILE",
        help=_(
            "the class list (one name a line, or a CSV file with a 'name' column and, if you "
            "like, a 'folder' column): a folder given, or a folder in one, named as a pupil "
            "on it, or given in its 'folder' column, is that pupil's home, and what is in "
            "it counts as that pupil's"
        ),
    )
    gather.set_defaults(run=_collect)
    report = sub.add_parser("report", help=_("print a class's report; write it as CSV or HTML"))
    report.add_argument("files", nargs="+", metavar="FILE")
    report.add_argument("--set", metavar="NAME", help=_("only the set with this title"))
    report.add_argument("--csv", metavar="OUT", help=_("write one row per pupil per puzzle"))
    report.add_argument("--html", metavar="OUT", help=_("write a one-page report to open"))
    report.add_argument("--title", metavar="TEXT", help=_("the HTML report's title"))
    report.add_argument(
        "--class",
        dest="class_list",
        metavar="FILE",
        help=_(
            "the class list: one name a line, or a CSV file with a 'name' column; every "
            "pupil on it is in the report, those with no record as not started"
        ),
    )
    report.add_argument(
        "--xapi",
        metavar="OUT",
        help=_("write every attempt as an xAPI statement (JSON), for a learning record store"),
    )
    report.add_argument(
        "--skills-csv",
        metavar="OUT",
        help=_("write one row per pupil per skill, with a level (not started to mastered)"),
    )
    report.add_argument(
        "--sets-csv",
        metavar="OUT",
        help=_("write one row per pupil per end check or puzzle set: questions answered and right"),
    )
    report.add_argument(
        "--goals-csv",
        metavar="OUT",
        help=_(
            "write one row per pupil per goal of each lesson (with --lessons): skills "
            "mastered, end-check questions right, the next review"
        ),
    )
    report.add_argument(
        "--lessons",
        metavar="DIR",
        help=_("the folder of the lessons' puzzle files (NN-name.toml), for --goals-csv"),
    )
    report.add_argument(
        "--gradebook",
        metavar="OUT",
        help=_(
            "write a gradebook (CSV): a row per pupil; for each lesson the end check's score, "
            "whether the practice was mastered, and its skills mastered"
        ),
    )
    report.set_defaults(run=_report)
    return progress
