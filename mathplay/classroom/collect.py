"""Gathering a class's progress files into one, each record once, each counted as the
pupil's whose home folder it was found in.

A record names a pupil (``who``), but a pupil can type any name: a line found in pupil
p13's home that names p14 was written, or put there, by p13. So when :func:`collect` is
told whose home a folder is (``owners``: the folder and the pupil), every record found
in it (or in a folder inside it) is counted as that pupil's; one that names someone
else keeps the name it typed as ``typed_who``, as the class's records service keeps it
(:mod:`mathplay.hub.store`), and is listed in :attr:`CollectResult.moved`. Nothing is
left out. :func:`pupil_homes` finds the owners as ``progress collect --homes`` and
``--class`` do; without them, :func:`owned_homes` finds the homes the computer knows (a
folder owned by the system user it is named after, as on a JupyterHub that gives each
pupil a system user). A folder nobody owns (handed-in files a teacher gathered in one
folder, a home owned by root or by one user shared by every pupil), and a file given on
its own outside the homes, are nobody's: their records count for the name they typed,
as before, and :attr:`CollectResult.flags` points at what to check.

>>> import tempfile, os
>>> from mathplay.classroom.records import record
>>> folder = tempfile.mkdtemp()
>>> record(os.path.join(folder, "ana.jsonl"), who="Ana", puzzle_set="S", puzzle="p1",
...        answer="4", right=True)
>>> result = collect([folder, os.path.join(folder, "ana.jsonl")], os.path.join(folder, "out"))
>>> result.records, result.files, result.pupils, result.duplicates
(1, 1, 1, 1)
>>> record(os.path.join(folder, "ben.jsonl"), who="Ben", puzzle_set="S", puzzle="p1",
...        answer="4", right=True)
>>> result = collect([folder], os.path.join(folder, "out"), owners={folder: "Ana"})
>>> [str(moved) for moved in result.moved] == [
...     f"1 record in {folder} named Ben: counted as Ana's (the name typed is kept as typed_who)"]
True
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mathplay.classroom.records import (
    TYPED_WHO,
    _warn,
    progress_files,
    read_lines,
    source_flags,
    why_not_read,
)
from mathplay.classroom.where import name_key
from mathplay.errors import MathplayError
from mathplay.i18n import _, _n, clauses

try:  # pragma: no cover - there is no pwd on Windows
    import pwd
except ImportError:  # pragma: no cover
    pwd = None  # type: ignore[assignment]

__all__ = ["CollectError", "CollectResult", "Moved", "collect", "owned_homes", "pupil_homes"]


@dataclass
class Moved:
    """Records found in a pupil's home folder that named someone else, counted as the
    pupil's: the folder (as given), its pupil, the names typed, how many records."""

    folder: str
    owner: str
    typed: list[str]
    records: int

    def __str__(self) -> str:
        return _n(
            "{n} record in {folder} named {names}: counted as {owner}'s "
            "(the name typed is kept as typed_who)",
            "{n} records in {folder} named {names}: counted as {owner}'s "
            "(the name typed is kept as typed_who)",
            self.records,
        ).format(n=self.records, folder=self.folder, names=", ".join(self.typed), owner=self.owner)


@dataclass
class CollectResult:
    """What :func:`collect` did: records written, from how many files and pupils, the
    duplicates and bad lines skipped, and what could not be read."""

    output: Path
    records: int = 0
    files: int = 0
    pupils: int = 0
    duplicates: int = 0
    bad_lines: int = 0
    kept: int = 0
    #: Files and folders that could not be read or were left out (links, pipes, devices,
    #: files too big), and files with no attempt at all, each with the reason.
    problems: list[str] = field(default_factory=list)
    #: Where records came from that a teacher should look at (:func:`source_flags`).
    flags: list[str] = field(default_factory=list)
    #: The pupils' home folders collect was told of (folder as given -> pupil).
    owners: dict[str, str] = field(default_factory=dict)
    #: The records found in a pupil's home folder that named someone else, counted as
    #: that pupil's (``typed_who`` keeps the name typed), by folder.
    moved: list[Moved] = field(default_factory=list)

    @property
    def moved_records(self) -> int:
        """How many records were counted as the pupil's whose home they were found in,
        not under the name they typed."""
        return sum(moved.records for moved in self.moved)

    def __str__(self) -> str:
        text = _(
            "wrote {records} record(s) from {files} file(s) and {pupils} pupil(s) to {output}; "
            "skipped {duplicates} duplicate(s) and {bad} bad line(s)"
        ).format(
            records=self.records, files=self.files, pupils=self.pupils, output=self.output,
            duplicates=self.duplicates, bad=self.bad_lines,
        )  # fmt: skip
        if self.kept:
            text += clauses() + _("{n} of them were already in {output}").format(
                n=self.kept, output=self.output
            )
        if self.moved_records:
            text += clauses() + _n(
                "moved {n} record to the pupil whose home folder it was in",
                "moved {n} records to the pupils whose home folders they were in",
                self.moved_records,
            ).format(n=self.moved_records)
        return text


