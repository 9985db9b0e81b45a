"""A corrupted or edited save gives ``SaveFileError`` naming what is wrong, and
nothing else (no AttributeError, IndexError, RecursionError …)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mathplay
from mathplay.ai import make_player
from mathplay.errors import NotationError, SaveFileError


def played(name: str, seed: int = 3, turns: int = 3) -> Any:
    game = {
        "summy": lambda: mathplay.Summy(seed=seed, size=9),
        "mixmath": lambda: mathplay.Mixmath(seed=seed),
        "binary": lambda: mathplay.Binary(seed=seed),
    }[name]()
    player = make_player("greedy", seed=1)
    for _turn in range(turns):
        if not game.is_over:
            player.play_turn(game)
    return game


SAVES = {name: played(name).save() for name in ("summy", "mixmath", "binary")}

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _replace(data: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    data[path[0]] = _replace(data[path[0]], path[1:], new)
    return data


@pytest.mark.parametrize("name", list(SAVES))
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_an_edited_save_loads_or_gives_a_save_file_error(name: str, data: st.DataObject) -> None:
    saved = json.loads(SAVES[name])
    paths = _paths(saved)[1:]
    path = data.draw(st.sampled_from(paths))
    edited = _replace(saved, path, data.draw(JSON_VALUES))
    try:
        game = mathplay.load(json.dumps(edited))
    except SaveFileError as error:
        assert str(error)
    else:  # an edit the rules allow (a different seed, a score that still adds up …)
        assert mathplay.load(game.save()).state_key() == game.state_key()


@pytest.mark.parametrize("name", list(SAVES))
@settings(max_examples=60, deadline=None)
@given(cut=st.integers(0, 4000))
def test_a_truncated_save_gives_a_save_file_error(name: str, cut: int) -> None:
    text = SAVES[name]
    cut = min(cut, len(text) - 1)
    with pytest.raises(SaveFileError):
        mathplay.load(text[:cut])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"a":' * 50_000 + "1" + "}" * 50_000, "nested too deeply"),
        ("[" * 100_000, "nested too deeply"),
        ("1" * 5000, "not JSON|no format name"),
        (" " * 3_000_000, "more than any game"),
    ],
)
def test_strange_texts_give_a_save_file_error(text: str, message: str) -> None:
    with pytest.raises(SaveFileError, match=message):
        mathplay.load(text)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(version=True), "version True is not supported"),
        (lambda d: d["start"].update(to_move=True), "'to_move' must be a whole number"),
        (lambda d: d["start"].update(hands=[[1], ["2"]]), "'hands' must be a list of hands"),
        (lambda d: d["start"].update(bag=[1]), "'bag' must be a list of tiles"),
        (lambda d: d["start"].update(scores=[1e400, 0]), "'scores' must be a list of whole"),
        (lambda d: d["start"].update(diagram=5), "'diagram' must be a text"),
        (lambda d: d.update(seed="x" * 500), "no valid 'seed'"),
    ],
)
@pytest.mark.parametrize("name", list(SAVES))
def test_wrong_kinds_of_values_are_named(name: str, edit: Any, message: str) -> None:
    data = json.loads(SAVES[name])
    edit(data)
    with pytest.raises(SaveFileError, match=message):
        mathplay.load(json.dumps(data))


@pytest.mark.parametrize(
    ("name", "edit", "message"),
    [
        ("summy", lambda d: d["start"]["hands"].__setitem__(0, "1234567890123456+="), "18 blocks"),
        ("summy", lambda d: d["start"].update(sums=[["A1", "across", 10**7]]), "no sum across"),
        ("summy", lambda d: d["start"].update(sums=[["A1", "across", -5]]), "-5 blocks long"),
        ("summy", lambda d: d["start"].update(scores=[10**7, 0]), "a score is a whole number"),
        ("binary", lambda d: d["start"].update(scoreless=99), "0 to 5, not 99"),
        ("binary", lambda d: d["start"].update(scoreless=True), "whole number of turns"),
        ("mixmath", lambda d: d["start"]["hands"].__setitem__(0, "1 2 3 4 5 6 7 8 9"), "9 tiles"),
    ],
)
def test_edited_saves_that_a_diagram_would_refuse_are_refused(
    name: str, edit: Any, message: str
) -> None:
    data = json.loads(SAVES[name])
    edit(data)
    with pytest.raises(SaveFileError, match=message):
        mathplay.load(json.dumps(data))


@pytest.mark.parametrize("scores", [[1_000_000, -3], [0, -3], [100_000, 0]])
@pytest.mark.parametrize("name", list(SAVES))
def test_edited_start_scores_are_refused(name: str, scores: list[int]) -> None:
    """A save whose start scores were edited to [1000000, -3] loaded silently.
    No start position holds a score below 0 (points are taken away only at the end)."""
    data = json.loads(SAVES[name])
    data["start"]["scores"] = scores
    with pytest.raises(SaveFileError, match=r"a score is a whole number from 0 to 99999"):
        mathplay.load(json.dumps(data))


@pytest.mark.parametrize("game", ["Mixmath", "Summy", "Binary"])
@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([["3"]], r"hand 1 is \['3'\]: write each hand as text"),
        ([3, "1"], r"hand 1 is 3: write each hand as text"),
        (["1", None], r"hand 2 is None: write each hand as text"),
        ("1 2 3", r"the hands are '1 2 3': give a list with one text per player"),
    ],
)
def test_from_diagram_names_hands_that_are_not_text(game: str, hands: Any, message: str) -> None:
    """``Mixmath.from_diagram(board, [["3"]])`` once raised a raw AttributeError."""
    cls = getattr(mathplay, game)
    diagram = cls(seed=1).board.diagram()
    with pytest.raises(NotationError, match=message):
        cls.from_diagram(diagram, hands)


def test_a_summy_save_keeps_its_sums() -> None:
    game = played("summy", turns=4)
    again = mathplay.load(game.save())
    assert again._pos.sums == game._pos.sums and again.state_key() == game.state_key()
