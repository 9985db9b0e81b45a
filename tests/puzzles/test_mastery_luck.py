"""Mastery a teacher can believe: no practice is mastered by guessing, reading the
buttons or repeating one answer.

The rule (docs/puzzles.md, "Mastery you can believe"): for every practice, the chance
that a pupil who guesses reaches "Mastered" within 100 puzzles is below 1 %, worked out
from the rule and the kinds (:mod:`mathplay.puzzles.luck`), and measured here with
simulated pupils meeting the practices as the widget deals them.
"""

from __future__ import annotations

import functools
import random
import subprocess
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from mathplay.i18n import speaking
from mathplay.puzzles.generate import KIND_LEVELS, generate
from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.luck import (
    HORIZON,
    LIMIT,
    luck_chance,
    practice_luck,
    practice_skills,
    simulate,
)
from mathplay.puzzles.practice_plan import pupil_seed, schedule
from mathplay.puzzles.practice_run import MASTERED, PracticeRun, Rows
from mathplay.puzzles.skills import SKILLS
from mathplay.puzzles.validate import load
from mathplay.widgets.practice import Practice

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ["00", "01", "02", "03", "04", "05", "06", "07", "08", "09", "10"]
FOLDERS = {"en": ROOT / "lessons" / "puzzles"} | {
    language: ROOT / "lessons" / language / "puzzles" for language in ("es", "ms", "el")
}
#: The lessons whose practices deal game moves: each takes 20–50 ms to make, so CI
#: simulates fewer pupils there (tools/mastery_luck.py runs 200 of every lesson).
MOVES = {"00", "03", "04", "09"}


def practice_of(number: str, language: str = "en") -> dict:
    """The lesson's practice, read from its file (opening the lesson would make mathplay
    speak its language, for the tests after this one too)."""
    (path,) = FOLDERS[language].glob(f"{number}-*.toml")
    return dict(load(path).practices[0])


# --- the chance, worked out --------------------------------------------------------------


def _sampled(goal: int, each: int, chances: list[float], runs: int, seed: int) -> float:
    """The chance of mastering within 100 puzzles, by playing the real schedule and rows."""
    rng = random.Random(seed)
    skills = [SKILLS[name] for name in ("and", "or", "xor", "not")[: len(chances)]]
    won = 0
    for _run in range(runs):
        order = schedule(rng.randrange(2**32), len(skills), HORIZON)
        rows = Rows(skills, goal, each)
        for index in order:
            rows.start(skills[index])
            if rows.answered(rng.random() < chances[index]) == MASTERED:
                won += 1
                break
    return won / runs


@pytest.mark.parametrize(
    ("goal", "each", "chances"),
    [(4, 1, [0.5]), (4, 2, [0.5, 0.35]), (5, 2, [0.6, 0.3, 0.45]), (4, 1, [0.4, 0.4, 0.4])],
)
def test_the_worked_out_chance_is_what_the_practice_does(
    goal: int, each: int, chances: list[float]
) -> None:
    worked = luck_chance(goal, each, chances)
    sampled = _sampled(goal, each, chances, 4000, seed=goal * 31 + each)
    # 4000 runs: a standard error of at most 0.008.
    assert abs(worked - sampled) < 0.035, (worked, sampled)


def test_the_chance_grows_with_the_chances_and_falls_with_the_goal() -> None:
    assert luck_chance(4, 1, [0.5]) > 0.95  # true or false, 4 in a row: nearly always
    assert luck_chance(4, 1, [1 / 3]) > 0.5
    assert luck_chance(13, 1, [0.5]) < 0.01
    assert luck_chance(4, 1, [0.05]) < 0.001
    assert luck_chance(6, 2, [0.3] * 4) < luck_chance(6, 2, [0.35] * 4) < 0.02


# --- what was seen, reproduced -----------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "at_least"),
    [
        # Lesson 00 and 01 before: true or false alone, 4 in a row.
        ({"kind": "true-or-false", "level": 1, "goal": 4}, 0.5),
        ({"kind": "true-or-false", "level": 3, "goal": 4}, 0.5),
        # Lesson 09 before: one binary digit missing (0 or 1).
        ({"kind": "missing", "level": 5, "goal": 4}, 0.9),
    ],
)
def test_the_old_practices_are_mastered_by_guessing(options: dict, at_least: float) -> None:
    luck = practice_luck(options)
    assert luck.too_lucky and luck.chance > at_least
    found = simulate(options, pupils=30)[None]
    assert max(found.values()) >= 15, found  # half the class of guessers, or more