def _identity(raw: dict[str, Any]) -> tuple[str, str]:
    """A record's identity, wherever it was found: what its line said (with the name it
    typed), and whose it is counted as (the same line in two pupils' homes is two
    records, one in each)."""
    said = {key: value for key, value in raw.items() if key not in ("source", TYPED_WHO)}
    if isinstance(raw.get(TYPED_WHO), str):
        said["who"] = raw[TYPED_WHO]
    typed = json.dumps(said, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return typed, name_key(str(raw.get("who") or ""))


def _was_moved(raw: dict[str, Any]) -> bool:
    typed = raw.get(TYPED_WHO)
    return isinstance(typed, str) and name_key(typed) != name_key(str(raw.get("who") or ""))


def _resolved(path: str | Path) -> Path | None:
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError):  # a loop of links
        return None


@dataclass(frozen=True)
class _Home:
    folder: Path  # resolved
    shown: str  # as given
    owner: str


def _homes(owners: Mapping[str | Path, str] | None) -> list[_Home]:
    """The pupils' home folders, the deepest first (a folder the teacher named inside
    another's is its own pupil's)."""
    homes = []
    for folder, owner in (owners or {}).items():
        where = _resolved(folder)
        if where is not None and str(owner).strip():
            homes.append(_Home(where, str(folder), str(owner).strip()))
    return sorted(homes, key=lambda home: len(home.folder.parts), reverse=True)


def _home_of(path: str | Path, homes: list[_Home]) -> _Home | None:
    """The pupil's home ``path`` is in, if any."""
    where = _resolved(path) if homes else None
    if where is None:
        return None
    return next((home for home in homes if where.is_relative_to(home.folder)), None)


def pupil_homes(
    paths: Iterable[str | Path],
    *,
    homes: bool = False,
    class_list: Iterable[str] = (),
    folders: Mapping[str, str | Path] | None = None,
) -> tuple[dict[Path, str], list[str]]:
    """The pupils' home folders among ``paths`` (folder -> pupil, the ``owners`` of
    :func:`collect`), and what is wrong with them, in words.

    - ``homes``: each folder of ``paths`` is one pupil's home, the pupil named as the
      folder (``/home/p13`` is p13's), as the class list writes the name if it has it;
      a folder of ``paths`` inside another is part of that one's home;
    - ``class_list`` (names): a folder of ``paths`` named as a pupil on the list is
      that pupil's home; else each folder directly in it named as a pupil on the list
      (``/home`` given: ``/home/p13`` is p13's). A folder inside a home is never
      another pupil's, whatever its name;
    - ``folders`` (pupil -> folder, the class list's ``folder`` column): that folder is
      the pupil's home, whatever its name; a folder given to two pupils is nobody's.

    Files in ``paths`` are not homes (a file given on its own is nobody's, unless it is
    in a home)."""
    pupils: dict[str, str] = {}
    for name in class_list:
        if name.strip():
            pupils.setdefault(name_key(name), name.strip())
    found: dict[Path | None, tuple[Path, str]] = {}  # resolved -> (as given, pupil)
    for given in paths:
        path = Path(given)
        if os.path.islink(path) or not path.is_dir():
            continue
        name = name_key((_resolved(path) or path).name)
        if homes or name in pupils:
            found[_resolved(path)] = (path, pupils.get(name, (_resolved(path) or path).name))
            continue
        if not pupils:
            continue
        try:
            inside = sorted(os.scandir(path), key=lambda entry: entry.name)
        except OSError:
            continue  # progress_files says why it cannot be read
        for entry in inside:
            if entry.name.startswith(".") or not entry.is_dir(follow_symlinks=False):
                continue
            if name_key(entry.name) in pupils:
                home = path / entry.name
                found[_resolved(home)] = (home, pupils[name_key(entry.name)])
    for inner in [w for w in found if w is not None]:  # a folder in a home is that home's
        if any(w is not None and w != inner and inner.is_relative_to(w) for w in found):
            del found[inner]
    problems = []
    given_to: dict[Path | None, list[tuple[Path, str]]] = {}
    for name, folder in (folders or {}).items():
        given_to.setdefault(_resolved(folder), []).append((Path(folder), name))
    for where, owners in given_to.items():
        if len({name_key(name) for _folder, name in owners}) > 1:
            found.pop(where, None)
            problems.append(
                _("{folder}: the class list gives this folder to {names}; it is nobody's home")
                .format(folder=owners[0][0], names=", ".join(name for _f, name in owners))
            )  # fmt: skip
        else:
            found[where] = owners[0]
    owners_of = {shown: owner for where, (shown, owner) in found.items() if where is not None}
    return owners_of, problems


