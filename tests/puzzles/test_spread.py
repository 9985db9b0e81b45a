"""Practice that covers the lesson and cannot be gamed, as statistics
over fixed seeds.

Generated sheets of 20, for every kind and level and every skill: no question twice, no
swapped twin (``3 + 4`` and ``4 + 3``), no answer on more than 20 % of a sheet (or the fair
share where a level has fewer answers). A lesson's practice: every skill its file names
comes, dealt in turn (never one twice in a row), with no question or twin twice in 40 and
answers spread. Mixmath best placements: no answer on more than 10 % of 400 puzzles.
Mastery wants ``each`` right in a row in every skill, and ``goal`` in all.

The twin test here is written apart from mathplay's own key (``spread.question_key``).
"""

from __future__ import annotations

import itertools
import json
import math
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mathplay.lessons.runtime import OpenLesson
from mathplay.puzzles.format import Puzzle
from mathplay.puzzles.generate import KIND_LEVELS, GenerateError, generate
from mathplay.puzzles.sections import read_sections
from mathplay.puzzles.skills import SKILLS
from mathplay.widgets.practice import Practice
from tests.puzzles.test_practice import _nobody, answer, attempts, wrong  # noqa: F401

LESSONS = Path(__file__).resolve().parents[2] / "lessons" / "puzzles"
QUICK = [
    (kind, level) for kind, levels in KIND_LEVELS.items() for level in levels if kind != "move"
]
_COMMUTATIVE = {"+", "x", "AND", "OR", "XOR"}


def twin(kind: str, fields: dict[str, Any], answer: str | None) -> tuple[Any, ...]:
    """The same for a question and the one with its two numbers swapped."""
    text = str(fields.get("equation") or fields.get("expression") or fields.get("tiles") or "")
    left, _eq, right = text.partition("=")
    tokens = re.findall(r"AND|OR|XOR|NOT|[0-9_?]+|\S", left)
    op = answer if kind == "which-operation" else tokens[1] if len(tokens) == 3 else None
    if kind == "target":
        tokens = sorted(tokens)
    elif len(tokens) == 3 and op in _COMMUTATIVE:
        a, b = (t.lstrip("0") or "0" if t.isdigit() else t for t in (tokens[0], tokens[2]))
        tokens = [*sorted([a, b]), tokens[1]]
    skip = ("equation", "expression", "tiles", "why")
    rest = sorted((k, str(v)) for k, v in fields.items() if k not in skip)
    return (kind, tuple(tokens), right.strip(), tuple(rest))


def most(n: int, distinct: int) -> int:
    """20 % of ``n`` puzzles, or the fair share when only ``distinct`` answers exist."""
    return max(math.ceil(n * 0.2), math.ceil(n / distinct))


def check_sheets(sheets: list[list[Puzzle]], kind: str) -> None:
    every = {p.answer for sheet in sheets for p in sheet}
    for sheet in sheets:
        keys = [twin(kind, p.fields, p.answer) for p in sheet]
        assert len(set(keys)) == len(keys), f"a question or its twin twice: {keys}"
        top = Counter(p.answer for p in sheet).most_common(1)[0][1]
        assert top <= most(len(sheet), len(every)), f"one answer {top} times in {len(sheet)}"


@pytest.mark.parametrize(("kind", "level"), QUICK)
def test_sheets_of_20_have_no_twins_and_spread_answers(kind: str, level: int) -> None:
    seeds = range(20 if (kind, level) not in (("which-operation", 3), ("target", 3)) else 4)
    n = 15 if (kind, level) == ("convert", 1) else 20  # it has only 15 questions
    check_sheets([generate(kind, level, n, seed=s).puzzles for s in seeds], kind)


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "level"), [p for p in QUICK if p != ("convert", 1)])
def test_sheets_of_20_have_no_twins_and_spread_answers_200_seeds(kind: str, level: int) -> None:
    check_sheets([generate(kind, level, 20, seed=s).puzzles for s in range(200)], kind)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SKILLS))
def test_every_skill_keeps_its_choice_and_spreads(name: str) -> None:
    skill = SKILLS[name]
    # Slow to make (a game's moves: 20-50 ms each; which-operation: 18 ms): fewer seeds.
    seeds = range(200 if skill.kind not in ("which-operation", "move") else 20)
    size = 20 if skill.kind != "move" else 8
    sheets = [skill.generate(size, seed=s).puzzles for s in seeds]
    check_sheets(sheets, skill.kind)
    for option in skill.only.get("to", []):
        assert all(p.fields["to"] == option for sheet in sheets for p in sheet)
    for option in skill.only.get("op", []):
        # The operation of the equation, or of the fact a family puzzle gives.
        text = [
            p.fields.get("fact") or p.fields.get("equation") or p.fields["expression"]
            for s in sheets
            for p in s
        ]
        assert all(f" {option} " in t for t in text)


def test_a_restriction_the_level_has_not_is_refused() -> None:
    with pytest.raises(GenerateError, match="no choice 'op'"):
        generate("convert", 2, 1, only={"op": ["AND"]})
    with pytest.raises(GenerateError, match="keeps some of OR, XOR"):
        generate("bitwise", 2, 1, only={"op": ["AND"]})


def test_mixmath_best_placements_spread() -> None:
    answers = Counter(generate("move", 4, 1, seed=s).puzzles[0].answer for s in range(400))
    (top, count), *_ = answers.most_common(1)
    assert count <= 40, f"{top} is the best placement of {count} of 400 boards"
    assert len(answers) >= 60


# --- a lesson's practice --------------------------------------------------------------


def lesson_practices() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted(LESSONS.glob("*.toml")):
        for table in OpenLesson(path.stem, folder=LESSONS, log=None).sheet.practices:
            out.append((path.stem, table))
    return out


