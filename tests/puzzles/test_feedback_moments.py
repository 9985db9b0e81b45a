"""Feedback by moment: every shipped and lesson puzzle of every kind,
typical wrong answers, and what the guided puzzle, the practice and the end check say.

The harness (tests/puzzles/feedback_harness.py) finds what would give a right answer
away or pinpoint its fix, apart from the kinds' own checks. tools/feedback_reveals.py
prints the counts.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from mathplay import PuzzleSet
from mathplay.classroom import names as pupil_names
from mathplay.classroom.where import set_current_lesson
from mathplay.lessons.runtime import OpenLesson
from mathplay.puzzles import Puzzle, Worksheet
from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.moments import CHECK, GUIDED, MOMENTS, PRACTICE
from mathplay.puzzles.validate import validate, warn_puzzle
from mathplay.widgets.practice import Practice
from tests.puzzles.feedback_harness import LESSONS, cases, reveals, said

ALL_CASES = list(cases())


@pytest.fixture(autouse=True)
def _nobody() -> None:
    pupil_names.set_pupil(None)
    yield
    set_current_lesson(None)


def test_the_harness_drives_every_kind_with_many_wrong_answers() -> None:
    kinds = Counter(case.puzzle.kind for case in ALL_CASES)
    assert set(kinds) == set(KINDS), kinds
    assert all(count >= 9 for count in kinds.values()), kinds
    assert len(ALL_CASES) >= 600
    games = {case.puzzle.fields.get("game") for case in ALL_CASES if case.puzzle.kind == "move"}
    assert games == {"mixmath", "summy", "binary"}


@pytest.mark.parametrize("moment", MOMENTS)
def test_no_feedback_gives_a_right_answer_away_or_pinpoints_it(moment: str) -> None:
    found = []
    for case in ALL_CASES:
        why = reveals(case, said(case, moment), moment)
        if why:
            found.append(f"{case.source} {case.puzzle.id} {case.answer!r}: {why}")
    assert found == [], "\n".join(found[:20])


def test_the_detectors_are_real() -> None:
    """What the feedback said before this policy is caught: at every moment some of it
    gave the answer away or pointed at the fix."""
    from tests.puzzles.feedback_harness import said_before

    caught = Counter()
    for case in ALL_CASES:
        for moment in MOMENTS:
            if reveals(case, said_before(case), moment):
                caught[(moment, case.puzzle.kind)] += 1
    assert caught[(PRACTICE, "bitwise")] > 20 and caught[(PRACTICE, "convert")] > 10
    assert caught[(PRACTICE, "move")] > 20
    assert caught[(GUIDED, "move")] > 0, caught


def test_practice_words_name_no_value_square_or_column() -> None:
    puzzle = Puzzle("c", "convert", fields={"number": 9, "to": "binary"})
    kind = KINDS["convert"]
    assert "rightmost" in kind.check(puzzle, "1000").message  # guided: explains it
    practice = Practice("convert", 1, who="Ana", seed=5, log=None)
    practice.answer_box.value = "0"
    practice.check()
    text = practice.feedback.value
    assert "Not yet" in text and "column" not in text and "worth 1" not in text


# --- the end check: right or wrong only, then a review --------------------------------

LESSON = """
title = "Lesson 1: binary"

[[puzzle]]
id = "nine"
kind = "convert"
number = 9
to = "binary"
hints = ["Which place values fit in 9?"]
feedback.wrong = "Think of the cards."

[[puzzle]]
id = "order"
kind = "true-or-false"
equation = "2 + 3 x 4 = 20"
why = ["x comes first: 3 x 4 = 12, and 2 + 12 = 14", "+ comes first, and then x"]

