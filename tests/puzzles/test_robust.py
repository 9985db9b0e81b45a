"""Whatever a student types, checking it gives a message, never an exception."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mathplay.puzzles import load, shipped_sets
from mathplay.puzzles.kinds import KINDS

PUZZLES = [p for name in shipped_sets() for p in load(name).puzzles]
ALPHABET = "0123456789 +-x*×:/÷=_,;ANDORXTandortABCDEFGHIJKLMNOacrossdown?()\n\t"


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(ALPHABET, max_size=30) | st.text(max_size=12))
def test_any_answer_gets_a_message(puzzle, text: str) -> None:
    result = KINDS[puzzle.kind].check(puzzle, text)
    assert isinstance(result.right, bool)
    assert result.message