def _login(uid: int, logins: dict[int, str | None]) -> str | None:
    """The login name of the system user ``uid``; ``None`` for root, for a user the
    computer has no name for, and where there are no system users (Windows)."""
    if uid not in logins:
        logins[uid] = None
        if pwd is not None and uid != 0:
            with contextlib.suppress(KeyError):  # a uid with no entry (another machine's)
                logins[uid] = pwd.getpwuid(uid).pw_name
    return logins[uid]


def _owned(side_by_side: list[tuple[Path, int]], logins: dict[int, str | None]) -> dict[Path, str]:
    """Of folders side by side (folder, its owner's uid), those owned by the user named
    as the folder, and that user's name; a user who owns more than one of them is a
    shared one (every home owned by jovyan), whose folders are nobody's."""
    count: dict[int, int] = {}
    for _folder, uid in side_by_side:
        count[uid] = count.get(uid, 0) + 1
    found = {}
    for folder, uid in side_by_side:
        login = _login(uid, logins)
        if login and count[uid] == 1 and name_key(login) == name_key(folder.name):
            found[folder] = hub_name(login)
    return found


#: The prefix The Littlest JupyterHub gives its pupils' system users (the hub user p13
#: is the system user jupyter-p13, at home in /home/jupyter-p13).
TLJH_PREFIX = "jupyter-"


def hub_name(login: str) -> str:
    """The hub name of a system user: ``jupyter-p13`` (The Littlest JupyterHub) is the
    pupil p13 of the records; any other login is the name itself.

    >>> hub_name("jupyter-p13"), hub_name("p13")
    ('p13', 'p13')
    """
    return login.removeprefix(TLJH_PREFIX) or login


