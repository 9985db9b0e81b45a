"""The class as the teacher knows it.

A class of 30 on a class list: 25 pupils answered (seeded, at random), 5 never did; one
pupil's records are in two files; one handed-in file was edited to add records under a
classmate's name. Collected and reported through the commands, every cell of the CSV
and of the per-set CSV equals a ground truth worked out here from what was written (a set
of the same questions for everyone is no skill: the skills CSV has no row),
the absent pupils are "not started", and the flags appear. Before, a pupil who never
answered was not in the report at all ("29 pupils").
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest

from mathplay.__main__ import main
from mathplay.classroom.records import record
from mathplay.classroom.roster import SET_COLUMNS, SKILL_COLUMNS, ClassListError, read_class_list

PUZZLES = [f"p{n}" for n in range(1, 6)]
NAMES = [f"Pupil {n:02d}" for n in range(1, 31)]


def _write_class(home: Path) -> dict[tuple[str, str], list[tuple[bool, int]]]:
    """Write the class's files; what each pupil did at each puzzle, (right, hints) in
    order, as the ground truth."""
    rng = random.Random(32)
    truth: dict[tuple[str, str], list[tuple[bool, int]]] = {}
    for who in NAMES[:25]:
        folder = home / who.replace(" ", "-").lower()
        folder.mkdir(parents=True)
        for puzzle in rng.sample(PUZZLES, rng.randint(1, 5)):
            for attempt in range(rng.randint(1, 3)):
                right, hints = rng.random() < 0.6, rng.choice([0, 0, 0, 1])
                file = "mathplay-progress.jsonl"
                if who == NAMES[3] and puzzle in ("p4", "p5"):
                    file = "lab-pc.jsonl"  # the same pupil, on another machine
                answer = "1" if right else f"2{attempt}"
                record(folder / file, who=who, puzzle_set="S", puzzle=puzzle, answer=answer,
                       right=right, hints=hints)  # fmt: skip
                truth.setdefault((who, puzzle), []).append((right, hints))
                if right:
                    break
    forged = home / "pupil-05" / "mathplay-results-pupil-05.jsonl"
    record(forged, who=NAMES[4], puzzle_set="S", puzzle="p1", answer="1", right=True)
    record(forged, who=NAMES[7], puzzle_set="S", puzzle="p3", answer="1", right=True)
    for who in (NAMES[4], NAMES[7]):
        puzzle = "p1" if who == NAMES[4] else "p3"
        truth.setdefault((who, puzzle), []).append((True, 0))
    return truth


def test_a_class_of_30_with_a_class_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home"
    truth = _write_class(home)
    roster = tmp_path / "class.csv"
    roster.write_text("name,group\n" + "".join(f"{name},5A\n" for name in NAMES))
    out = tmp_path / "class.jsonl"
    assert main(["progress", "collect", str(home), "-o", str(out)]) == 0
    collected = capsys.readouterr().out
    assert f"check: {NAMES[3]}: records come from 2 files" in collected
    assert "a handed-in file names 2 pupils (Pupil 05, Pupil 08)" in collected
    args = ["progress", "report", str(out), "--class", str(roster)]
    args += ["--csv", str(tmp_path / "r.csv"), "--skills-csv", str(tmp_path / "s.csv")]
    args += ["--sets-csv", str(tmp_path / "sets.csv")]
    assert main(args) == 0
    report = capsys.readouterr().out
    assert "Not started (5): " + ", ".join(NAMES[25:]) + "." in report
    for name in NAMES:
        assert name in report

    rows = list(csv.DictReader((tmp_path / "r.csv").open(encoding="utf-8")))
    assert len(rows) == 30 * len(PUZZLES)  # every pupil at every puzzle
    compared = 0
    for row in rows:
        done = truth.get((row["who"], row["puzzle"]), [])
        expected = {
            "attempts": str(len(done)),
            "solved": str(any(right for right, _h in done)).lower(),
            "first_try": str(bool(done) and done[0] == (True, 0)).lower(),
            "hints": str(max((h for _r, h in done), default=0)),
        }
        assert {key: row[key] for key in expected} == expected, row
        compared += len(expected)
    assert compared == 30 * len(PUZZLES) * 4

    # A set of the same questions for everyone is no skill: no row in the skills CSV,
    # a score in the sets CSV.
    skills = list(csv.DictReader((tmp_path / "s.csv").open(encoding="utf-8")))
    assert skills == []
    assert (tmp_path / "s.csv").read_text(encoding="utf-8").split("\n")[0] == ",".join(
        SKILL_COLUMNS
    )
    sets = list(csv.DictReader((tmp_path / "sets.csv").open(encoding="utf-8")))
    assert list(sets[0]) == list(SET_COLUMNS)
    assert len(sets) == 30
    for row in sets:
        done = {p: truth[(row["who"], p)] for p in PUZZLES if (row["who"], p) in truth}
        assert row["set"] == "S"
        assert int(row["answered"]) == len(done)
        assert int(row["right"]) == sum(any(r for r, _h in t) for t in done.values())
        assert (row["last_active"] == "") == (not done)


def test_a_class_list_one_name_a_line_or_wrong(tmp_path: Path) -> None:
    plain = tmp_path / "names.txt"
    plain.write_text("\ufeffAna\n\nBen\n ana \nZoë\n")
    assert read_class_list(plain) == ["Ana", "Ben", "Zoë"]
    no_name = tmp_path / "bad.csv"
    no_name.write_text("pupil,group\nAna,5A\n")
    with pytest.raises(ClassListError, match="has no 'name' column"):
        read_class_list(no_name)
    with pytest.raises(ClassListError, match="there is no such file"):
        read_class_list(tmp_path / "nope.txt")


def test_the_records_as_xapi_statements(tmp_path: Path) -> None:
    import json

    home = tmp_path / "home"
    truth = _write_class(home)
    out = tmp_path / "class.jsonl"
    assert main(["progress", "collect", str(home), "-o", str(out)]) == 0
    xapi = tmp_path / "statements.json"
    assert main(["progress", "report", str(out), "--xapi", str(xapi)]) == 0
    made = json.loads(xapi.read_text())
    assert len(made) == sum(len(tries) for tries in truth.values())  # one per attempt
    assert len({s["id"] for s in made}) == len(made)
    for statement in made:
        assert set(statement) >= {"id", "actor", "verb", "object", "result", "timestamp"}
        assert statement["verb"]["id"] == "http://adlnet.gov/expapi/verbs/answered"
        assert statement["actor"]["account"]["name"] in NAMES
        assert statement["object"]["id"].startswith("urn:mathplay:puzzle:S/p")
        assert statement["result"]["duration"].startswith("PT")
    right = sum(s["result"]["success"] for s in made)
    assert right == sum(r for tries in truth.values() for r, _h in tries)
