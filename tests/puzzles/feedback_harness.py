"""Every shipped and lesson puzzle, typical wrong answers, and what each moment says.

Used by tests/puzzles/test_feedback_moments.py (0 reveals at every moment) and by
tools/feedback_reveals.py (the counts, with the feedback of before: the kind's full
message at every moment). The detectors here are written apart from the kinds' own
(``Kind.pinpoints``): they look for the right answers the kind's ``solutions`` list.

A feedback *reveals* when it

- holds a right answer as a whole number (not one of the question's or the pupil's);
- for a Mixmath move, names a square and a number that make a right move together;
- for a choice, holds the text of the right choice (not the pupil's);
- in a practice or an end check also when it holds any number that is not the
  question's or the pupil's (bits 0 and 1 of a rule aside), names a square the pupil did
  not, points at a column or a bit ("rightmost", "column", "bit worth"), or counts wrong
  bits.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from mathplay.puzzles import Puzzle, load, shipped_sets
from mathplay.puzzles.kinds import KINDS, Kind, KindError
from mathplay.puzzles.kinds.reveal import Secret, gives_away, number_tokens
from mathplay.puzzles.moments import CHECK, GUIDED, MOMENTS, PRACTICE, feedback

LESSONS = Path(__file__).resolve().parents[2] / "lessons" / "puzzles"
_SQUARE = re.compile(r"\b[A-O](?:1[0-5]|[1-9])\b")
_POINTERS = re.compile(
    r"rightmost|leftmost|the \w+ column|in the column|bit worth|\w+ bits? (?:is|are) wrong",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Case:
    source: str
    puzzle: Puzzle
    answer: str


def puzzles() -> Iterator[tuple[str, Puzzle]]:
    """Every puzzle of the shipped sets and of the lessons' files."""
    for name in shipped_sets():
        for puzzle in load(name).puzzles:
            yield name, puzzle
    for path in sorted(LESSONS.glob("*.toml")):
        for puzzle in load(path).puzzles:
            yield path.name, puzzle