def test_each_lesson_practises_every_skill_its_goals_name() -> None:
    """The skills the goal map names ([[goal]], tests/lessons/test_goals.py) are the
    practice's, and the practice has no other."""
    practised = {name: set(table.get("skills", [])) for name, table in lesson_practices()}
    for name in practised:
        if not practised[name]:
            continue  # a practice of one kind and level
        sheet = OpenLesson(name, folder=LESSONS, log=None).sheet
        named = {skill for goal in sheet.goals for skill in goal["skills"]}
        assert practised[name] == named, name


@pytest.mark.parametrize(("name", "table"), lesson_practices(), ids=lambda x: str(x)[:20])
def test_a_stream_of_40_covers_interleaves_and_never_repeats(name: str, table: dict) -> None:
    practice = Practice(who="Ana", log=None, **table)
    assert practice.current is not None, practice.problems
    shown, keys, answers = [], [], []
    for _ in range(40 if table.get("kind") != "move" else 12):
        puzzle = practice.puzzle
        shown.append(practice.skill.name)
        keys.append(twin(puzzle.kind, puzzle.fields, puzzle.answer))
        answers.append(puzzle.answer)
        practice.next()
    assert set(shown) == {skill.name for skill in practice.skills}
    if len(practice.skills) > 1:
        assert all(a != b for a, b in itertools.pairwise(shown)), shown
        rounds = len(practice.skills)
        assert all(
            len(set(shown[i : i + rounds])) == rounds
            for i in range(0, len(shown) - rounds + 1, rounds)
        )
    assert len(set(keys)) == len(keys), "a question or its twin twice in one practice"
    choices = [skill.choices or 20 for skill in practice.skills]
    # A skill with few answers (three signs to pick from) may have its fair share.
    bound = most(20, sum(choices)) if min(choices) >= 20 else most(20, min(choices))
    for start in range(len(answers) - 19):
        window = Counter(answers[start : start + 20])
        assert window.most_common(1)[0][1] <= bound, window
    for start in range(len(answers) - 4):
        window = Counter(answers[start : start + 5])
        assert window.most_common(1)[0][1] <= most(5, min(choices)), window


def test_two_pupils_get_their_own_interleaving() -> None:
    skills = ["and", "or", "xor", "not"]

    def order(who: str) -> list[str]:
        practice = Practice(skills=skills, who=who, log=None)
        out = []
        for _ in range(8):
            out.append(practice.skill.name)
            practice.next()
        return out

    assert order("Ana") == order(" ana ") != order("Bo")


# --- mastery per skill ----------------------------------------------------------------


def test_mastered_only_when_every_skill_has_its_row(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    practice = Practice(
        skills=["binary-to-decimal", "decimal-to-binary"], each=2, goal=2, who="Ana", log=log
    )
    assert "Practice: Binary → decimal, Decimal → binary" in practice.title.value
    assert "and 2 in a row in every skill" in practice.streak_label.value
    assert "Binary → decimal: 0 of 2 in a row" in practice.skills_label.value
    first = practice.skill.name
    assert practice.skill.title in practice.heading.value
    answer(practice)  # A right
    practice.next_button.click()
    other = practice.skill.name
    assert other != first
    answer(practice, wrong(practice))  # B wrong: its row and the whole row start again
    assert practice.rows == {first: 1, other: 0} and practice.streak == 0
    answer(practice)  # right now, but it does not count
    for _ in range(3):  # A, B, A right: the whole row is over the goal, B has 1 of 2
        practice.next_button.click()
        answer(practice)
    assert practice.streak == 3 and practice.rows == {first: 3, other: 1}
    assert not practice.mastered
    assert "Now get 2 in a row in every skill below" in practice.streak_label.value
    assert "2 of 2 in a row ✓ done" in practice.skills_label.value
    practice.next_button.click()
    answer(practice)  # B right: 2 of 2
    assert practice.mastered and practice.rows == {first: 3, other: 2}
    assert "And 2 in a row in every skill." in practice.streak_label.value
    rows = attempts(log)
    assert [r["skill"] for r in rows] == [first, other, other, first, other, first, other]
    assert {r["kind"] for r in rows} == {"convert"} and {r["level"] for r in rows} == {2}
    assert all(r["puzzle"].startswith(r["skill"] + "-") for r in rows)
    assert all(json.dumps(r) for r in rows)


def test_a_lesson_practice_from_its_file() -> None:
    practice = OpenLesson("07", folder=LESSONS, log=None).practice()
    assert [s.name for s in practice.skills] == ["and", "or", "xor", "not"]
    assert (practice.each, practice.goal) == (2, 6)


@pytest.mark.parametrize(
    ("table", "words"),
    [
        ({"skills": ["and", "ore"]}, "unknown skill 'ore' (did you mean 'or'?)"),
        ({"skills": []}, "a list of names"),
        ({"skills": ["and", "and"]}, "named twice"),
        ({"skills": ["and"], "kind": "bitwise"}, "not both: remove kind"),
        ({"skills": ["and", "or"], "each": 0}, "each (right answers in a row in every skill)"),
        ({"kind": "bitwise", "level": 1, "each": 2}, "each is for a practice with skills"),
    ],
)
def test_bad_skills_are_named_with_their_line(table: dict, words: str) -> None:
    lines = {"practice": 10, "practice.skills": 11, "practice.each": 12, "practice.kind": 13}
    _practices, _check, problems = read_sections({"practice": table}, set(), lines, "f.toml")
    assert len(problems) == 1 and words in problems[0].message, problems
    assert problems[0].line in (11, 12, 13)
    refused = Practice(log=None, **table)
    assert refused.problems and words.split(" (")[0] in refused.problems[0]