def owned_homes(
    paths: Iterable[str | Path], *, not_homes: Iterable[str | Path] = ()
) -> dict[Path, str]:
    """The pupils' home folders among ``paths`` that the computer itself tells: a folder
    of ``paths``, or a folder directly inside one, whose owner (its system user) has the
    folder's name as login name (``/home/p13`` owned by the user p13 is p13's), as on a
    JupyterHub that gives every pupil a system user. Folder (as given) -> pupil, the
    ``owners`` of :func:`collect`.

    A folder owned by root, by a user the computer has no name for, by a user named
    otherwise, or by a user who owns other folders beside it (one user for every home,
    as in Docker) is nobody's; so is a folder that holds one of ``not_homes`` (the file
    the teacher writes: that folder is the teacher's). A folder inside a home is that
    home's. Links are not followed. Where there are no system users (Windows), no folder
    is a home."""
    if pwd is None:  # pragma: no cover - Windows
        return {}
    logins: dict[int, str | None] = {}
    given: dict[Path, tuple[Path, int]] = {}  # resolved -> (as given, owner's uid)
    for item in paths:
        path = Path(item)
        where = _resolved(path)
        if where is None or where in given or os.path.islink(path) or not path.is_dir():
            continue
        with contextlib.suppress(OSError):
            given[where] = (path, os.stat(path).st_uid)
    by_parent: dict[Path, list[tuple[Path, int]]] = {}
    for where, (_path, uid) in given.items():
        by_parent.setdefault(where.parent, []).append((where, uid))
    found: dict[Path, tuple[Path, str]] = {}  # resolved -> (as given, pupil)
    for side_by_side in by_parent.values():
        homes = _owned(side_by_side, logins)
        for where, _uid in side_by_side:
            path = given[where][0]
            if where in homes:
                found.setdefault(where, (path, homes[where]))
                continue
            try:
                entries = list(os.scandir(path))
            except OSError:
                continue  # progress_files says why it cannot be read
            inside = []
            for entry in entries:
                if entry.name.startswith("."):
                    continue
                with contextlib.suppress(OSError):
                    if entry.is_dir(follow_symlinks=False):
                        inside.append(
                            (where / entry.name, entry.stat(follow_symlinks=False).st_uid)
                        )
            for home, pupil in _owned(inside, logins).items():
                found.setdefault(home, (path / home.name, pupil))
    mine = [w for w in (_resolved(path) for path in not_homes) if w is not None]
    for where in list(found):
        if any(w.is_relative_to(where) for w in mine) or any(
            other != where and where.is_relative_to(other) for other in found
        ):  # the teacher's own folder; a folder in a home is that home's
            del found[where]
    return dict(sorted(found.values()))


