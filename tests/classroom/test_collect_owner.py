"""``collect``: a record found in a pupil's home folder is that pupil's.

Seen: pupil p13's home held lines naming p14 (in his own progress file, and in a
``mathplay-results-p14.jsonl`` he left there); ``collect`` + ``report`` counted them as
p14's: 13 of p14's cells changed, with one "check:" line. The records service stores a
record under the sender's hub name and keeps the name typed as ``typed_who``; collect,
told whose home a folder is (``--homes``, ``--class``), now does the same and says which
records it moved. A folder nobody owns (handed-in files) keeps today's behaviour.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from mathplay.__main__ import main
from mathplay.classroom.collect import Moved, collect, owned_homes, pupil_homes

try:
    import pwd
except ImportError:  # Windows: no system users to make
    pwd = None  # type: ignore[assignment]
from mathplay.classroom.records import record
from mathplay.classroom.report import summary

SET = "Lesson 5: binary numbers: end check"
PUZZLES = [f"q{n:02d}" for n in range(1, 16)]
START = datetime(2026, 3, 2, 9, 0, tzinfo=timezone(timedelta(hours=1)))


def _attempt(path: Path, who: str, puzzle: str, answer: str, right: bool, minute: int,
             hints: int = 0) -> None:  # fmt: skip
    path.parent.mkdir(parents=True, exist_ok=True)
    record(path, who=who, puzzle_set=SET, puzzle=puzzle, answer=answer, right=right,
           hints=hints, seconds=40, when=START + timedelta(minutes=minute),
           notebook="05.ipynb")  # fmt: skip


def write_homes(
    root: Path, forged: bool = True, names: tuple[str, str] = ("p13", "p14")
) -> dict[str, Path]:
    """Two pupils' homes under ``root/home`` (the pupils ``names``, p13 and p14). p14
    tried q01 and q02; p13 tried q01-q04, and, ``forged``, wrote 13 "right at the first
    try" lines naming p14: 8 in his own progress file, 5 in a handed-in file he left in
    his home."""
    n13, n14 = names
    p13, p14 = root / "home" / n13, root / "home" / n14
    own13 = p13 / "mathplay-progress" / f"{n13}.jsonl"
    own14 = p14 / "mathplay-progress" / f"{n14}.jsonl"
    _attempt(own14, n14, "q01", "101", True, 1)
    _attempt(own14, n14, "q02", "11", False, 2)
    _attempt(own14, n14, "q02", "110", True, 3, hints=1)
    for minute, puzzle in enumerate(PUZZLES[:4], start=1):
        _attempt(own13, n13, puzzle, "0", False, minute)
    if forged:
        for minute, puzzle in enumerate(PUZZLES[2:10], start=10):
            _attempt(own13, n14, puzzle, "7", True, minute)
        for minute, puzzle in enumerate(PUZZLES[10:], start=20):
            _attempt(p13 / f"mathplay-results-{n14}.jsonl", n14, puzzle, "7", True, minute)
    return {n13: p13, n14: p14}


def _cells(out: Path, who: str) -> dict[str, tuple[Any, ...]]:
    """``who``'s report cells that were tried: puzzle -> what the report says of it."""
    s = summary(out)
    return {
        row["puzzle"]: (
            row["attempts"],
            row["status"],
            row["hints"],
            row["seconds"],
            tuple(row["wrong_answers"]),
        )
        for row in s.rows
        if row["who"] == who and row["attempts"]
    }


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _homes_of(homes: dict[str, Path]) -> dict[Path, str]:
    return {folder: who for who, folder in homes.items()}


# --- the pupil's home: his records are his -------------------------------------------


