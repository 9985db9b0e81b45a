"""Answers kept as salted hashes (``mathplay.puzzles.answer_hashes``): a released puzzle
file tells no answer, and every puzzle of every lesson checks, hints and explains exactly
as the teacher's file does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mathplay.i18n import speaking
from mathplay.puzzles.answer_hashes import (
    answer_form,
    answer_hash,
    hash_matches,
    recover,
    unseal,
)
from mathplay.puzzles.answer_lines import sealed_text
from mathplay.puzzles.format import read_text
from mathplay.puzzles.kinds import get_kind
from mathplay.puzzles.kinds.move import Move
from mathplay.puzzles.model import Puzzle, Worksheet
from mathplay.puzzles.validate import check_text, load

ROOT = Path(__file__).resolve().parents[2]
LESSON_FILES = sorted((ROOT / "lessons").glob("puzzles/[0-9][0-9]-*.toml")) + sorted(
    (ROOT / "lessons").glob("*/puzzles/[0-9][0-9]-*.toml")
)


def _sealed(path: Path) -> Worksheet:
    text, count = sealed_text(path.read_text(encoding="utf-8"), str(path))
    sheet, problems = read_text(text, str(path))
    assert sheet is not None and not problems and count > 0
    assert not re.search(r"(?m)^\s*answer\s*=", text)
    return sheet


def test_the_lessons_are_all_here() -> None:
    assert len(LESSON_FILES) == 44  # 11 lessons, in English, Spanish, Malay and Greek


def test_a_hash_has_no_digit_and_reads_every_way_of_writing_the_answer() -> None:
    puzzle = Puzzle("p", "missing", fields={"equation": "1011 = 1000 + _ + 1", "base": 2})
    puzzle.answer = "10"
    kept = Puzzle("p", "missing", fields=dict(puzzle.fields), answer_hash=answer_hash(puzzle))
    assert kept.answer_hash and not re.search(r"[0-9]", kept.answer_hash.removeprefix("sha:"))
    assert hash_matches(kept, "10") and hash_matches(kept, "010") and hash_matches(kept, " 10 ")
    assert not hash_matches(kept, "100") and not hash_matches(kept, "ten?")
    assert recover(kept) == "10"
    # Salted per puzzle: the same answer hashes differently each time, and by puzzle id.
    assert answer_hash(puzzle) != answer_hash(puzzle)
    other = Puzzle("q", "missing", fields=dict(puzzle.fields), answer_hash=kept.answer_hash)
    assert not hash_matches(other, "10")


def test_a_hash_changed_by_hand_is_reported_and_the_puzzle_still_checks() -> None:
    text = (
        'title = "T"\n[[puzzle]]\nid = "a"\nkind = "convert"\nnumber = 9\nto = "binary"\n'
        'answer = "1001"\n'
    )
    sealed, count = sealed_text(text, "t.toml")
    assert count == 1 and "1001" not in sealed
    assert check_text(sealed, "t.toml") == []
    forged = re.sub(r':([a-p]{64})"', ":" + "a" * 64 + '"', sealed)
    problems = check_text(forged, "t.toml")
    assert len(problems) == 1 and "answer_hash matches no right answer" in problems[0].message
    sheet, _problems = read_text(forged, "t.toml")
    assert sheet is not None and unseal(sheet) == ["a"]
    kind = get_kind("convert")
    assert kind.check(sheet.puzzles[0], "1001").right
    assert not kind.check(sheet.puzzles[0], "1000").right


def _wrong_answers(puzzle: Puzzle, right: str) -> list[str]:
    """Readable wrong answers to try: the teacher's wrong answers, the other buttons,
    and the right answer changed a little (no answer written here by hand)."""
    kind = get_kind(puzzle.kind)
    tried = [*puzzle.answer_feedback, *(kind.choices(puzzle) or [])]
    tried += [right + "1", "1" + right, right[:-1] + ("0" if right[-1:] != "0" else "1")]
    tried += ["true", "false", "0", "1"]
    out = []
    for answer in dict.fromkeys(tried):
        result = kind.check(puzzle, answer)
        if result.readable and not result.right:
            out.append(answer)
    return out


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_puzzle_of_every_lesson_checks_as_before_from_its_hash(path: Path) -> None:
    teacher = load(path)
    released = _sealed(path)
    assert all(p.answer is None and p.answer_hash for p in released.puzzles if p.answer_hash)
    assert unseal(released) == []
    with speaking(teacher.language or "en"):
        for original, pupil in zip(teacher.puzzles, released.puzzles, strict=True):
            kind = get_kind(original.kind)
            assert pupil.answer == original.answer, original.id  # found again, as written
            right = original.answer or ""
            if original.answer is not None:  # the same verdict on the teacher's answer
                assert kind.check(pupil, right) == kind.check(original, right)
            if not right or not kind.check(original, right).right:
                right = kind.solutions(original, 1)[0]  # "false": the whole right answer
            assert kind.check(pupil, right) == kind.check(original, right)
            assert kind.check(pupil, right).right, original.id
            wrong = _wrong_answers(original, right)
            assert wrong, f"{original.id}: no wrong answer to try"
            for answer in wrong:
                assert kind.check(pupil, answer) == kind.check(original, answer)
                assert not kind.check(pupil, answer).right
            assert kind.hint_ladder(pupil) == kind.hint_ladder(original)
            if isinstance(kind, Move):
                assert kind.key(pupil) == kind.key(original)
            assert answer_form(pupil, right) == answer_form(original, right)
