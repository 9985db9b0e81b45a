"""A class whose practice gave each pupil their own questions of one skill, written as
``Practice`` writes its records, beside an end check whose question is the same for
everyone and an older practice record with no ``skill``."""

from __future__ import annotations

from pathlib import Path

from mathplay.classroom.records import record

PRACTICE = "Practice: Binary → decimal"
SKILL = "binary-to-decimal"
CHECK = "Lesson 5: end check"
CHECK_QUESTION = "binary 101 in decimal = ?"

# who, puzzle id (the n-th puzzle of the pupil's own stream), question, answers typed;
# the right answer is the last number of each question's line.
PRACTICE_ATTEMPTS = [
    ("Ana", "binary-to-decimal-1", "binary 1001 in decimal = ?", ["9"]),
    ("Ana", "binary-to-decimal-3", "binary 1011 in decimal = ?", ["11"]),
    ("Ben", "binary-to-decimal-1", "binary 11001 in decimal = ?", ["25"]),
    ("Ben", "binary-to-decimal-3", "binary 11000 in decimal = ?", ["24"]),
    ("Cai", "binary-to-decimal-1", "binary 11111 in decimal = ?", ["31"]),
    ("Cai", "binary-to-decimal-3", "binary 10001 in decimal = ?", ["10001", "17"]),
    ("Dee", "binary-to-decimal-1", "binary 10101 in decimal = ?", ["21"]),
    ("Dee", "binary-to-decimal-3", "binary 11010 in decimal = ?", ["26"]),
    ("Eve", "binary-to-decimal-3", "binary 1111 in decimal = ?", ["3"]),
]
RIGHT = {
    "binary 1001 in decimal = ?": "9", "binary 1011 in decimal = ?": "11",
    "binary 11001 in decimal = ?": "25", "binary 11000 in decimal = ?": "24",
    "binary 11111 in decimal = ?": "31", "binary 10001 in decimal = ?": "17",
    "binary 10101 in decimal = ?": "21", "binary 11010 in decimal = ?": "26",
    "binary 1111 in decimal = ?": "15",
}  # fmt: skip
QUESTIONS = sorted(RIGHT)
PUPILS = ["Ana", "Ben", "Cai", "Dee", "Eve"]
#: What ``Practice`` adds to each record (``_record_fields``).
PRACTICE_FIELDS = {"kind": "convert", "level": 2, "skill": SKILL}


def write_practice_class(path: Path, *, with_check: bool = True, old: bool = False) -> Path:
    """The records above in one file (``path``): the practice, and the end check's one
    question (Ana right, Ben wrong) and an older practice record without a skill."""
    for n, who in enumerate(PUPILS):
        for pupil, puzzle, question, answers in PRACTICE_ATTEMPTS:
            if pupil != who:
                continue
            for answer in answers:
                record(path, who=who, puzzle_set=PRACTICE, puzzle=puzzle, answer=answer,
                       right=answer == RIGHT[question], question=question, seed=1000 + n,
                       seconds=10, extra=PRACTICE_FIELDS)  # fmt: skip
    if with_check:
        for who, answer in (("Ana", "5"), ("Ben", "6")):
            record(path, who=who, puzzle_set=CHECK, puzzle="q1", answer=answer,
                   right=answer == "5", question=CHECK_QUESTION, seconds=5)  # fmt: skip
    if old:  # written before practices recorded their skill
        record(path, who="Ana", puzzle_set="Practice: Converting, level 2",
               puzzle="convert-2-1", answer="4", right=True, question="binary 100 in decimal = ?",
               seed=7, extra={"kind": "convert", "level": 2})  # fmt: skip
    return path
