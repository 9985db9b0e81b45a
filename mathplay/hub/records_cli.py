"""``mathplay records``: a school's administrator (or a teacher) looks after the records
service's database (:mod:`mathplay.hub.pupil_data`).

``mathplay records export --db URL --pupil NAME OUT_DIR`` writes one pupil's data (JSON
and CSV); ``erase --db URL --pupil NAME [--by WHO] [--yes]`` erases one pupil
everywhere; ``prune --db URL --older-than DAYS [--dry-run]`` deletes what is older than
the school keeps (``MATHPLAY_RETENTION_DAYS`` when no ``--older-than``); ``backup --db
URL FILE`` and ``restore --db URL FILE [--replace]`` copy the whole database to a file
and back; ``log --db URL`` shows what was done to the data. ``--db`` defaults to
``MATHPLAY_RECORDS_DB``, as for the service. Nothing here is imported until a command
runs: it needs SQLAlchemy (the ``hub`` extra).
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import sys
from typing import Any

from mathplay.errors import MathplayError
from mathplay.i18n import _

__all__ = ["add_parser"]

#: The environment variable that says how many days the school keeps records.
RETENTION_ENV = "MATHPLAY_RETENTION_DAYS"


class _Refused(MathplayError):
    pass


def _data(args: argparse.Namespace, must_exist: bool = True) -> Any:
    if not args.db:
        raise _Refused(_("say which database: --db URL (or set MATHPLAY_RECORDS_DB)"))
    _importable()
    from mathplay.hub.pupil_data import SchoolData

    return SchoolData(args.db, must_exist=must_exist)


def _importable() -> None:
    """Refuse in words when the hub's packages are not installed."""
    try:
        import mathplay.hub.pupil_data  # noqa: F401
    except ImportError as error:
        raise _Refused(
            _("the records commands need SQLAlchemy: pip install 'mathplay[hub]' ({error})")
            .format(error=error)
        ) from None  # fmt: skip


def _by(args: argparse.Namespace) -> str:
    if args.by:
        return str(args.by)
    try:
        return getpass.getuser() or "?"
    except Exception:  # no login name (a container without one)
        return "?"


def _export(args: argparse.Namespace) -> int:
    from mathplay.hub.pupil_data import export, write_export

    data = _data(args)
    try:
        exported = export(data, args.pupil, _by(args))
        files = write_export(exported, args.out)
    finally:
        data.close()
    print(_("{name}: {records} records, {games} games, {tournaments} tournaments, written to:")
          .format(name=args.pupil, records=len(exported["records"]), games=len(exported["games"]),
                  tournaments=len(exported["tournaments"])))  # fmt: skip
    for path in files:
        print("    " + str(path))
    return 0


def _erase(args: argparse.Namespace) -> int:
    from mathplay.hub.pupil_data import erase

    data = _data(args)
    try:
        data.known(args.pupil)
        if not args.yes:
            if not sys.stdin.isatty():
                raise _Refused(
                    _("erasing {name} cannot be undone: run it again with --yes to erase "
                      "them").format(name=args.pupil)
                )  # fmt: skip
            try:
                answer = input(_("Erase everything of {name}, for good? Type their name again "
                                 "to confirm: ").format(name=args.pupil))  # fmt: skip
            except (EOFError, KeyboardInterrupt):
                answer = ""
            if answer.strip() != args.pupil:
                print(_("Nothing was erased."))
                return 1
        erased = erase(data, args.pupil, _by(args))
    finally:
        data.close()
    counts = erased.counts
    print(_("Erased {name}: {records} records deleted; {games_removed} games removed, "
            "{games_kept} games with classmates kept with their name replaced by {mark}; "
            "{classmates} classmates' records, {tournaments} tournaments and {log} tournament "
            "log lines changed.").format(
              name=args.pupil, records=counts["records"], games_removed=counts["games_removed"],
              games_kept=counts["games_kept"], mark=erased.mark,
              classmates=counts["classmates_records"], tournaments=counts["tournaments"],
              log=counts["tournament_log"]))  # fmt: skip
    if erased.left:
        places = ", ".join(f"{where} ({n})" for where, n in sorted(erased.left.items()))
        print(_("warning: the name is still written in: {places}").format(places=places),
              file=sys.stderr)  # fmt: skip
        return 1
    print(_("Every table was searched afterwards: the name is nowhere. The erasure is in "
            "the data log as {mark}.").format(mark=erased.mark))  # fmt: skip
    print(_("Also delete their hub account and home folder, and any report or export "
            "file saved outside the database."))  # fmt: skip
    return 0


def _days(args: argparse.Namespace) -> float:
    given = args.older_than if args.older_than is not None else os.environ.get(RETENTION_ENV)
    if given is None or str(given).strip() == "":
        raise _Refused(_("say how many days of records the school keeps: --older-than DAYS "
                         "(or set {env})").format(env=RETENTION_ENV))  # fmt: skip
    try:
        days = float(given)
    except ValueError:
        days = -1.0
    if not 0 < days < 100_000:
        raise _Refused(_("the number of days is a number above 0, like 365, not {given}")
                       .format(given=given))  # fmt: skip
    return days


def _prune(args: argparse.Namespace) -> int:
    from mathplay.hub.pupil_data import prune

    days = _days(args)
    data = _data(args)
    try:
        counts = prune(data, days, _by(args), dry_run=args.dry_run)
    finally:
        data.close()
    words = (
        _("Would delete (nothing was): {records} records, {games} games and {tournaments} "
          "tournaments older than {days} days.")
        if args.dry_run
        else _("Deleted {records} records, {games} games and {tournaments} tournaments older "
               "than {days} days.")
    )  # fmt: skip
    print(words.format(days=f"{days:g}", **counts))
    return 0


