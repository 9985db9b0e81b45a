"""A small class's records, written as the widgets write them."""

from __future__ import annotations

from pathlib import Path

from mathplay.classroom.records import record

# who, puzzle, answer, right, hints, solution seen, seconds
ATTEMPTS = [
    ("Ana", "p1", "4", True, 0, False, 30),
    ("Ana", "p2", "9", False, 0, False, 20),
    ("Ana", "p2", "8", True, 1, False, 40),
    ("Bo", "p1", "5", False, 0, False, 10),
    ("Bo", "p1", "3", False, 1, False, 15),
    ("Bo", "p1", "4", True, 2, True, 5),
    ("Cy", "p1", "6", False, 0, False, 50),
]


def write_class(folder: Path, per_pupil: bool = True) -> list[Path]:
    """The attempts above, one file per pupil (or one file), in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for who, puzzle, answer, right, hints, seen, seconds in ATTEMPTS:
        path = folder / (f"{who.lower()}.jsonl" if per_pupil else "class.jsonl")
        record(path, who=who, puzzle_set="S", puzzle=puzzle, answer=answer, right=right,
               hints=hints, solution_seen=seen, seconds=seconds,
               question=f"question of {puzzle}")  # fmt: skip
    return sorted(folder.glob("*.jsonl"))
