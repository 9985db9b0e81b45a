"""Skills over the weeks: a skill mastered comes back for review 1,
3, 7 and 21 days later, mixed into a later practice; a review missed lowers its level;
the report says when each skill was last shown to be known. Dated records stand for the
days that pass."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from mathplay.classroom import names
from mathplay.classroom.records import record
from mathplay.classroom.report import summary
from mathplay.classroom.spaced import INTERVALS, due_skills, skill_memory
from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.practice_run import REVIEW_EVERY
from mathplay.widgets.practice import Practice

NOW = datetime.now(timezone.utc)


def day(n: float) -> str:
    """``n`` days ago (negative: to come), as a record writes it."""
    return (NOW - timedelta(days=n)).isoformat()


def tries(
    *rights: bool, review_from: int | None = None, when: float = 10, name: str = "p"
) -> list[dict]:
    """Attempts at the skill ``and``, one puzzle each; from ``review_from`` on, reviews."""
    return [
        {"puzzle": f"{name}{i}", "skill": "and", "right": right, "when": day(when - i * 0.01),
         **({"review": True} if review_from is not None and i >= review_from else {})}
        for i, right in enumerate(rights)
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("rights", "level"),
    [
        ((), "not started"),
        ((False,), "practising"),
        ((True, False, True), "familiar"),
        ((True, True, False, True), "familiar"),  # 3 right, but not the last 2 in a row
        ((True, True, True), "mastered"),
        ((False, True, False, True, True), "mastered"),
    ],
)
def test_the_level_rule(rights: tuple[bool, ...], level: str) -> None:
    assert skill_memory(tries(*rights)).level == level


def test_a_known_skill_comes_back_after_1_3_7_and_21_days() -> None:
    found = skill_memory(tries(True, True, True))
    assert found.level == "mastered" and found.step == 0
    gap = datetime.fromisoformat(found.due) - datetime.fromisoformat(found.last_known)
    assert round(gap.total_seconds() / 86400) == INTERVALS[0]
    steps = []
    for reviews in range(1, 6):
        found = skill_memory(tries(True, True, True, *[True] * reviews, review_from=3))
        gap = datetime.fromisoformat(found.due) - datetime.fromisoformat(found.last_known)
        steps.append(round(gap.total_seconds() / 86400))
    assert steps == [3, 7, 21, 21, 21]
    assert found.reviews == 5 and found.level == "mastered"


def test_a_review_missed_lowers_the_level_and_starts_again() -> None:
    missed = skill_memory(tries(True, True, True, False, review_from=3))
    assert missed.level == "familiar" and missed.due == "" and missed.missed == 1
    # Practised again until mastered: reviews from 1 day again.
    again = skill_memory(tries(True, True, True, False, True, True, review_from=3)[:4]
                         + tries(True, True, when=5, name="q"))  # fmt: skip
    assert again.level == "mastered" and again.step == 0


def test_due_is_by_the_clock_of_the_records() -> None:
    mastered_two_days_ago = tries(True, True, True, when=2)
    assert [m.skill for m in due_skills(mastered_two_days_ago, NOW)] == ["and"]
    mastered_today = tries(True, True, True, when=0.1)
    assert due_skills(mastered_today, NOW) == []


@pytest.fixture(autouse=True)
def _ana() -> None:
    names.set_pupil("Ana")
    yield
    names.set_pupil(None)


def _mastered(log: Path, skill: str, days_ago: float) -> None:
    """Ana's records of mastering ``skill`` in a practice, ``days_ago``."""
    when = NOW - timedelta(days=days_ago)
    for n in range(4):
        record(log, who="Ana", puzzle_set="Practice: earlier", puzzle=f"{skill}-{n + 1}",
               answer="x", right=True, when=when + timedelta(minutes=n),
               extra={"skill": skill, "kind": "convert", "level": 2})  # fmt: skip


def _answer_right(practice: Practice) -> None:
    puzzle = practice.puzzle
    answer = puzzle.answer or KINDS[puzzle.kind].solutions(puzzle, 1)[0]
    choices = practice.choice_row.choices
    if choices:
        kind = KINDS[puzzle.kind]
        pick = next(c for c in choices if kind.check(puzzle, c).right)
        practice.choice_row.pick(choices.index(pick) + 1)
    else:
        practice.answer_box.value = answer
        practice.check_button.click()


