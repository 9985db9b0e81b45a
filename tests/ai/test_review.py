"""``game.review()``: every figure equals a brute-force recomputation over every
legal move of the position before each turn, for a seeded game of each kind; the missed
chances make a puzzle file that the checker passes, each puzzle solved by its answer."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from mathplay.ai.players import make_player
from mathplay.errors import MathplayError
from mathplay.games.registry import GAMES as REGISTRY
from mathplay.puzzles import check_text, from_review
from mathplay.puzzles.format import read_text
from mathplay.puzzles.kinds import KINDS
from mathplay.tournament import play_game

#: Every registered game, mathplay's own and installed plug-ins' (docs/guide/plugins.md).
GAMES = {name: info.cls for name, info in REGISTRY.items()}


@cache
def played(name: str) -> Any:
    """A whole seeded game, the easy computer against the medium one."""
    game = GAMES[name](seed=4)
    return play_game(game, [make_player("easy", 1), make_player("medium", 2)])


def _places(move: Any) -> bool:
    return hasattr(move, "squares") or hasattr(move, "square")


@pytest.mark.parametrize("name", list(GAMES))
def test_every_figure_is_the_brute_forces(name: str) -> None:
    game = played(name)
    before = game.save()
    review = game.review()
    assert game.save() == before  # the review changes nothing
    replay = game.copy()
    while replay.ply:
        replay.undo()
    turns = {turn.ply: turn for turn in review.turns}
    assert len(turns) == len(review.turns) and review.turns
    for entry in game.history:
        turn = turns.get(replay.ply)
        move = replay.parse_move(entry.move)
        if turn is None:  # only Mixmath's end of a turn with tiles placed, and its draws
            assert name == "mixmath" and type(move).__name__ in ("EndTurn", "Draw"), entry
        else:
            legal = [m for m in replay.legal_moves() if _places(m)]
            top = max((int(m.score or 0) for m in legal), default=0)
            assert turn.best_points == top, (entry, turn)
            best = {str(m) for m in legal if int(m.score or 0) == top} if legal else set()
            assert {str(m) for m in turn.best} == best
            assert (turn.player, turn.played) == (entry.player, entry.move)
            assert (turn.move is None) == (not _places(move))
            if name != "mixmath":
                assert turn.points == entry.score
            expected = 1.0 if top <= 0 else min(1.0, turn.points / top)
            assert turn.share == pytest.approx(expected)
            if legal:
                assert turn.reason, turn
                assert ("nothing scored more" in turn.reason) == (turn.points >= top)
            assert turn.hand == tuple(replay.hands[replay.to_move])
        replay.play(entry.move)
    # Every point of the game is in the review (Mixmath's bonuses with the last tile).
    for player in range(game.players):
        summary = review.summary(player)
        assert summary.score == sum(e.score for e in game.history if e.player == player)
        assert 0 < summary.share <= 1
        if summary.biggest_miss is not None:
            assert summary.biggest_miss.missed == max(t.missed for t in review.of(player))


@pytest.mark.parametrize("name", list(GAMES))
def test_missed_chances_make_a_puzzle_file_the_checker_passes(name: str) -> None:
    review = played(name).review()
    player = min(range(2), key=lambda p: review.summary(p).share)  # the weaker player
    chances = review.missed_chances(player)
    if not chances:
        with pytest.raises(MathplayError, match="nothing to practise"):
            from_review(review, player)
        chances = review.missed_chances(player, below=0.9)
        text = from_review(review, player, below=0.9)
    else:
        text = from_review(review, player)
    assert chances
    assert check_text(text, "review.toml") == []
    sheet, problems = read_text(text)
    assert problems == [] and len(sheet.puzzles) == len(chances)
    for puzzle, turn in zip(sheet.puzzles, chances):
        assert KINDS["move"].check(puzzle, str(puzzle.answer)).right
        assert str(turn.points) in puzzle.hints[0]  # the hint does not give the move
        assert str(turn.best[0]) not in puzzle.hints[0]


def test_a_pass_is_a_turn_with_no_move_and_says_what_was_there() -> None:
    from mathplay import Summy

    rows = [". " * 8 + "."] * 9
    rows[4] = ". . . . = . . . ."
    game = Summy.from_diagram(chr(10).join(rows), hands=["1236+x", "45+9"])
    game.play("pass")
    (turn,) = game.review().turns
    assert turn.move is None and turn.points == 0 and turn.share == 0
    assert turn.reason == "You could have played 3 × 2 = 6 across from B5 for 11 points instead."


def test_the_reasons_speak_the_pupils_language() -> None:
    from mathplay import Summy, i18n

    rows = [". " * 8 + "."] * 9
    rows[4] = ". . . . = . . . ."
    game = Summy.from_diagram(chr(10).join(rows), hands=["1236+x", "45+9"])
    game.play("B5 across 1+2=3")
    try:
        i18n.set_language("es")
        reason = game.review().turns[0].reason
    finally:
        i18n.set_language("en")
    assert reason.startswith("Las cifras de 3 × 2 = 6 en horizontal desde B5"), reason


@pytest.mark.parametrize("name", list(GAMES))
def test_missed_chances_ask_for_a_move_a_pupil_can_find(name: str) -> None:
    from mathplay.puzzles.kinds.move import build_game
    from mathplay.puzzles.missed import FINDABLE_TILES, _tiles_placed

    review = played(name).review()
    text = from_review(review, None, below=0.9)
    sheet, problems = read_text(text)
    assert problems == []
    goals = set()
    for puzzle in sheet.puzzles:
        goal = puzzle.fields["goal"]
        goals.add(goal)
        game = build_game(name, puzzle.fields["diagram"], puzzle.fields["hand"])
        answer, _score = game._validate(game.parse_move(str(puzzle.answer)))
        assert KINDS["move"].check(puzzle, str(puzzle.answer)).right
        if goal == "best":  # the best move itself is short enough to find by looking
            assert _tiles_placed(answer) <= FINDABLE_TILES, puzzle.answer
        else:  # a long best line: a goal in points, said in the prompt
            assert goal == "at-least" and f"at least {puzzle.fields['points']}" in puzzle.prompt
    print(name, len(sheet.puzzles), goals)