def test_what_is_in_a_forgers_home_is_counted_as_his(tmp_path: Path) -> None:
    clean = write_homes(tmp_path / "clean", forged=False)
    collect(clean.values(), tmp_path / "clean.jsonl", owners=_homes_of(clean))
    homes = write_homes(tmp_path / "class")
    out = tmp_path / "class.jsonl"
    result = collect(homes.values(), out, owners=_homes_of(homes))

    # p14's cells are as they were without the forgery; p13 has the 13 lines.
    assert _cells(out, "p14") == _cells(tmp_path / "clean.jsonl", "p14")
    assert len(_cells(out, "p14")) == 2
    s = summary(out)
    mine = next(r for r in s.by_student.rows if r["student"] == "p13")
    assert mine["attempts"] == 4 + 13 and mine["first try"] == 11  # q05-q15
    # Nothing is left out, the name typed is kept, and the moves are told.
    assert (result.records, result.pupils, result.duplicates) == (20, 2, 0)
    written = _lines(out)
    moved = [r for r in written if "typed_who" in r]
    assert len(moved) == 13
    assert {(r["who"], r["typed_who"]) for r in moved} == {("p13", "p14")}
    assert all(r["source"].startswith(str(homes["p13"])) for r in moved)
    assert not any("typed_who" in r for r in written if r not in moved)
    assert result.moved == [Moved(str(homes["p13"]), "p13", ["p14"], 13)]
    assert result.moved_records == 13
    assert str(result.moved[0]) == (
        f"13 records in {homes['p13']} named p14: counted as p13's "
        "(the name typed is kept as typed_who)"
    )
    assert str(result).endswith("; moved 13 records to the pupils whose home folders they were in")
    # The flag now points at p13 (two files), not at p14.
    assert len(result.flags) == 1 and result.flags[0].startswith("p13: records come from 2")


def test_without_owners_collect_is_as_before(tmp_path: Path) -> None:
    """A folder collect is not told is a home is nobody's: the records count for the name
    typed, as before (this is what the teacher saw: 13 of p14's cells changed), and the
    flags point at it."""
    clean = write_homes(tmp_path / "clean", forged=False)
    collect(clean.values(), tmp_path / "clean.jsonl")
    homes = write_homes(tmp_path / "class")
    out = tmp_path / "class.jsonl"
    result = collect(homes.values(), out)
    before, after = _cells(tmp_path / "clean.jsonl", "p14"), _cells(out, "p14")
    assert len([p for p in after if after[p] != before.get(p)]) == 13
    assert result.moved == [] and result.moved_records == 0 and result.owners == {}
    assert "moved" not in str(result)
    assert result.flags[0].startswith("p14: records come from 3 files")
    assert not any("typed_who" in r for r in _lines(out))


def test_typed_who_goes_through_to_the_report_as_the_owner(tmp_path: Path) -> None:
    homes = write_homes(tmp_path)
    out = tmp_path / "p13-only.jsonl"
    collect([homes["p13"]], out, owners={homes["p13"]: "p13"})
    s = summary(out)
    assert s.pupils == ["p13"]  # the name typed is not a pupil of its own
    assert {r["who"] for r in s.records} == {"p13"}
    assert sum(r.get("typed_who") == "p14" for r in s.records) == 13
    assert "Check: p13: 13 records found in p13's home folder name p14; counted as p13's" in s.note
    assert {row["who"] for row in s.rows} == {"p13"}
    assert not any(row["who"] == "p14" for row in s.skill_rows())


def test_collecting_again_moves_what_was_collected_before(tmp_path: Path) -> None:
    """A class.jsonl collected before (without owners) is put right by collecting again
    with them, and stays right when collected once more without: one copy of each."""
    homes = write_homes(tmp_path)
    out = tmp_path / "class.jsonl"
    collect(homes.values(), out)
    again = collect(homes.values(), out, owners=_homes_of(homes))
    assert (again.records, again.kept, again.moved_records) == (20, 20, 13)
    assert len(_cells(out, "p14")) == 2
    once_more = collect(homes.values(), out)
    assert (once_more.records, once_more.kept) == (20, 20)
    assert len(_cells(out, "p14")) == 2 and len(out.read_text().splitlines()) == 20


def test_the_same_line_in_two_homes_is_two_records(tmp_path: Path) -> None:
    """p13 copied p14's own file into his home: p14 keeps his records, and the copies
    are counted as p13's (before, the copy was one record with p14's)."""
    homes = write_homes(tmp_path, forged=False)
    copy = homes["p13"] / "mathplay-results-p14.jsonl"
    copy.write_bytes((homes["p14"] / "mathplay-progress" / "p14.jsonl").read_bytes())
    out = tmp_path / "class.jsonl"
    result = collect(homes.values(), out, owners=_homes_of(homes))
    assert result.records == 4 + 3 + 3 and result.moved_records == 3
    assert len(_cells(out, "p14")) == 2
    assert _cells(out, "p13")["q02"][0] == 1 + 2


