"""How likely a pupil who does not know the answers is to master a practice by luck.

A practice is mastered with ``goal`` right answers in a row without hints, and ``each``
in a row in every skill (:mod:`mathplay.puzzles.practice_run`). A pupil who guesses gets
each puzzle right now and then; over :data:`HORIZON` puzzles a row of lucky answers can
come. mathplay's rule (``docs/puzzles.md``, "Mastery you can believe"): for every
practice, the chance that a pupil who guesses reaches "Mastered" within 100 puzzles is
below :data:`LIMIT` (1 %).

Three kinds of guessing pupil are measured, each on the practice's own puzzles:

- **guess**: picks one of the buttons at random; for a typed answer, types one of the
  answers the practice gives (as a pupil has seen them on a classmate's screen), at random;
- **layout**: reads the layout: picks the button whose wording (numbers left out) was
  right most often, among as many buttons; for a typed answer, the answer that question's
  wording most often has;
- **repeat**: gives one answer every time: the button in the place, or the typed answer,
  that was right most often.

What they learn, they learn from a classmate's puzzles (another seed), never from the
puzzle in front of them. :func:`guess_chances` measures each skill's chance per puzzle
for each; :func:`luck_chance` works out, exactly, the chance of mastering within 100
puzzles from those chances and the rule (the skills dealt in turn as a practice deals
them), taking each skill's best guesser; :func:`simulate` plays whole practices with
simulated pupils, as a check on both.

>>> round(luck_chance(4, 1, [0.5]), 3)  # true or false, 4 in a row: nearly always
0.973
>>> luck_chance(4, 1, [1 / 30]) < 0.001   # a typed answer among 30
True
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mathplay.errors import MathplayError
from mathplay.i18n import _, speaking
from mathplay.puzzles.kinds import KINDS, KindError
from mathplay.puzzles.model import Problem, Puzzle, Worksheet
from mathplay.puzzles.practice_plan import pupil_seed
from mathplay.puzzles.practice_run import MASTERED, PracticeRun, Rows
from mathplay.puzzles.skills import SKILLS, Skill, level_skill

__all__ = [
    "HORIZON",
    "LIMIT",
    "STRATEGIES",
    "GuessChance",
    "PracticeLuck",
    "guess_chances",
    "luck_chance",
    "percent",
    "practice_luck",
    "practice_report",
    "practice_skills",
    "simulate",
]

#: How many puzzles a guessing pupil is given.
HORIZON = 100
#: The largest chance of mastering a practice by luck within :data:`HORIZON` puzzles.
LIMIT = 0.01
#: The guessing pupils, by name.
STRATEGIES = ("guess", "layout", "repeat")
#: How many puzzles of a skill the chances are measured on (and learnt from).
SAMPLE = 120


# --- the exact chance, from the rule ------------------------------------------------


def _deals(
    skills: int, left: frozenset[int], last: int | None, held: int | None
) -> list[tuple[int, frozenset[int], int | None, float]]:
    """The skills the schedule can deal next, each with the skills left in its round,
    the skill held back for the round's end, and its chance.

    :func:`~mathplay.puzzles.practice_plan.schedule` deals rounds of every skill in a
    shuffled order, swapping a round's first skill with its last when it is the skill
    just dealt (``last``). So a round starts with any other skill, as likely as each
    other; and in one round of ``skills`` out of that many, the swap has held ``last``
    back for the round's end (``held``). Within a round, the next skill is any of those
    left (but the one held back, until it is alone), as likely as each other.
    """
    if not left:  # a new round
        every = frozenset(range(skills))
        if last is None or skills == 1:
            return [(s, every - {s}, None, 1 / skills) for s in sorted(every)]
        firsts = [s for s in sorted(every) if s != last]
        out: list[tuple[int, frozenset[int], int | None, float]] = []
        for s in firsts:
            chance = 1 / len(firsts)
            # Held back with chance 1/skills (the swap), else not.
            out.append((s, every - {s}, last, chance / skills))
            out.append((s, every - {s}, None, chance * (skills - 1) / skills))
        return out
    free = [s for s in sorted(left) if s != held or len(left) == 1]
    return [(s, left - {s}, None if s == held else held, 1 / len(free)) for s in free]


#: A state of the chance's working less likely than this is dropped (there are at most a
#: few hundred thousand states over 100 puzzles: together under 1e-8).
_NEGLIGIBLE = 1e-14
#: The chances worked out so far, by rule and skills' chances.
_WORKED: dict[tuple[Any, ...], float] = {}


def luck_chance(goal: int, each: int, chances: Sequence[float], horizon: int = HORIZON) -> float:
    """The chance of ``goal`` right in a row and ``each`` in a row in every skill within
    ``horizon`` puzzles, when a puzzle of skill ``i`` is right with chance ``chances[i]``
    (independently), the skills dealt in shuffled rounds. Exact, not sampled (but for
    states less likely than 1e-14, dropped)."""
    key = (goal, each, tuple(chances), horizon)
    if key in _WORKED:
        return _WORKED[key]
    count = len(chances)
    # A state: the row in all (up to goal), the rows of the skills (up to each), the
    # skill just dealt, the skills left in the round and the one held back for its end.
    State = tuple[int, tuple[int, ...], int | None, frozenset[int], int | None]
    states: dict[State, float] = {(0, (0,) * count, None, frozenset(), None): 1.0}
    mastered = 0.0
    for _puzzle in range(horizon):
        after: dict[State, float] = {}
        for (row, rows, last, left, held), chance in states.items():
            if chance < _NEGLIGIBLE:
                continue  # all such states together weigh less than a millionth of a %
            for skill, now_left, now_held, dealt in _deals(count, left, last, held):
                p = chances[skill]
                weight = chance * dealt
                if p > 0:  # right
                    new_rows = list(rows)
                    new_rows[skill] = min(each, rows[skill] + 1)
                    new_row = min(goal, row + 1)
                    if new_row >= goal and all(r >= each for r in new_rows):
                        mastered += weight * p
                    else:
                        key_ = (new_row, tuple(new_rows), skill, now_left, now_held)
                        after[key_] = after.get(key_, 0.0) + weight * p
                if p < 1:  # wrong: the rows start again
                    new_rows = list(rows)
                    new_rows[skill] = 0
                    key_ = (0, tuple(new_rows), skill, now_left, now_held)
                    after[key_] = after.get(key_, 0.0) + weight * (1 - p)
        states = after
    _WORKED[key] = mastered
    return mastered


# --- the guessing pupils --------------------------------------------------------------

_DIGITS = re.compile(r"[0-9]+")


def _shape(text: str) -> str:
    """``text`` with its numbers left out: what a pupil reads without working anything
    out (``false: 4 x 5 is 20`` → ``false: # x # is #``)."""
    return _DIGITS.sub("#", text.strip().casefold())


@dataclass
class _Item:
    """One puzzle as a guessing pupil meets it: its buttons (``None``: a text box), and
    which answers are right."""

    puzzle: Puzzle
    skill: str
    choices: list[str] | None
    check: Callable[[str], Any]

    def right(self, answer: str, pick: Callable[[list[str]], str]) -> bool:
        """Whether ``answer`` is right; a second question that follows it (the reason
        after true or false) is answered with ``pick``."""
        try:
            result = self.check(answer)
        except (MathplayError, KindError):
            return False
        if not result.right and result.follow_up:
            return bool(self.check(pick(list(result.follow_up))).right)
        return bool(result.right)


def _item(
    puzzle: Puzzle, skill: str, language: str | None, memo: dict[str, Any] | None = None
) -> _Item:
    """``puzzle`` as a pupil speaking ``language`` meets it. ``memo`` keeps what typed
    answers got (the same in every language), so that several languages judge each once."""
    kind = KINDS[puzzle.kind]
    language = language or "en"
    with speaking(language):
        choices = kind.choices(puzzle)

    def check(answer: str) -> Any:
        if memo is not None and choices is None and answer in memo:
            return memo[answer]
        with speaking(language):
            result = kind.check(puzzle, answer)
        if memo is not None and choices is None:
            memo[answer] = result
        return result

    return _Item(puzzle, skill, choices, check)


@dataclass
class _Lessons:
    """What a guessing pupil learnt from a classmate's puzzles."""

    #: The typed answers seen.
    pool: list[str] = field(default_factory=list)
    #: How often each typed answer was right, in all and by the question's wording.
    typed: Counter[str] = field(default_factory=Counter)
    typed_by_shape: dict[str, Counter[str]] = field(default_factory=dict)
    #: How often a button was right and shown, by (how many buttons, its wording).
    button_right: Counter[tuple[int, str]] = field(default_factory=Counter)
    button_shown: Counter[tuple[int, str]] = field(default_factory=Counter)
    #: How often the button in each place was right.
    place: Counter[int] = field(default_factory=Counter)

    def learn(self, item: _Item) -> None:
        if item.choices is None:
            answer = str(item.puzzle.answer or "")
            self.typed[answer] += 1
            self.typed_by_shape.setdefault(_question_shape(item), Counter())[answer] += 1
            if answer not in self.pool:
                self.pool.append(answer)
            return
        for place, choice in enumerate(item.choices):
            key = (len(item.choices), _shape(choice))
            self.button_shown[key] += 1
            if item.right(choice, lambda more: more[0]):
                self.button_right[key] += 1
                self.place[place] += 1


def _question_shape(item: _Item) -> str:
    kind = KINDS[item.puzzle.kind]
    try:
        question = kind.question(item.puzzle)
    except (MathplayError, KindError):
        question = ""
    return _shape(f"{item.puzzle.prompt or ''}|{question}")


def _answer(strategy: str, item: _Item, lessons: _Lessons, rng: random.Random) -> bool:
    """Whether the guessing pupil ``strategy`` gets ``item`` right."""
    choices = item.choices
    if choices is None:
        if strategy == "guess":
            guess = rng.choice(lessons.pool) if lessons.pool else "0"
        elif strategy == "layout":
            seen = lessons.typed_by_shape.get(_question_shape(item)) or lessons.typed
            guess = seen.most_common(1)[0][0] if seen else "0"
        else:
            guess = lessons.typed.most_common(1)[0][0] if lessons.typed else "0"
        return item.right(guess, lambda more: rng.choice(more))
    if strategy == "guess":
        return item.right(rng.choice(choices), lambda more: rng.choice(more))
    if strategy == "repeat":
        place = lessons.place.most_common(1)[0][0] if lessons.place else 0
        return item.right(choices[min(place, len(choices) - 1)], lambda more: more[0])

    def score(choice: str) -> float:
        key = (len(choices), _shape(choice))
        shown = lessons.button_shown[key]
        return (lessons.button_right[key] + 0.5) / (shown + 1)

    def best(options: list[str]) -> str:
        top = max(score(option) for option in options)
        return rng.choice([option for option in options if score(option) == top])

    return item.right(best(choices), best)


# --- the chances of one skill ----------------------------------------------------------


@dataclass(frozen=True)
class GuessChance:
    """A skill's chance per puzzle for each guessing pupil, measured on ``puzzles``
    puzzles; ``chance`` is the best of them."""

    skill: str
    puzzles: int
    by_strategy: dict[str, float]
    #: Whether its puzzles are answered with buttons (else typed).
    buttons: bool = False

    @property
    def chance(self) -> float:
        return max(self.by_strategy.values())


#: The puzzles drawn so far, by skill, seed and count: the same in every language.
_DRAWN: dict[tuple[Any, ...], list[Puzzle]] = {}


def _stream(skill: Skill, seed: int, count: int, language: str | None) -> list[_Item]:
    """``count`` puzzles of ``skill`` (a generated sheet: its questions spread as a
    practice spreads them), as a pupil speaking ``language`` meets them."""
    key = (skill.kind, skill.level, repr(skill.only), seed, count)
    if key not in _DRAWN:
        _DRAWN[key] = skill.generate(count, seed=seed).puzzles
    return [_item(p, skill.name, language) for p in _DRAWN[key]]


#: The chances measured so far, by skill and language (``None`` for a skill whose
#: answers are typed: its words do not change what a guess gets).
_MEASURED: dict[tuple[Any, ...], GuessChance] = {}


def guess_chances(skill: Skill, language: str | None = None, sample: int = SAMPLE) -> GuessChance:
    """How often each guessing pupil gets a puzzle of ``skill`` right: learnt from one
    pupil's ``sample`` puzzles, measured on another's (a game's moves: a third as many,
    each is slow to make)."""
    if skill.kind == "move":
        sample = max(8, sample // 8)
    typed = KINDS[skill.kind].choices(skill.generate(1, seed=0).puzzles[0]) is None
    key = (skill.name, skill.kind, skill.level, repr(skill.only), None if typed else language)
    if (key, sample) in _MEASURED:
        return _MEASURED[(key, sample)]
    lessons = _Lessons()
    for item in _stream(skill, pupil_seed("classmate", skill.name, 0), sample, language):
        lessons.learn(item)
    test = _stream(skill, pupil_seed("pupil", skill.name, 0), sample, language)
    rng = random.Random(f"luck:{skill.name}")
    by = {
        strategy: sum(_answer(strategy, item, lessons, rng) for item in test) / len(test)
        for strategy in STRATEGIES
    }
    _MEASURED[(key, sample)] = found = GuessChance(skill.name, len(test), by, not typed)
    return found


# --- a practice ------------------------------------------------------------------------


def practice_skills(options: dict[str, Any]) -> tuple[list[Skill], int, int]:
    """The skills, ``goal`` and ``each`` of a practice written as its options
    (``[practice]``: ``kind`` and ``level``, or ``skills`` and ``each``; ``goal``)."""
    goal = int(options.get("goal", 4))
    if "skills" in options:
        skills = [SKILLS[name] for name in options["skills"]]
        each = int(options.get("each", 2 if len(skills) > 1 else 1))
    else:
        skills = [level_skill(str(options["kind"]), int(options["level"]))]
        each = int(options.get("each", 1))
    return skills, goal, each


@dataclass(frozen=True)
class PracticeLuck:
    """A practice's chance of being mastered by luck within :data:`HORIZON` puzzles,
    from its skills' chances per puzzle (:func:`guess_chances`) and its rule."""

    goal: int
    each: int
    skills: list[GuessChance]
    chance: float

    @property
    def too_lucky(self) -> bool:
        return self.chance >= LIMIT


def practice_luck(
    options: dict[str, Any], language: str | None = None, sample: int = SAMPLE
) -> PracticeLuck:
    """The chance that a guessing pupil masters the practice of ``options`` by luck."""
    skills, goal, each = practice_skills(options)
    chances = [guess_chances(skill, language, sample) for skill in skills]
    total = luck_chance(goal, each, [c.chance for c in chances])
    return PracticeLuck(goal, each, chances, total)


def simulate(
    options: dict[str, Any],
    pupils: int = 200,
    languages: Sequence[str | None] = (None,),
    horizon: int = HORIZON,
    strategies: Sequence[str] = STRATEGIES,
) -> dict[str | None, dict[str, int]]:
    """How many of ``pupils`` simulated guessing pupils of each strategy master the
    practice of ``options`` within ``horizon`` puzzles, in each of ``languages``: each
    pupil has a seed of their own, as a pupil in a lesson has
    (:func:`~mathplay.puzzles.practice_plan.pupil_seed`), and meets the practice's
    puzzles one by one, as :class:`~mathplay.puzzles.practice_run.PracticeRun` deals
    them; what they learn comes from a classmate's practice. A pupil's puzzles are the
    same in every language (their words and buttons are not), so they are drawn once."""
    skills, goal, each = practice_skills(options)
    ids = "skill" if "skills" in options else "level"
    stream_name = "+".join(options["skills"]) if "skills" in options else str(options["kind"])
    level = 0 if "skills" in options else int(options["level"])
    classmate = PracticeRun(skills, pupil_seed("classmate", stream_name, level), goal, each)
    seen: list[tuple[Puzzle, str]] = []
    for _puzzle in range(horizon):
        puzzle = classmate.next()
        seen.append((puzzle, classmate.skill.name if classmate.skill else ""))
    lessons = {language: _Lessons() for language in languages}
    for language, learnt in lessons.items():
        for puzzle, skill in seen:
            learnt.learn(_item(puzzle, skill, language))
    mastered = {language: dict.fromkeys(strategies, 0) for language in languages}
    for number in range(pupils):
        name = f"pupil-{number}"
        run = PracticeRun(skills, pupil_seed(name, stream_name, level), goal, each, ids=ids)
        keepers = {
            (language, strategy): Rows(skills, goal, each)
            for language in languages
            for strategy in strategies
        }
        rngs = {language: random.Random(f"{name}:{language}") for language in languages}
        for _step in range(horizon):
            if all(keeper.mastered for keeper in keepers.values()):
                break
            puzzle = run.next()
            assert run.skill is not None
            memo: dict[str, Any] = {}
            for language in languages:
                item = _item(puzzle, run.skill.name, language, memo)
                for strategy in strategies:
                    keeper = keepers[(language, strategy)]
                    if keeper.mastered:
                        continue
                    keeper.start(run.skill)
                    right = _answer(strategy, item, lessons[language], rngs[language])
                    if keeper.answered(right) == MASTERED:
                        mastered[language][strategy] += 1
    return mastered


# --- what `mathplay puzzles check` says of a file ---------------------------------------

#: How much better than a blind guess reading the buttons may do before it is reported
#: (the measure has its own noise: a share of 120 puzzles).
LAYOUT_MARGIN = 0.12


def practice_report(
    sheet: Worksheet, source: str, text: str = ""
) -> tuple[list[tuple[dict[str, Any], PracticeLuck]], list[Problem]]:
    """Each practice of ``sheet`` with its chance of being mastered by luck, and the
    problems: a practice over :data:`LIMIT`, and a skill whose buttons give its answers
    away (reading their wording does better than picking blindly)."""
    found: list[tuple[dict[str, Any], PracticeLuck]] = []
    problems: list[Problem] = []
    line = table_line(text, "practice")
    for options in sheet.practices:
        if "seed" in options:
            continue  # the same puzzles for everyone: learnt by heart, not guessed
        luck = practice_luck(options, sheet.language or None)
        found.append((options, luck))
        if luck.too_lucky:
            problems.append(
                Problem(
                    source,
                    line,
                    None,
                    _(
                        "a pupil who guesses masters this practice within {n} puzzles {chance} "
                        "of the time (the limit is {limit}): ask for more right in a row (goal), "
                        "or add skills whose answers are typed"
                    ).format(n=HORIZON, chance=percent(luck.chance), limit=percent(LIMIT)),
                )
            )
        for measured in luck.skills:
            if not measured.buttons:
                continue  # a typed answer: what its common answers give is in the chance
            blind = measured.by_strategy["guess"]
            read = measured.by_strategy["layout"]
            if read > blind + LAYOUT_MARGIN and read > 1.5 * blind:
                problems.append(
                    Problem(
                        source,
                        line,
                        None,
                        _(
                            "the buttons of '{skill}' give the answer away: a pupil who picks "
                            "by their wording is right {read} of the time, one who picks "
                            "blindly {blind}"
                        ).format(skill=measured.skill, read=percent(read), blind=percent(blind)),
                    )
                )
    return found, problems


def table_line(text: str, key: str) -> int | None:
    """The line of the first ``[key]`` table in a file's ``text``, if it has one."""
    for number, line in enumerate(text.split("\n"), start=1):
        if re.match(rf"^\s*\[\[?\s*{key}\s*\]\]?", line):
            return number
    return None


def percent(chance: float) -> str:
    """A chance for people: ``0.4 %``, ``12 %``, ``less than 0.01 %``.

    >>> percent(0.004), percent(0.12), percent(0.0)
    ('0.4 %', '12 %', 'less than 0.01 %')
    """
    value = chance * 100
    if value < 0.01:
        return _("less than {n} %").format(n="0.01")
    if value < 1:
        return f"{value:.2g} %"
    return f"{value:.0f} %"
