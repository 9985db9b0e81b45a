"""Write a sample class's progress files: 30 pupils at three lessons' puzzle sets, with
the slips children make (left to right instead of times first, binary digits the wrong
way round, OR for XOR), hints, the odd solution seen, and time on task.

    python tools/sample_class.py OUT_DIR [--pupils 30] [--seed 6]

Each pupil gets a file of their own in OUT_DIR, as with MATHPLAY_PROGRESS_DIR; then
``mathplay progress collect OUT_DIR -o class.jsonl`` and ``mathplay progress report``.
"""

from __future__ import annotations

import argparse
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from mathplay.classroom.records import record
from mathplay.classroom.where import safe_file_name
from mathplay.puzzles import load
from mathplay.puzzles.kinds import KINDS

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
SETS = ("01-equations", "05-binary-numbers", "07-bitwise-logic")
NAMES = (
    "Ana", "Ben", "Chloe", "Dev", "Emma", "Farid", "Grace", "Hugo", "Ines", "Jonas", "Kemal",
    "Lea", "Mateo", "Nora", "Oskar", "Priya", "Quinn", "Rosa", "Sami", "Tariq", "Uma",
    "Victor", "Wen", "Ximena", "Yusuf", "Zoë", "Aiko", "Bilal", "Carla", "Dmitri",
)  # fmt: skip


def set_of(sheet, puzzle_id: str) -> str:
    """The set an attempt is recorded under: the lesson's, or its end check's."""
    return f"{sheet.title}: end check" if puzzle_id in sheet.check else sheet.title


#: The wrong answers children really type, most common first.
SLIPS = {
    "order-times-first": ["40", "13", "26"],
    "order-divide-first": ["3", "16", "28"],
    "same-kind-minus": ["11", "9"],
    "same-kind-divide-times": ["3", "48"],
    "check-times-first": ["21", "10"],
    "binary-six": ["6", "011", "101"],
    "binary-place": ["100", "2", "1"],
    "convert-to-decimal": ["25", "18", "10011"],
    "convert-to-binary": ["10011", "11000", "25"],
    "check-nine": ["1100", "9", "111"],
    "check-twenty-one": ["20", "10101"],
    "check-twenty-eight": ["00111", "11000"],
    "check-place": ["10", "4"],
    "and-bits": ["1111", "1101", "110"],
    "or-bits": ["1", "1100", "1110"],
    "xor-bits": ["1111", "110", "10101"],
    "not-bits": ["100", "1100", "11"],
    "check-and": ["1101", "1001"],
    "check-or": ["10", "1001"],
    "check-xor": ["1111", "1001"],
    "check-not": ["1010", "1"],
}
#: How hard each puzzle is (0 easy .. 1 hard).
HARD = {
    "order-calculator": 0.45,
    "order-divide-first": 0.4,
    "convert-to-decimal": 0.35,
    "binary-twenty-two": 0.3,
    "xor-bits": 0.55,
    "not-width": 0.45,
    "mask-keep": 0.5,
}


def _right_choice(kind: Any, puzzle: Any, choices: list[str]) -> str:
    """The choice that is right; for a false equation, whose "false" asks why first, the
    reason that is right (the whole answer a pupil gives by the two buttons)."""
    for choice in choices:
        result = kind.check(puzzle, choice)
        if result.right:
            return choice
        for reason in result.follow_up or ():
            if kind.check(puzzle, reason).right:
                return str(reason)
    raise ValueError(f"no choice of {puzzle.id} is right")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("*.jsonl"):
        old.unlink()
    start = datetime(2026, 11, 23, 9, 0, tzinfo=timezone(timedelta(hours=1)))
    for who in NAMES[: args.pupils]:
        skill = rng.uniform(0.45, 0.97)
        path = args.out / f"{safe_file_name(who)}.jsonl"
        for day, name in enumerate(SETS):
            sheet = load(LESSONS / "puzzles" / f"{name}.toml")
            now = start + timedelta(days=7 * day, seconds=rng.uniform(0, 300))
            # Slower pupils do not reach the last puzzles of a lesson.
            reach = len(sheet.puzzles) - (rng.random() > skill + 0.25) * rng.randint(1, 3)
            for puzzle in sheet.puzzles[:reach]:
                kind = KINDS[puzzle.kind]
                choices = kind.choices(puzzle)
                right_answer = puzzle.answer
                if choices:
                    # A false equation's choice asks why before it is right: then the
                    # whole answer (the choice and its reason) is the puzzle's solution.
                    right_answer = _right_choice(kind, puzzle, choices)
                    wrong = [c for c in choices if not kind.check(puzzle, c).right]
                else:
                    wrong = [
                        a for a in SLIPS.get(puzzle.id, ["0"]) if not kind.check(puzzle, a).right
                    ]
                chance = skill * (1 - HARD.get(puzzle.id, 0.15))
                hints = 0
                seen = False
                for attempt in range(6):
                    right = rng.random() < chance
                    if attempt == 5 or (seen and rng.random() < 0.9):
                        right = True
                    if not right and rng.random() < 0.15 and attempt >= 2:
                        break  # gives up and goes on
                    seconds = rng.lognormvariate(3.4, 0.5) * (1.6 if attempt == 0 else 0.8)
                    now += timedelta(seconds=seconds)
                    answer = right_answer if right else rng.choice(wrong[:2] * 2 + wrong)
                    record(path, who=who, puzzle_set=set_of(sheet, puzzle.id), puzzle=puzzle.id,
                           question=kind.question(puzzle), answer=answer, right=right,
                           hints=hints, solution_seen=seen, seconds=seconds, when=now,
                           notebook=f"lessons/{name}.ipynb")  # fmt: skip
                    if right:
                        break
                    if rng.random() > skill - 0.1:  # asks for a hint
                        hints += 1
                        chance = min(0.95, chance + 0.25)
                        seen = seen or (hints >= 2 and rng.random() < 0.4)
                now += timedelta(seconds=rng.uniform(5, 40))
    print(f"wrote {args.pupils} pupils' files to {args.out}")


if __name__ == "__main__":
    main()
