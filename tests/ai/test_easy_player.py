"""The easy computer player: legal, sensible, modest moves; seeded; the level names."""

from __future__ import annotations

import pytest

import mathplay
from mathplay.ai import EasyPlayer, make_player, search
from mathplay.ai.players import LEVEL_KINDS, kind_of, level_of
from mathplay.tournament import play_game


def positions(game_name: str, count: int) -> list[object]:
    """Positions from seeded greedy games, a few plies in."""
    found = []
    seed = 1
    while len(found) < count:
        game = {"summy": mathplay.Summy, "binary": mathplay.Binary}[game_name](players=2, seed=seed)
        greedy = make_player("greedy", seed=seed)
        for _ply in range(seed % 4):
            if not game.is_over:
                greedy.play_turn(game)
        if not game.is_over and "?" not in game.hands[game.to_move]:
            found.append(game)
        seed += 1
    return found


@pytest.mark.slow
@pytest.mark.parametrize("game_name", ["summy", "binary"])
def test_easy_plays_a_scoring_move_near_its_share_of_the_best(
    game_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The rule itself, over every legal move: no search budget cuts the list short here
    # (tests/ai/test_budgeted_search.py tests the budgets).
    for name in ("SUMMY_STEPS", "BINARY_STEPS", "BINARY_TURN_STEPS", "SECONDS"):
        monkeypatch.setattr(search, name, None)
    below_best = 0
    games = positions(game_name, 12)
    for game in games:
        scores = sorted({m.score for m in game.legal_moves()})  # type: ignore[attr-defined]
        if not scores:
            continue
        player = EasyPlayer(seed=3)
        played = player.play_turn(game)  # type: ignore[arg-type]
        score = game.history[-1].score  # type: ignore[attr-defined]
        assert len(played) == 1 and score > 0
        aim = EasyPlayer.SHARE[game_name] * scores[-1]
        assert abs(score - aim) == min(abs(s - aim) for s in scores if s > 0)
        below_best += score < scores[-1]
    assert below_best >= len(games) * 2 // 3  # modest: rarely the best move


def test_easy_mixmath_places_tiles_and_ends_its_turn() -> None:
    game = mathplay.Mixmath(players=2, seed=3)
    played = EasyPlayer(seed=1).play_turn(game)
    assert game.to_move == 1
    placements = [n for n in played if n not in ("draw", "end", "pass") and " " in n]
    assert placements and all(e.score >= 0 for e in game.history)


@pytest.mark.parametrize(
    ("game_name", "options"),
    [("summy", {"size": 9}), ("mixmath", {}), ("binary", {})],
)
def test_easy_is_seeded_and_finishes_whole_games(game_name: str, options: dict) -> None:
    from mathplay.tournament import new_game

    logs = []
    for _run in range(2):
        game = new_game(game_name, 5, **options)
        play_game(game, [EasyPlayer(seed=7), make_player("medium", seed=8)])
        assert game.is_over
        logs.append([e.move for e in game.history])
    assert logs[0] == logs[1]


def test_the_level_names_and_their_aliases() -> None:
    assert LEVEL_KINDS == {"easy": "easy", "medium": "greedy", "hard": "expert"}
    assert [kind_of(name) for name in ("EASY", " hard ", "2", "beginner", "random")] == [
        "easy",
        "expert",
        "greedy",
        "easy",
        "random",
    ]
    assert [level_of(kind) for kind in ("easy", "greedy", "expert")] == ["easy", "medium", "hard"]
    # A seat written with the older hard player's name is the hard level today.
    assert level_of("strong") == "hard" and kind_of("strong") == "strong"
    assert isinstance(make_player(), EasyPlayer)


@pytest.mark.parametrize("game_name", ["summy", "binary"])
def test_the_pupil_model_plays_a_move_scoring_at_least_the_median(game_name: str) -> None:
    """The beginner model the easy level is measured against (docs/ai.md, "The levels"):
    at random among the legal moves scoring at least their median, seeded."""
    for game in positions(game_name, 4):
        scores = sorted(m.score for m in game.legal_moves())  # type: ignore[attr-defined]
        if not scores:
            continue
        median = scores[(len(scores) - 1) // 2]
        twin = game.copy()  # type: ignore[attr-defined]
        make_player("pupil", seed=2).play_turn(game)  # type: ignore[arg-type]
        make_player("pupil", seed=2).play_turn(twin)
        assert game.history[-1].score >= median  # type: ignore[attr-defined]
        assert game.history[-1].move == twin.history[-1].move  # type: ignore[attr-defined]