def _number_variants(right: str, base: int) -> list[str]:
    """Off by one either way, digits or bits reversed, one bit flipped, swapped halves."""
    out: list[str] = []
    if not right.isdigit():
        return out
    value = int(right, base)
    for other in (value - 1, value + 1, value * 2, value // 2):
        if other >= 0:
            out.append(format(other, "b") if base == 2 else str(other))
    out.append(right[::-1])
    if base == 2:
        for bit in range(len(right)):
            flipped = right[:bit] + ("1" if right[bit] == "0" else "0") + right[bit + 1 :]
            out.append(flipped)
    return out


def wrong_answers(kind: Kind, puzzle: Puzzle) -> list[str]:
    """Typical wrong answers to ``puzzle``: near the right one, reversed, the other
    choices, a neighbouring square, a held tile that fits elsewhere."""
    try:
        rights = kind.solutions(puzzle, 5)
    except KindError:
        return []
    choices = kind.choices(puzzle)
    if choices:
        return [c for c in choices if not kind.check(puzzle, c).right]
    out: list[str] = []
    base = 2 if puzzle.fields.get("base") == 2 or puzzle.kind == "bitwise" else 10
    if puzzle.kind == "convert":
        base = 2 if puzzle.fields.get("to") == "binary" else 10
    if puzzle.kind == "which-operation":
        out += ["+", "-", "x", ":"]
    elif puzzle.kind == "target":
        tiles = re.findall(r"[0-9]+", str(puzzle.fields.get("tiles", "")))
        out += [" + ".join(tiles), " x ".join(tiles), " - ".join(tiles)]
    elif puzzle.kind == "move":
        out += _move_variants(kind, puzzle, rights)
    else:
        for right in rights:
            parts = [p.strip() for p in right.split(",")]
            if len(parts) > 1:
                out.append(", ".join(reversed(parts)))
            for variant in _number_variants(parts[0], base):
                out.append(", ".join([variant, *parts[1:]]))
    seen: list[str] = []
    for answer in out:
        if answer and answer not in seen and not kind.check(puzzle, answer).right:
            seen.append(answer)
    return seen


def _move_variants(kind: Kind, puzzle: Puzzle, rights: list[str]) -> list[str]:
    out: list[str] = []
    hand = str(puzzle.fields.get("hand", ""))
    for right in rights[:2]:
        words = right.split()
        square, rest = words[0], words[1:]
        column, row = square[0], int(square[1:])
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            letter = chr(ord(column) + dc)
            if "A" <= letter <= "O" and row + dr >= 1:
                out.append(" ".join([f"{letter}{row + dr}", *rest]))
        if puzzle.fields.get("game") == "mixmath":
            for tile in re.findall(r"[0-9]+", hand):
                out.append(f"{square} {tile}")
    return out


def cases() -> Iterator[Case]:
    for source, puzzle in puzzles():
        kind = KINDS[puzzle.kind]
        for answer in wrong_answers(kind, puzzle):
            yield Case(source, puzzle, answer)


def reveals(case: Case, text: str, moment: str) -> str | None:
    """Why ``text``, said at ``moment`` about the case's wrong answer, reveals a right
    answer or pinpoints its fix; ``None`` when it does not."""
    puzzle, answer = case.puzzle, case.answer
    kind = KINDS[puzzle.kind]
    question = kind.question(puzzle)
    allowed = (question, answer, kind.prompt(puzzle))
    rights = kind.solutions(puzzle, 20)
    base = 2 if puzzle.fields.get("base") == 2 or puzzle.kind == "bitwise" else 10
    if puzzle.kind == "convert":
        base = 2 if puzzle.fields.get("to") == "binary" else 10
    if kind.choices(puzzle):
        shown = {t for item in allowed for t in number_tokens(item)}
        for right in rights:
            reason = right.split(":", 1)[-1].strip()
            if ": " not in right or len(reason.split()) < 2 or right == answer:
                continue  # "true" or "false" alone: any word on a wrong one names the other
            if reason in text:
                return f"the right reason {right!r}"
            hidden = [t for t in number_tokens(reason) if t not in shown]
            if any(t in number_tokens(text) for t in hidden):
                return f"a number of the right reason {right!r}"
    elif puzzle.kind == "move":
        squares = set(_SQUARE.findall(text)) - set(_SQUARE.findall(answer))
        numbers = set(number_tokens(text))
        for right in rights:
            words = right.split()
            if " ".join(right.split()).upper() in " ".join(text.split()).upper():
                return f"the right move {right!r}"
            if puzzle.fields.get("game") == "mixmath" and len(words) == 2:
                square, tile = words[0], words[1].lstrip("?")
                named = square in set(_SQUARE.findall(text)) and tile in numbers
                if named and (tile not in number_tokens(answer) or square not in answer):
                    return f"square {square} with tile {tile}"
    else:
        secrets = []
        for right in rights:
            for part in right.split(","):
                part = part.strip()
                if part.isdigit():
                    secrets.append(Secret(part, base))
        found = gives_away(text, secrets, allowed)
        if found is not None:
            return f"the right answer {found}"
    readable = kind.check(puzzle, answer).readable
    if moment in (PRACTICE, CHECK) and readable:
        known = {t for item in allowed for t in number_tokens(item)} | {"0", "1"}
        extra = [t for t in number_tokens(text) if t not in known]
        if extra:
            return f"the numbers {extra}"
        if puzzle.kind == "move":
            squares = set(_SQUARE.findall(text)) - set(_SQUARE.findall(answer))
            if squares:
                return f"the squares {sorted(squares)}"
        pointer = _POINTERS.search(text)
        if pointer:
            return f"points at {pointer.group(0)!r}"
    return None


def said(case: Case, moment: str) -> str:
    """What the widget says about the case's answer at ``moment`` (the kind's words and,
    in a guided puzzle, the teacher's)."""
    kind = KINDS[case.puzzle.kind]
    result = kind.check(case.puzzle, case.answer)
    words = feedback(kind, case.puzzle, case.answer, result, moment)
    if moment == GUIDED:
        words += " " + case.puzzle.feedback.get("wrong", "")
    return words


def said_before(case: Case) -> str:
    """What every moment said before the moment policy: the kind's whole message and the
    teacher's feedback."""
    kind = KINDS[case.puzzle.kind]
    result = kind.check(case.puzzle, case.answer)
    return result.message + " " + case.puzzle.feedback.get("wrong", "")


def count(before: bool = False) -> dict[str, dict[str, int]]:
    """Per moment: how many wrong answers were tried and how many feedbacks revealed."""
    out = {m: {"answers": 0, "reveals": 0} for m in MOMENTS}
    for case in cases():
        for moment in MOMENTS:
            text = said_before(case) if before else said(case, moment)
            out[moment]["answers"] += 1
            if reveals(case, text, moment):
                out[moment]["reveals"] += 1
    return out