def _backup(args: argparse.Namespace) -> int:
    from mathplay.hub.pupil_data import backup

    if os.path.exists(args.file) and not args.overwrite:
        raise _Refused(_("{path} is there already: give another file, or --overwrite")
                       .format(path=args.file))  # fmt: skip
    data = _data(args)
    try:
        counts = backup(data, args.file)
    finally:
        data.close()
    print(_("Backed up {rows} rows ({records} records) to {path}. It holds every pupil's "
            "data: keep it safe, and no longer than the school keeps records.").format(
              rows=sum(counts.values()), records=counts.get("mathplay_records", 0),
              path=args.file))  # fmt: skip
    return 0


def _restore(args: argparse.Namespace) -> int:
    if not os.path.isfile(args.file):
        raise _Refused(_("there is no backup file {path}").format(path=args.file))
    _importable()
    from mathplay.hub.pupil_data import check_backup, restore

    check_backup(args.file)  # before the database is made
    data = _data(args, must_exist=False)
    try:
        counts = restore(data, args.file, _by(args), replace=args.replace)
    finally:
        data.close()
    print(
        _("Restored {rows} rows ({records} records) from {path}.").format(
            rows=sum(counts.values()), records=counts.get("mathplay_records", 0), path=args.file
        )
    )
    print(_("A pupil erased since this backup was made is back: erase them again (see "
            "mathplay records log)."))  # fmt: skip
    return 0


def _log(args: argparse.Namespace) -> int:
    from mathplay.hub.pupil_data import log_entries

    data = _data(args)
    try:
        entries = log_entries(data)
    finally:
        data.close()
    if not entries:
        print(_("Nothing was exported, erased, pruned or restored yet."))
    for entry in entries:
        print(f"{entry['id']:>5}  {entry['when']}  {entry['action']:<8} {entry['by']}  "
              + json.dumps(entry["details"], ensure_ascii=False))  # fmt: skip
    return 0


def _guarded(run: Any) -> Any:
    """``run``, with a database that fails meanwhile (gone away, no right to write)
    refused in one line rather than a traceback."""

    def guarded(args: argparse.Namespace) -> int:
        try:
            from sqlalchemy.exc import SQLAlchemyError
        except ImportError:  # refused in words by the command itself
            return int(run(args))
        try:
            return int(run(args))
        except SQLAlchemyError as error:
            reason = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise _Refused(_("the database refused: {reason}").format(reason=reason)) from None

    return guarded


def add_parser(commands: Any) -> argparse.ArgumentParser:
    """Add ``records`` and its subcommands to the ``mathplay`` command's subparsers."""
    records: argparse.ArgumentParser = commands.add_parser(
        "records",
        help=_("back up, restore and prune the records service's database; export or erase "
               "one pupil's data"),
    )  # fmt: skip
    sub = records.add_subparsers(dest="records_command", required=True)

    def command(name: str, words: str) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = sub.add_parser(name, help=words)
        parser.add_argument("--db", default=os.environ.get("MATHPLAY_RECORDS_DB", ""),
                            metavar="URL",
                            help=_("the service's database, like sqlite:///records.sqlite or "
                                   "postgresql+psycopg://user@host/db (default: "
                                   "MATHPLAY_RECORDS_DB)"))  # fmt: skip
        return parser

    def who(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--by", metavar="WHO",
                            help=_("who does it, for the data log (default: your login "
                                   "name)"))  # fmt: skip

    out = command("export", _("write one pupil's records, games and tournaments as JSON and "
                              "CSV"))  # fmt: skip
    out.add_argument("--pupil", required=True, metavar="NAME", help=_("the pupil's hub name"))
    out.add_argument("out", metavar="OUT_DIR", help=_("the folder to write the files to"))
    who(out)
    out.set_defaults(run=_guarded(_export))
    gone = command("erase", _("erase one pupil everywhere: records, games, tournaments"))
    gone.add_argument("--pupil", required=True, metavar="NAME", help=_("the pupil's hub name"))
    gone.add_argument("--yes", action="store_true", help=_("erase without asking"))
    who(gone)
    gone.set_defaults(run=_guarded(_erase))
    old = command("prune", _("delete the records, games and tournaments older than the "
                             "school keeps"))  # fmt: skip
    old.add_argument("--older-than", metavar="DAYS",
                     help=_("how many days the school keeps records (default: "
                            "MATHPLAY_RETENTION_DAYS)"))  # fmt: skip
    old.add_argument("--dry-run", action="store_true",
                     help=_("say what would be deleted, delete nothing"))  # fmt: skip
    who(old)
    old.set_defaults(run=_guarded(_prune))
    save = command("backup", _("copy the whole database to one file (SQLite or PostgreSQL)"))
    save.add_argument("file", metavar="FILE",
                      help=_("the file to write (compressed when it ends in .gz)"))  # fmt: skip
    save.add_argument("--overwrite", action="store_true",
                      help=_("write over FILE if it is there"))  # fmt: skip
    save.set_defaults(run=_guarded(_backup))
    back = command("restore", _("put a backup into an empty database"))
    back.add_argument("file", metavar="FILE", help=_("a file made by mathplay records backup"))
    back.add_argument("--replace", action="store_true",
                      help=_("delete what the database holds first"))  # fmt: skip
    who(back)
    back.set_defaults(run=_guarded(_restore))
    log = command("log", _("show what was exported, erased, pruned and restored"))
    log.set_defaults(run=_guarded(_log))
    return records