def test_a_file_given_on_its_own_is_nobodys_unless_in_a_home(tmp_path: Path) -> None:
    homes = write_homes(tmp_path)
    handed = homes["p13"] / "mathplay-results-p14.jsonl"
    alone = collect([handed], tmp_path / "alone.jsonl", owners={})
    assert alone.moved == [] and {r["who"] for r in _lines(tmp_path / "alone.jsonl")} == {"p14"}
    # --homes takes folders only: a file given is not a home.
    owners, problems = pupil_homes([handed], homes=True)
    assert owners == {} and problems == []
    # The same file given beside its home is in the home: moved, and written once.
    both = collect([handed, homes["p13"]], tmp_path / "both.jsonl", owners={homes["p13"]: "p13"})
    assert (both.records, both.duplicates, both.moved_records) == (4 + 13, 5, 13)


def test_a_pupils_file_cannot_say_it_was_moved(tmp_path: Path) -> None:
    """``typed_who``, like ``source``, is collect's to write."""
    path = tmp_path / "handed-in" / "mathplay-results-ana.jsonl"
    path.parent.mkdir()
    line = {"who": "Ana", "set": "S", "puzzle": "p1", "answer": "4", "right": True,
            "typed_who": "Ben", "source": "/home/ben/x.jsonl"}  # fmt: skip
    path.write_text(json.dumps(line) + "\n")
    out = tmp_path / "class.jsonl"
    result = collect([path.parent], out)
    (written,) = _lines(out)
    assert "typed_who" not in written and written["source"] == str(path)
    assert result.moved == [] and "Check" not in summary(out).note


# --- which folders are homes ---------------------------------------------------------


def test_homes_are_the_folders_given(tmp_path: Path) -> None:
    homes = write_homes(tmp_path)
    owners, problems = pupil_homes([*homes.values(), tmp_path / "none"], homes=True)
    assert owners == _homes_of(homes) and problems == []
    # A folder given inside a home given is part of that home, not a pupil of its own.
    inside = homes["p13"] / "mathplay-progress"
    assert pupil_homes([inside, *homes.values()], homes=True)[0] == _homes_of(homes)
    # With a class list, as the list writes the name.
    owners, _ = pupil_homes(homes.values(), homes=True, class_list=["P13", "P14"])
    assert sorted(owners.values()) == ["P13", "P14"]


def test_a_class_list_finds_the_homes_in_a_folder_of_homes(tmp_path: Path) -> None:
    homes = write_homes(tmp_path)
    # p13 makes a folder named as his classmate in his home: still his home.
    inside = homes["p13"] / "p14" / "p14.jsonl"
    _attempt(inside, "p14", "q15", "7", True, 40)
    (tmp_path / "home" / "teacher").mkdir()  # not on the list: nobody's
    _attempt(tmp_path / "home" / "teacher" / "old-class.jsonl", "p14", "q14", "7", True, 50)
    owners, problems = pupil_homes([tmp_path / "home"], class_list=["p13", "p14", "p15"])
    assert owners == _homes_of(homes) and problems == []
    # A home given itself, named as a pupil: its folders are not looked at.
    owners, _ = pupil_homes([homes["p13"]], class_list=["p13", "p14"])
    assert owners == {homes["p13"]: "p13"}
    out = tmp_path / "class.jsonl"
    result = collect([tmp_path / "home"], out, owners=_homes_of(homes))
    assert result.moved == [Moved(str(homes["p13"]), "p13", ["p14"], 14)]
    # The teacher's folder is nobody's home: its record counts for the name typed.
    assert _cells(out, "p14") == {**_cells(out, "p14"), "q14": (1, "first try", 0, 40.0, ())}
    assert set(_cells(out, "p14")) == {"q01", "q02", "q14"}


def test_the_class_lists_folder_column(tmp_path: Path) -> None:
    """A ``folder`` column gives a pupil whose folder is not named as them a home; a
    relative folder is from the class list's own folder; a folder given to two pupils is
    nobody's home, and said so."""
    root = tmp_path / "school"
    _attempt(root / "homes" / "amaria" / "p.jsonl", "Ben", "q01", "1", True, 1)
    _attempt(root / "homes" / "shared" / "p.jsonl", "Ben", "q02", "1", True, 2)
    class_list = root / "class.csv"
    class_list.write_text(
        "name,folder,mark\nAna María,homes/amaria,A\nBen,,B\nCy,homes/shared,\nDee,homes/shared,\n"
    )
    from mathplay.classroom.roster import read_class_folders, read_class_list

    folders = read_class_folders(class_list)
    assert folders == {"Ana María": root / "homes" / "amaria", "Cy": root / "homes" / "shared",
                       "Dee": root / "homes" / "shared"}  # fmt: skip
    assert read_class_list(class_list) == ["Ana María", "Ben", "Cy", "Dee"]
    owners, problems = pupil_homes(
        [root / "homes"], class_list=read_class_list(class_list), folders=folders
    )
    assert owners == {root / "homes" / "amaria": "Ana María"}
    assert problems == [
        f"{root / 'homes' / 'shared'}: the class list gives this folder to Cy, Dee; "
        "it is nobody's home"
    ]
    out = tmp_path / "class.jsonl"
    result = collect([root / "homes"], out, owners=owners)
    assert [str(m) for m in result.moved] == [
        f"1 record in {root / 'homes' / 'amaria'} named Ben: counted as Ana María's "
        "(the name typed is kept as typed_who)"
    ]
    assert sorted(r["who"] for r in _lines(out)) == ["Ana María", "Ben"]