[check]
puzzles = ["nine", "order"]
"""


def test_the_end_check_says_right_or_wrong_only_and_reviews_at_the_end(tmp_path: Path) -> None:
    (tmp_path / "01-binary.toml").write_text(LESSON)
    log = tmp_path / "p.jsonl"
    lesson = OpenLesson("01", folder=tmp_path, log=log)
    lesson.name_area.box.value = "Ana"
    check = lesson.check()
    assert check.moment == CHECK and check.hint_button.layout.display == "none"
    assert check.hint() is None
    check.answer_box.value = "1000"
    check.check()
    words = re.sub(r"<[^>]+>", " ", check.feedback.value)
    assert "✗ Not right." in words and "Press Next" in words
    assert "8" not in words.replace("1000", "") and "cards" not in words  # no teacher's words
    assert check.check_button.disabled and check.choice_row.disabled
    check.check("1001")  # one answer a question: not recorded again
    assert "kept" in check.feedback.value
    assert "1 of 2 answered" in check.progress_label.value
    check.next()
    # The verdict first (which side is bigger), then the reason: one answer in the end.
    check.choice_row.pick(check.choice_row.choices.index("false: the left side is smaller") + 1)
    assert "say why" in check.feedback.value and "1 of 2 answered" in check.progress_label.value
    reasons = check.choice_row.choices
    right = next(c for c in reasons if c.startswith("false: x comes first"))
    check.choice_row.pick(reasons.index(right) + 1)
    assert "✓ Right!" in check.feedback.value and "14" not in check.feedback.value
    check.next()
    review = check.review.value
    assert check.review in check.children
    assert "1000" in review and "1001" in review and "✗ not right" in review
    assert "✓ right" in review and "9 = 8 + 1" in review  # the worked solution
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(r["puzzle"], r["answer"], r["right"]) for r in rows if "event" not in r] == [
        ("nine", "1000", False),
        ("order", right, True),
    ]
    # Each Next wrote down the time from the answer to Next (the report's minutes).
    assert [(r["puzzle"], r["event"]) for r in rows if "event" in r] == [
        ("nine", "next"),
        ("order", "next"),
    ]


def test_guided_puzzles_keep_the_teachers_feedback_and_the_ladder() -> None:
    sheet = Worksheet("t", [Puzzle("nine", "convert", fields={"number": 9, "to": "binary"},
                                   hints=("Which place values fit in 9?",),
                                   feedback={"wrong": "Think of the cards."})])  # fmt: skip
    ps = PuzzleSet(sheet, who="Ana", log=None)
    assert ps.moment == GUIDED
    ps.check("1000")
    assert "Think of the cards." in ps.feedback.value and "1000 in binary is 8" in ps.feedback.value
    presses = 0
    while not ps.solution_seen:
        ps.hint()
        presses += 1
    assert presses <= 4


def test_a_moment_that_does_not_exist_is_refused() -> None:
    sheet = Worksheet("t", [Puzzle("n", "convert", fields={"number": 9, "to": "binary"})])
    with pytest.raises(Exception, match="the moment is one of guided, practice, check"):
        PuzzleSet(sheet, who="Ana", log=None, moment="exam")


# --- mathplay puzzles check ---------------------------------------------------------------


def test_puzzles_check_flags_feedback_that_points_at_the_right_move() -> None:
    text = (LESSONS / "03-mixmath.toml").read_text()
    from mathplay.puzzles import parse

    sheet = parse(text, "03-mixmath.toml")
    first = next(p for p in sheet.puzzles if p.id == "mixmath-first")
    assert KINDS["move"].solutions(first, 1)[0].startswith("H6")
    first.feedback["wrong"] = "At H6: 2 × 4 is 8."
    warned = [w.message for w in warn_puzzle(first, "03-mixmath.toml")]
    assert any("feedback.wrong gives the answer away" in m for m in warned), warned


def test_puzzles_check_flags_more_hints_than_a_pupil_sees() -> None:
    puzzle = Puzzle("n", "convert", fields={"number": 9, "to": "binary"},
                    hints=("a", "b", "c", "d"))  # fmt: skip
    warned = [w.message for w in warn_puzzle(puzzle, "f.toml")]
    assert any("has 4 hints" in m and "keep your best 3" in m for m in warned), warned
    assert validate(Worksheet("t", [puzzle])) == []  # a warning, not an error


@pytest.mark.parametrize("language", ["en", "es", "el", "ms"])
def test_no_feedback_says_a_sentence_twice(language: str) -> None:
    """A teacher's note that said again what the kind had said ("Did you write
    the bits the wrong way round?" twice, lesson 05) is said once."""
    from mathplay.i18n import speaking

    twice = []
    with speaking(language):
        for case in ALL_CASES:
            for moment in MOMENTS:
                text = said(case, moment)
                sentences = [s.strip() for s in re.split(r"(?<=[.!?;])\s+", text) if s.strip()]
                repeated = [s for s, n in Counter(sentences).items() if n > 1]
                if repeated:
                    twice.append(f"{case.puzzle.id} {case.answer!r} {moment}: {repeated[0]}")
    assert twice == [], "\n".join(twice[:10])
