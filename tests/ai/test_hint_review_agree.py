"""The best-move hint and the review agree (issue: a coach a child can trust).

The positions in ``hint_review_cases/`` come from seeded games (``python
bench/hint_agreement.py --save``): in each, the hint searched within its budget and
stopped before it saw the best move, while the review (an exact search) found a better
one, so the two disagreed. Now:

- a hint whose search stopped early says its move is a good one that may not be the
  best; it never names a move below the best as if it were the best;
- once the position is searched exactly (as a board does in the background while the
  pupil thinks, or as the review does), the hint is the best move, and the review of the
  hinted move played says it took all the points there were.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mathplay import load
from mathplay.ai import best
from mathplay.ai.hints import hint

CASES = sorted((Path(__file__).parent / "hint_review_cases").glob("*.json"))
MAYBE_BETTER = "there may be an even better one"


def test_the_test_set_has_binary_and_summy_25_positions() -> None:
    names = [path.name for path in CASES]
    assert any(name.startswith("binary-") for name in names)
    assert any(name.startswith("summy-25-") for name in names)


@pytest.mark.slow
@pytest.mark.parametrize("path", CASES, ids=[path.stem for path in CASES])
def test_a_hint_never_claims_a_move_below_the_best(path: Path) -> None:
    best.forget()
    game = load(path.read_text(encoding="utf-8"))
    cold = hint(game, 3)
    top = best.exact_best(load(path.read_text(encoding="utf-8")))[0].score
    if cold.score < top:
        assert not cold.exact
        assert MAYBE_BETTER in cold.text
    else:
        assert MAYBE_BETTER not in cold.text


@pytest.mark.slow
@pytest.mark.parametrize("path", CASES, ids=[path.stem for path in CASES])
def test_once_searched_the_hint_is_the_move_the_review_calls_best(path: Path) -> None:
    best.forget()
    text = path.read_text(encoding="utf-8")
    assert best.search_positions(load(text), limit=1) == 1  # the board's background search
    game = load(text)
    found = hint(game, 3)
    assert found.exact and MAYBE_BETTER not in found.text
    ply = game.ply
    game.play(found.move)
    turn = next(turn for turn in game.review().turns if turn.ply == ply)
    assert turn.best_points == found.score == turn.points
    assert turn.share == 1.0 and turn.missed == 0