def test_a_shared_folder_of_handed_in_files_is_nobodys(tmp_path: Path) -> None:
    """Handed-in files a teacher gathered in one folder: no owner can be known. The
    records count for the name typed and the flags point at an edited file, as before,
    with a class list too."""
    folder = tmp_path / "handed-in"
    _attempt(folder / "mathplay-results-ana.jsonl", "Ana", "q01", "1", True, 1)
    _attempt(folder / "mathplay-results-ana.jsonl", "Bo", "q02", "1", True, 2)  # edited
    _attempt(folder / "mathplay-results-bo.jsonl", "Bo", "q01", "1", False, 3)
    owners, problems = pupil_homes([folder], class_list=["Ana", "Bo"])
    assert owners == {} and problems == []
    result = collect([folder], tmp_path / "class.jsonl", owners=owners)
    assert result.moved == [] and result.records == 3
    assert sorted(r["who"] for r in _lines(tmp_path / "class.jsonl")) == ["Ana", "Bo", "Bo"]
    assert any("a handed-in file names 2 pupils (Ana, Bo)" in flag for flag in result.flags)


# --- the command ---------------------------------------------------------------------


def test_the_command_says_what_it_moved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    homes = write_homes(tmp_path)
    out = tmp_path / "class.jsonl"
    paths = [str(folder) for folder in homes.values()]
    assert main(["progress", "collect", *paths, "-o", str(tmp_path / "plain.jsonl")]) == 0
    said = capsys.readouterr().out
    assert "check: p14: records come from 3 files" in said
    assert "collect with --homes or --class" in said and "moved" not in said

    assert main(["progress", "collect", "--homes", *paths, "-o", str(out)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].endswith("; moved 13 records to the pupils whose home folders they were in")
    assert said[1:3] == [
        "home folders found for 2 pupils: p13, p14",
        f"moved: 13 records in {homes['p13']} named p14: counted as p13's "
        "(the name typed is kept as typed_who)",
    ]
    assert said[3].startswith("check: p13: records come from 2 files")

    class_list = tmp_path / "class.txt"
    class_list.write_text("p13\np14\np15\n")
    roster_out = tmp_path / "roster.jsonl"
    argv = ["progress", "collect", str(tmp_path / "home"), "--class", str(class_list)]
    assert main([*argv, "-o", str(roster_out)]) == 0
    said = capsys.readouterr().out
    assert "home folders found for 2 pupils: p13, p14" in said
    assert "no home folder found for 1 pupil on the class list: p15" in said
    assert f"moved: 13 records in {homes['p13']} named p14" in said
    assert sorted(roster_out.read_text().splitlines()) == sorted(out.read_text().splitlines())

    assert main(["progress", "report", str(out)]) == 0
    report = capsys.readouterr().out
    assert "Check: p13: 13 records found in p13's home folder name p14" in report
    grid = {line.split()[0]: line.split() for line in report.splitlines() if line.startswith("p1")}
    assert grid["p14"][1:16] == ["✓", "+"] + ["·"] * 13

    assert main([*argv[:-1], str(tmp_path / "nope.csv"), "-o", str(tmp_path / "x.jsonl")]) == 2
    assert "error: the class list" in capsys.readouterr().err
    assert not (tmp_path / "x.jsonl").exists()


# --- homes the computer knows: a folder owned by the user it is named after ------------
#
# On a JupyterHub that gives each pupil a system user (LocalProcessSpawner,
# SystemdSpawner), /home/p13 is owned by the user p13: plain ``collect /home`` finds the
# homes by their owners. These tests make real system users (root only).


def _system_users(logins: list[str]) -> Iterator[list[str]]:
    """New system users named ``logins`` (no home made), removed afterwards; skips the
    test where users cannot be made (no useradd, not root)."""
    if pwd is None or shutil.which("useradd") is None or shutil.which("userdel") is None:
        pytest.skip("needs useradd and userdel to make system users")
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("needs root to make system users and give them folders")
    made: list[str] = []
    try:
        for login in logins:
            done = subprocess.run(["useradd", "--no-create-home", login],
                                  capture_output=True, text=True)  # fmt: skip
            if done.returncode != 0:
                pytest.skip(f"useradd cannot make a user here: {done.stderr.strip()}")
            made.append(login)
        yield made
    finally:
        for login in made:
            subprocess.run(["userdel", login], capture_output=True, check=False)


@pytest.fixture
def users() -> Iterator[list[str]]:
    """Three new system users: two pupils and a teacher."""
    stem = f"mpt{secrets.token_hex(3)}"
    yield from _system_users([stem + suffix for suffix in ("a", "b", "t")])


def _chown(folder: Path, user: str | int) -> None:
    """Give ``folder`` and everything in it to ``user`` (a name, or a uid)."""
    uid = user if isinstance(user, int) else pwd.getpwnam(user).pw_uid
    gid = 0 if isinstance(user, int) else pwd.getpwnam(user).pw_gid
    for path in [folder, *folder.rglob("*")]:
        os.chown(path, uid, gid, follow_symlinks=False)


def _no_such_uid() -> int:
    return next(uid for uid in range(61000, 65000) if not _has_uid(uid))


def _has_uid(uid: int) -> bool:
    try:
        pwd.getpwuid(uid)
    except KeyError:
        return False
    return True


def _owned_class(root: Path, users: list[str], forged: bool = True) -> dict[str, Path]:
    """``write_homes`` for the pupils ``users[0]`` (the forger) and ``users[1]``, each
    home owned by its pupil."""
    homes = write_homes(root, forged=forged, names=(users[0], users[1]))
    for who, folder in homes.items():
        _chown(folder, who)
    return homes


def test_a_home_owned_by_its_pupil_is_theirs(
    tmp_path: Path, users: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    forger, classmate, _teacher = users
    clean = _owned_class(tmp_path / "clean", users, forged=False)
    collect(clean.values(), tmp_path / "clean.jsonl")
    homes = _owned_class(tmp_path / "class", users)
    assert owned_homes([tmp_path / "class" / "home"]) == _homes_of(homes)
    assert owned_homes(homes.values()) == _homes_of(homes)  # the homes given themselves

    out = tmp_path / "class.jsonl"
    assert main(["progress", "collect", str(tmp_path / "class" / "home"), "-o", str(out)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].endswith("; moved 13 records to the pupils whose home folders they were in")
    assert said[1:3] == [
        f"home folders found for 2 pupils (by their owners): {forger}, {classmate}",
        f"moved: 13 records in {homes[forger]} named {classmate}: counted as {forger}'s "
        "(the name typed is kept as typed_who)",
    ]
    assert said[3].startswith(f"check: {forger}: records come from 2 files")
    assert not any("--homes or --class" in line for line in said)
    # The forged lines count for the folder's owner, the name typed kept as typed_who.
    assert _cells(out, classmate) == _cells(tmp_path / "clean.jsonl", classmate)
    moved = [r for r in _lines(out) if "typed_who" in r]
    assert len(moved) == 13 and {(r["who"], r["typed_who"]) for r in moved} == {(forger, classmate)}
    # The same as the teacher saying it with --homes.
    told = tmp_path / "told.jsonl"
    assert main(["progress", "collect", "--homes", *map(str, homes.values()), "-o", str(told)]) == 0
    assert "home folders found for 2 pupils: " in capsys.readouterr().out
    assert sorted(told.read_text().splitlines()) == sorted(out.read_text().splitlines())


def test_a_folder_owned_by_someone_else_is_nobodys(
    tmp_path: Path, users: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder whose owner is not the user it is named after, one owned by root, by a
    uid the computer has no name for, or by one user who owns the folders beside it
    (every home owned by jovyan, as in Docker) is nobody's: today's behaviour."""
    forger, classmate, _teacher = users
    homes = write_homes(tmp_path / "a", names=(forger, classmate))
    _chown(homes[forger], classmate)  # named as the forger, owned by the classmate
    _chown(homes[classmate], 0)  # root's
    assert owned_homes([tmp_path / "a" / "home", *homes.values()]) == {}
    homes = write_homes(tmp_path / "b", names=(forger, classmate))
    _chown(homes[forger], _no_such_uid())
    assert owned_homes([tmp_path / "b" / "home"]) == {}
    homes = write_homes(tmp_path / "c", names=(forger, classmate))
    for folder in homes.values():
        _chown(folder, forger)  # one user owns every home: it is a shared one
    assert owned_homes([tmp_path / "c" / "home"]) == {}
    assert owned_homes([tmp_path / "c" / "home" / "nope"]) == {}

    out = tmp_path / "class.jsonl"
    assert main(["progress", "collect", str(tmp_path / "a" / "home"), "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert "found for" not in said and "moved" not in said
    assert f"check: {classmate}: records come from 3 files" in said
    assert "collect with --homes or --class" in said
    assert not any("typed_who" in r for r in _lines(out))
    assert len(_cells(out, classmate)) == 2 + 13  # the forgery counts, as before


def test_the_teachers_word_wins(
    tmp_path: Path, users: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``--homes`` and ``--class`` say which folders are homes, whoever owns them; the
    folder the teacher writes class.jsonl in is theirs, not a pupil's home."""
    forger, classmate, teacher = users
    homes = _owned_class(tmp_path, users)
    # --homes: a folder named otherwise than its owner is the home of the name it has.
    renamed = homes[forger].rename(tmp_path / "home" / "ana")
    assert owned_homes([tmp_path / "home"]) == {homes[classmate]: classmate}
    out = tmp_path / "homes.jsonl"
    assert main(["progress", "collect", "--homes", str(renamed), "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert "home folder found for 1 pupil: ana" in said and "by its owner" not in said
    assert {r["who"] for r in _lines(out)} == {"ana"}
    renamed.rename(homes[forger])
    # --class: only the classmate is on the list, so the forger's folder is nobody's.
    class_list = tmp_path / "class.txt"
    class_list.write_text(f"{classmate}\n")
    out = tmp_path / "roster.jsonl"
    argv = ["progress", "collect", str(tmp_path / "home"), "--class", str(class_list)]
    assert main([*argv, "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert f"home folder found for 1 pupil: {classmate}" in said and "moved" not in said
    assert len(_cells(out, classmate)) == 2 + 13
    # The teacher's own home, with an old class file, beside the pupils' homes.
    mine = tmp_path / "home" / teacher
    _attempt(mine / "old-class.jsonl", classmate, "q14", "7", True, 50)
    _chown(mine, teacher)
    out = mine / "class.jsonl"
    assert owned_homes([tmp_path / "home"], not_homes=[out]) == _homes_of(homes)
    assert main(["progress", "collect", str(tmp_path / "home"), "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert f"home folders found for 2 pupils (by their owners): {forger}, {classmate}" in said
    assert set(_cells(out, classmate)) == {"q01", "q02", "q14"}


def test_no_system_users_no_homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where there is no ``pwd`` (Windows), no folder is a home: no error."""
    import mathplay.classroom.collect as collecting

    homes = write_homes(tmp_path)
    monkeypatch.setattr(collecting, "pwd", None)
    assert owned_homes([tmp_path / "home", *homes.values()]) == {}


@pytest.fixture
def tljh_users() -> Iterator[list[str]]:
    """Two pupils as The Littlest JupyterHub makes them: the hub users ``mptXXa`` and
    ``mptXXb`` are the system users ``jupyter-mptXXa`` and ``jupyter-mptXXb``."""
    stem = f"mpt{secrets.token_hex(3)}"
    yield from _system_users([f"jupyter-{stem}{suffix}" for suffix in ("a", "b")])


def test_the_littlest_jupyterhubs_homes_are_its_hub_users(
    tmp_path: Path, tljh_users: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """/home/jupyter-p13, owned by jupyter-p13, is the hub user p13's: the name his
    records carry."""
    forger_login, classmate_login = tljh_users
    forger, classmate = (login.removeprefix("jupyter-") for login in tljh_users)
    homes = write_homes(tmp_path, names=(forger, classmate))
    for who, login in ((forger, forger_login), (classmate, classmate_login)):
        homes[who] = homes[who].rename(homes[who].with_name(login))
        _chown(homes[who], login)
    assert owned_homes([tmp_path / "home"]) == {homes[forger]: forger, homes[classmate]: classmate}
    out = tmp_path / "class.jsonl"
    assert main(["progress", "collect", str(tmp_path / "home"), "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert f"(by their owners): {forger}, {classmate}" in said
    assert f"moved: 13 records in {homes[forger]} named {classmate}: counted as {forger}'s" in said
    assert {r["who"] for r in _lines(out)} == {forger, classmate}  # never jupyter-…