def collect(
    paths: Iterable[str | Path],
    output: str | Path,
    owners: Mapping[str | Path, str] | None = None,
) -> CollectResult:
    """Gather the records of ``paths`` (files, and folders searched through for
    ``*.jsonl``) into the file ``output``, each record once (the same record seen twice,
    as when a file is given twice, is written once). Records already in ``output`` are
    kept, so collecting again adds only what is new. Bad lines are skipped with a
    warning naming the file and line. Only ordinary files are read (links are not
    followed; pipes, devices and files too big are left out, each named in
    ``problems``). Every record collected keeps the file it came from (``source``), and
    ``flags`` names a pupil whose records come from several files and a handed-in file
    that names several pupils. ``output`` is replaced in one step, so a failure leaves it
    as it was.

    ``owners`` maps pupils' home folders to their pupils (:func:`pupil_homes` finds
    them): a record found in one (or in a folder inside it) is counted as its pupil's,
    whatever name it typed. One that named someone else gets ``who`` the pupil and
    ``typed_who`` the name typed, and is counted in ``moved``; so is a record already in
    ``output`` whose ``source`` is in a home (collected before, without ``owners``).
    Nothing is left out. Records found outside the homes count for the name typed.
    A record collect gave to a pupil stays theirs when collected again without
    ``owners``. Like ``source``, ``typed_who`` is collect's to write: what a file being
    collected says for it is dropped (a pupil cannot make a record look moved)."""
    output = Path(output)
    if output.is_dir():
        raise CollectError(
            _("{path} is a folder: give the file to collect into, such as {example}").format(
                path=output, example=output / "class.jsonl"
            )
        )
    result = CollectResult(output)
    homes = _homes(owners)
    result.owners = {str(folder): str(owner).strip() for folder, owner in (owners or {}).items()}
    paths = list(paths)
    files, unreadable = progress_files(paths)
    # The folders the teacher named: files found in them are opened one folder at a time
    # from there, never through a link (a pupil swapping a folder for one gets nothing).
    roots = sorted({Path(p) for p in paths if not os.path.islink(p) and os.path.isdir(p)},
                   key=lambda folder: -len(folder.parts))  # fmt: skip

    def root_of(path: Path) -> Path | None:
        return next((folder for folder in roots if path.is_relative_to(folder)), None)

    result.problems += [_("left out {what}").format(what=u) for u in unreadable]
    seen: set[tuple[str, str]] = set()
    # The lines collect gave to a pupil before: (what the line said, the file it was in).
    moved_before: set[tuple[str, Path | None]] = set()
    moved: dict[_Home, tuple[dict[str, str], set[tuple[str, str]]]] = {}
    places: dict[str, tuple[Path | None, _Home | None]] = {}  # a kept record's source

    def place(source: str) -> tuple[Path | None, _Home | None]:
        if source not in places:
            places[source] = (_resolved(source), _home_of(source, homes))
        return places[source]

    lines: list[str] = []
    pupils: set[str] = set()
    records: list[dict[str, Any]] = []
    distinct: set[Path] = set()
    sources = [output] if output.exists() else []
    sources += [f for f in files if not (output.exists() and f.exists() and f.samefile(output))]
    for index, path in enumerate(sources):
        why = why_not_read(path)
        if why is not None:
            result.problems.append(_("{path}: left out: {why}").format(path=path, why=why))
            continue
        if not os.access(path, os.R_OK):
            result.problems.append(_("{path}: cannot read it").format(path=path))
            continue
        collected = index == 0 and path == output  # the teacher's file: collect wrote it
        home = None if collected else _home_of(path, homes)
        here = None if collected else _resolved(path)
        good, bad = 0, []
        for line in read_lines(path, None if collected else root_of(path)):
            if line.entry is None or line.raw is None:
                bad.append((line.number, line.why))
                continue
            good += 1
            raw = dict(line.raw)
            typed = str(line.entry["who"])
            where = home
            if collected:
                source = raw.get("source")
                where = place(source)[1] if isinstance(source, str) and source else None
                if isinstance(raw.get(TYPED_WHO), str):
                    typed = raw[TYPED_WHO]
            else:  # collect's own keys: never what a pupil's file says they are
                raw["source"] = str(path)
                raw.pop(TYPED_WHO, None)
            owner = where.owner if where is not None else None
            if owner is not None and name_key(typed) != name_key(owner):
                raw["who"], raw[TYPED_WHO] = owner, typed
            elif owner is not None and name_key(str(raw.get("who") or "")) != name_key(owner):
                raw["who"] = typed  # collected before into another pupil's home: the
                raw.pop(TYPED_WHO, None)  # teacher now says it is the typed name's own
            identity = _identity(raw)
            if collected and _was_moved(raw) and isinstance(raw.get("source"), str):
                moved_before.add((identity[0], place(raw["source"])[0]))
            if where is not None and _was_moved(raw):
                names, ids = moved.setdefault(where, ({}, set()))
                names.setdefault(name_key(typed), typed.strip() or _("(no name)"))
                ids.add(identity)
            if identity in seen or (where is None and (identity[0], here) in moved_before):
                result.duplicates += 1
                continue
            seen.add(identity)
            records.append(raw)
            lines.append(json.dumps(raw, ensure_ascii=False))
            pupils.add(name_key(str(raw.get("who") or "")))
            if collected:
                result.kept += 1
        if bad and not good:
            result.problems.append(
                _("{path}: no attempts in it ({n} line(s) that are not attempts); left out")
                .format(path=path, n=len(bad))
            )  # fmt: skip
            result.bad_lines += len(bad)
            continue

        _warn(path, bad, _("the collected file"))
        result.bad_lines += len(bad)
        if path != output:
            # Only to count the files: a folder a pupil swaps for a link while this runs
            # may vanish under resolve() (seen in the race test), which must not stop it.
            try:
                distinct.add(path.resolve())
            except OSError:
                distinct.add(path.absolute())
    result.files = len(distinct)
    result.records, result.pupils = len(lines), len(pupils)
    result.flags = source_flags(records)
    result.moved = [
        Moved(home.shown, home.owner, sorted(names.values(), key=name_key), len(ids))
        for home, (names, ids) in sorted(moved.items(), key=lambda item: item[0].shown)
    ]
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".collect-", suffix=".jsonl",
                                             dir=output.parent)  # fmt: skip
    except OSError as error:  # the file named, not the temporary one beside it
        raise CollectError(
            _("cannot write {path}: {reason}").format(path=output, reason=error.strerror or error)
        ) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.writelines(line + "\n" for line in lines)
        os.replace(temporary, output)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise CollectError(
            _("cannot write {path}: {reason}").format(path=output, reason=error.strerror or error)
        ) from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return result


class CollectError(MathplayError, ValueError):
    """The file to collect into cannot be written (a folder, a folder that cannot be
    made): the message names it."""