def test_lesson_01s_old_buttons_were_read_off_and_are_not_now() -> None:
    # Before: a true equation showed 2 buttons, a false one 3, one ending "so it is true".
    from mathplay.puzzles.model import Puzzle

    kind = KINDS["true-or-false"]
    old_false = Puzzle("f", "true-or-false", fields={
        "equation": "11 - 4 x 2 = 14",
        "why": ["x comes before -", "11 - 4 = 7, and 7 x 2 = 14, so it is true"]})  # fmt: skip
    true = Puzzle("t", "true-or-false", fields={"equation": "11 - 4 x 2 = 3"})
    assert kind.choices(old_false) == kind.choices(true)  # the same buttons now
    from mathplay.puzzles.layout import layout_problems
    from mathplay.puzzles.model import Worksheet

    said = [p.message for p in layout_problems(Worksheet("t", [old_false, true]), "t.toml")]
    assert any("says the equation is true" in message for message in said), said


# --- every lesson, now ---------------------------------------------------------------------


@pytest.mark.parametrize("number", LESSONS)
def test_every_lessons_practice_is_under_the_limit(number: str) -> None:
    luck = practice_luck(practice_of(number))
    assert luck.chance < LIMIT, (number, luck)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["es", "ms", "el"])
@pytest.mark.parametrize("number", LESSONS)
def test_every_translated_practice_is_under_the_limit(number: str, language: str) -> None:
    options = practice_of(number, language)
    assert options == practice_of(number)  # the same practice as the English lesson
    luck = practice_luck(options, language)
    assert luck.chance < LIMIT, (number, language, luck)


#: Simulated pupils of each kind per lesson: in English, in each translation; fewer
#: where the practice deals game moves. Seeded, so a run is the same on any machine; the
#: chance itself is worked out exactly above, and bench/mastery_luck.py runs 200.
PUPILS = {"en": 50, "others": 25}
PUPILS_MOVES = {"en": 6, "others": 3}


def _simulated(number: str) -> list[tuple[str, int, dict]]:
    counts = PUPILS_MOVES if number in MOVES else PUPILS
    english = simulate(practice_of(number), pupils=counts["en"], languages=("en",))
    others = simulate(practice_of(number), pupils=counts["others"], languages=OTHERS)
    return [(number, counts["en"], english), (number, counts["others"], others)]


#: The translations: the same practice with its buttons laid out in other words
#: (test_every_translated_practice_is_under_the_limit works their chance out exactly).
OTHERS = ("es", "ms", "el")


@pytest.mark.slow
def test_no_guessing_pupil_masters_a_lesson_in_any_language() -> None:
    """:data:`PUPILS` pupils of each kind (guess, read the layout, repeat one answer) in
    English and in each translation, every lesson; :data:`PUPILS_MOVES` where the
    practice deals game moves, each slow to make. Two processes: the machine has two
    cores."""
    # The lessons whose practice deals game moves are the slowest: handed out first, so
    # that the two processes finish together.
    order = sorted(LESSONS, key=lambda number: number not in MOVES)
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = [row for rows in pool.map(_simulated, order) for row in rows]
    for number, pupils, found in results:
        for language, by_strategy in found.items():
            for strategy, mastered in by_strategy.items():
                assert mastered / pupils < LIMIT, (number, language, strategy, mastered)


