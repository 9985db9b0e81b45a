"""The teacher's term view read back from a real JupyterHub with PostgreSQL: a class of
30 sends a term's records (practices mastered or not, end checks, reviews) through the
records service, and the teacher's ``gradebook.csv``, ``sets.csv`` and ``skills.csv``
are exactly what the same rules give for the records sent (``mathplay.classroom.
roster``), and a practice's Mastered reads as its skills mastered."""

from __future__ import annotations

import csv
import io
import json
import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone

import pytest

from mathplay.classroom.roster import gradebook_rows, set_rows, skill_rows
from tests.hub.conftest import _cannot, _proxy
from tests.hub.postgres import Postgres, postgres_bin
from tests.hub.records_hub import SERVICE, TEACHER, RecordsHub

PUPILS = [f"p{n:02d}" for n in range(30)]
CLASS = "7c"
#: A lesson's practice skills and end-check size, as lessons 05 and 07 have them.
LESSONS = {
    "05-binary-numbers": (["binary-to-decimal", "decimal-to-binary"], 4),
    "07-bitwise-logic": (["and", "or", "xor", "not"], 5),
}
START = datetime(2026, 9, 1, 9, tzinfo=timezone.utc)


def _term(pupil: str, rng: random.Random) -> list[dict[str, object]]:
    """A pupil's records over a term: each lesson's practice (mastered by some), its end
    check (each question right or not), on days apart."""
    out: list[dict[str, object]] = []
    for day, (lesson, (skills, questions)) in enumerate(LESSONS.items()):
        when = START + timedelta(days=7 * day)
        mastered = rng.random() < 0.6
        answers = len(skills) * 2 if mastered else rng.randint(1, len(skills))
        for n in range(answers):
            record: dict[str, object] = {
                "who": pupil, "set": f"Practice: {lesson}", "lesson": lesson,
                "puzzle": f"{skills[n % len(skills)]}-{n + 1}", "answer": "1",
                "right": mastered or rng.random() < 0.5, "skill": skills[n % len(skills)],
                "when": (when + timedelta(minutes=n)).isoformat(),
            }  # fmt: skip
            if mastered and n == answers - 1:
                record |= {"practice_mastered": True, "practice_skills": skills}
            out.append(record)
        if rng.random() < 0.9:  # a few never took the end check
            for q in range(questions):
                out.append({
                    "who": pupil, "set": f"{lesson}: end check", "lesson": lesson,
                    "puzzle": f"check-{q + 1}", "answer": "1", "right": rng.random() < 0.7,
                    "moment": "check", "questions": questions,
                    "when": (when + timedelta(hours=1, minutes=q)).isoformat(),
                })  # fmt: skip
    return out


@pytest.fixture(scope="module")
def class_hub() -> Iterator[RecordsHub]:
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        _cannot("the jupyterhub package is not installed (pip install -e '.[test]')")
    if postgres_bin() is None:
        _cannot("PostgreSQL is not installed (apt-get install postgresql)")
    classes = {"teachers": [TEACHER], CLASS: [TEACHER, *PUPILS]}
    with Postgres() as server, RecordsHub(server.url, _proxy(), [TEACHER, *PUPILS], classes) as hub:
        yield hub


def test_the_gradebook_of_a_class_of_30_is_read_back_exactly(class_hub: RecordsHub) -> None:
    rng = random.Random(70)
    sent = {pupil: _term(pupil, rng) for pupil in PUPILS}

    def send(pupil: str) -> int:
        token = class_hub.token_for(pupil)
        lines = [json.dumps(r) for r in sent[pupil]]
        status, answer = class_hub.call("POST", SERVICE + "api/records", token, {"lines": lines})
        assert status == 200, (pupil, status, answer)
        return len(lines)

    with ThreadPoolExecutor(max_workers=6) as pool:
        assert sum(pool.map(send, PUPILS)) == sum(len(r) for r in sent.values())

    teacher = class_hub.token_for(TEACHER)
    every = [r for pupil in PUPILS for r in sent[pupil]]

    def download(kind: str) -> list[dict[str, str]]:
        status, text = class_hub.call("GET", f"{SERVICE}class/{CLASS}/{kind}.csv", teacher)
        assert status == 200, (kind, status, text)
        raw = text if isinstance(text, bytes) else json.dumps(text).encode()
        return list(csv.DictReader(io.StringIO(raw.decode("utf-8"))))

    book = {row["who"]: row for row in download("gradebook")}
    columns, expected = gradebook_rows(every, PUPILS)
    assert sorted(book) == PUPILS
    assert list(next(iter(book.values()))) == columns
    for row in expected:
        assert book[str(row["who"])] == {k: str(v) for k, v in row.items()}, row["who"]
    # What it says, in the teacher's words: somebody mastered, somebody did not.
    practice = [row["07 practice"] for row in book.values()]
    assert "mastered" in practice and "started" in practice
    for row in book.values():
        if row["05 practice"] == "mastered":
            assert row["05 skills mastered"] == "2/2"

    sets = download("sets")
    wanted = {(r["who"], r["set"]): (str(r["answered"]), str(r["right"]))
              for r in set_rows(every, PUPILS)}  # fmt: skip
    assert {(r["who"], r["set"]): (r["answered"], r["right"]) for r in sets} == wanted
    skills = download("skills")
    levels = {(r["who"], r["skill"]): r["level"] for r in skill_rows(every, PUPILS)}
    assert {(r["who"], r["skill"]): r["level"] for r in skills} == levels
    assert not any(r["skill"].endswith("end check") for r in skills)