def test_a_due_review_comes_in_a_later_practice_and_leaves_its_rows(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    _mastered(log, "binary-to-decimal", days_ago=2)
    practice = Practice(skills=["and", "or"], log=log)
    for _ in range(REVIEW_EVERY):
        assert "Review" not in practice.heading.value
        _answer_right(practice)
        practice.next_button.click()
    assert "Review: Binary → decimal, from an earlier lesson." in practice.heading.value
    rows = (practice.streak, dict(practice.rows))
    _answer_right(practice)
    assert "You still know it" in practice.status.value
    assert (practice.streak, practice.rows) == rows  # the practice's rows do not change
    practice.next_button.click()
    assert "Review" not in practice.heading.value  # one review a skill
    reviewed = [json.loads(line) for line in log.read_text().splitlines() if '"review"' in line]
    assert [(r["skill"], r["right"]) for r in reviewed] == [("binary-to-decimal", True)]
    # Reviewed: not due again until 3 days on; the skill known today.
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    memory = skill_memory([e for e in entries if e.get("skill") == "binary-to-decimal"])
    today = {NOW.astimezone().isoformat()[:10], datetime.now().astimezone().isoformat()[:10]}
    assert memory.step == 1 and memory.last_known[:10] in today  # (a test run over midnight)
    assert "Review" not in Practice(skills=["xor", "not"], log=log).heading.value


def test_a_practice_comes_back_the_same_with_reviews_or_without(tmp_path: Path) -> None:
    """Reviews come from a stream of their own: the practice's puzzles are the same."""
    plain = Practice(skills=["and", "or"], log=tmp_path / "a.jsonl")
    log = tmp_path / "b.jsonl"
    _mastered(log, "binary-to-decimal", days_ago=2)
    mixed = Practice(skills=["and", "or"], log=log)
    own = []
    for _ in range(REVIEW_EVERY + 2):
        if "Review" not in mixed.heading.value:
            own.append(mixed.puzzle.id)
        _answer_right(mixed)
        mixed.next_button.click()
    seen = []
    for _ in range(len(own)):
        seen.append(plain.puzzle.id)
        _answer_right(plain)
        plain.next_button.click()
    assert own == seen


def test_the_report_says_when_each_skill_was_last_known_and_a_missed_review(
    tmp_path: Path,
) -> None:
    log = tmp_path / "progress.jsonl"
    _mastered(log, "binary-to-decimal", days_ago=9)
    record(log, who="Ana", puzzle_set="Practice: later", puzzle="review-binary-to-decimal-1",
           answer="3", right=False, when=NOW - timedelta(days=1),
           extra={"skill": "binary-to-decimal", "review": True})  # fmt: skip
    rows = summary(log).skill_rows()
    (row,) = [r for r in rows if r["skill"] == "binary-to-decimal"]
    assert row["level"] == "familiar" and row["review_due"] == ""
    assert row["last_known"][:10] == (NOW - timedelta(days=9)).astimezone().isoformat()[:10]


def test_my_progress_says_what_was_done_what_is_due_and_what_comes_next(tmp_path: Path) -> None:
    import mathplay

    log = tmp_path / "progress.jsonl"
    _mastered(log, "binary-to-decimal", days_ago=2)
    for n, right in enumerate([True, True, False, True]):
        record(log, who="Ana", puzzle_set="Lesson 5: binary numbers: end check",
               puzzle=f"check-{n}", answer="1", right=right,
               lesson="05-binary-numbers")  # fmt: skip
    page = mathplay.my_progress(log=log)  # the pupil this kernel knows: Ana
    text = page.text
    assert text.startswith("Ana's progress")
    assert "lesson 5: 3 puzzles right, end check: 3 of 4 right" in text
    assert "Binary → decimal: mastered, last shown on" in text and "review due now" in text
    assert text.endswith("Next: review Binary → decimal (a practice in any lesson shows it); "
                         "then lesson 6.")  # fmt: skip
    shown = page._repr_html_()
    assert shown.startswith('<section class="mathplay-my-progress"><h3>Ana&#x27;s progress')
    names.set_pupil("Bo")
    assert "Nothing yet" in mathplay.my_progress(log=log).text  # Bo's own records only


def test_my_progress_page_asks_who_then_shows_their_progress(tmp_path: Path) -> None:
    """The website's "My progress" page starts with nobody known: it asks the name (as a
    lesson does), then shows that pupil's own progress."""
    from mathplay.widgets.my_page import MyProgressPage

    log = tmp_path / "progress.jsonl"
    _mastered(log, "binary-to-decimal", days_ago=2)
    record(log, who="Ana", puzzle_set="Lesson 5: binary numbers: end check",
           puzzle="check-1", answer="1", right=True, lesson="05-binary-numbers")  # fmt: skip
    names.set_pupil(None)
    page = MyProgressPage(records=log)
    assert page.shown.value == ""
    assert "Write your name" in page.greeting.value
    page.name_area.box.value = "Ana"  # typed, then Enter
    assert "Ana&#x27;s progress" in page.shown.value
    assert "lesson 5: 1 puzzle right, end check: 1 of 1 right" in page.shown.value
    assert "review due now" in page.shown.value
    assert page.greeting.layout.display == "none"
    names.set_pupil("Bo")  # another pupil at this computer: only his own
    other = MyProgressPage(records=log)
    assert "Bo&#x27;s progress" in other.shown.value and "Nothing yet" in other.shown.value
    names.set_pupil(None)