def test_the_simulated_pupil_meets_what_the_widget_shows() -> None:
    """The simulation plays PracticeRun; the widget shows the same puzzles and keeps the
    same rows for the same answers."""
    options = practice_of("01")
    skills, goal, each = practice_skills(options)
    widget = Practice(skills=options["skills"], each=each, goal=goal, who="Ana", log=None)
    run = PracticeRun(skills, pupil_seed("Ana", "+".join(options["skills"]), 0), goal, each)
    pattern = [True, True, False, True, True, True, True, True, True, True, True, True]
    for right in pattern:
        puzzle = run.next()
        assert widget.puzzle.id == puzzle.id and widget.puzzle.fields == puzzle.fields
        kind = KINDS[puzzle.kind]
        if right:
            choices = kind.choices(puzzle)
            answer = (
                puzzle.answer
                if choices is None
                else next(c for c in choices if kind.check(puzzle, c).right)
            )
        else:
            answer = "99999" if kind.choices(puzzle) is None else kind.choices(puzzle)[0]
        result = kind.check(puzzle, answer)
        if choices := kind.choices(puzzle):
            widget.choice_row.pick(choices.index(answer) + 1)
        else:
            widget.answer_box.value = answer
            widget.check_button.click()
        run.answered(result.right)
        assert (widget.streak, widget.rows, widget.mastered) == (run.streak, run.rows, run.mastered)
        widget.next_button.click()
    assert run.mastered


# --- no answer in the layout: 1,000 items of every kind and level with buttons ------------


@functools.cache
def thousand(kind: str, level: int) -> list:
    """1,000 puzzles as pupils meet them: 50 sheets of 20 (a practice draws each puzzle
    with a seed of its own, so a level is never used up as one sheet of 1,000 would)."""
    return [p for seed in range(50) for p in generate(kind, level, 20, seed=seed).puzzles]


#: The kinds and levels answered with buttons (which-operation 3 has two signs to type).
CHOICE_LEVELS = [
    (kind, level)
    for kind, levels in KIND_LEVELS.items()
    for level in levels
    if kind in ("true-or-false", "which-operation") and (kind, level) != ("which-operation", 3)
]


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "level"), CHOICE_LEVELS)
@pytest.mark.parametrize("language", ["en", "es", "ms", "el"])
def test_the_buttons_never_tell_the_answer(kind: str, level: int, language: str) -> None:
    puzzles = thousand(kind, level)
    checker = KINDS[kind]
    with speaking(language):
        layouts = [tuple(checker.choices(p) or ()) for p in puzzles]
        right = [
            next(i for i, c in enumerate(buttons) if checker.check(p, c).right or
                 checker.check(p, c).follow_up)
            for p, buttons in zip(puzzles, layouts)
        ]  # fmt: skip
    # One layout for every item of the level, whatever its answer: the same count, the
    # same words.
    assert len(set(layouts)) == 1, Counter(len(layout) for layout in layouts)
    (buttons,) = set(layouts)
    # No button is right more often than its fair share and a margin (the generator
    # deals the answers in turn), so picking one button always does not pay either.
    shares = Counter(right)
    assert set(shares) == set(range(len(buttons))), shares
    assert max(shares.values()) / len(puzzles) < 1 / len(buttons) + 0.1, shares
    if kind == "true-or-false":
        # No "false" button says the equation is true.
        assert not any("true" in b.split(":", 1)[-1] for b in buttons[1:] if language == "en")


# --- puzzles check -------------------------------------------------------------------------


def test_puzzles_check_states_each_practices_chance(tmp_path: Path) -> None:
    one = '[[puzzle]]\nid = "a"\nkind = "missing"\nequation = "3 + _ = 7"\n\n'
    lucky = tmp_path / "lucky.toml"
    lucky.write_text(
        f'title = "T"\n\n{one}[practice]\nkind = "true-or-false"\nlevel = 2\ngoal = 4\n'
    )
    fine = tmp_path / "fine.toml"
    fine.write_text(
        f'title = "T"\n\n{one}[practice]\n'
        'skills = ["two-sides", "times-first", "left-to-right"]\neach = 2\ngoal = 6\n'
    )
    ran = subprocess.run(
        [sys.executable, "-m", "mathplay", "puzzles", "check", str(lucky), str(fine)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    out = ran.stdout
    assert ran.returncode == 1, out
    assert "lucky.toml, line 8: a pupil who guesses masters this practice within 100" in out
    assert "fine.toml: practice (two-sides, times-first, left-to-right; 6 right in a row" in out
    assert "(limit 1 %)" in out and "fine.toml: 1 puzzles, all fine." in out
