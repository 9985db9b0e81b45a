"""Plug-ins are found through entry points, and a broken one never breaks mathplay: it is
left out with a warning that names it and says why (``mathplay.plugins``,
``docs/guide/plugins.md``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from dataclasses import replace
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from mathplay.games import registry
from mathplay.plugins import (
    BOARD_GROUP,
    GAME_GROUP,
    KIND_GROUP,
    PluginError,
    PluginWarning,
    load,
)
from mathplay.puzzles import kinds

ROOT = Path(__file__).resolve().parents[2]


def keep(name: str, thing: object) -> object:
    return thing


def test_a_plugin_that_cannot_be_imported_is_left_out_and_named() -> None:
    entries = [
        EntryPoint("missing", "no_such_module_for_mathplay:GAME", GAME_GROUP),
        EntryPoint("fine", "json:dumps", GAME_GROUP),
    ]
    with pytest.warns(PluginWarning) as caught:
        found = load(GAME_GROUP, keep, entries=entries)
    assert [name for name, _thing in found] == ["fine"]  # the others are kept
    (warning,) = caught
    said = str(warning.message)
    assert said.startswith(
        "The plug-in 'missing' (no_such_module_for_mathplay:GAME) in mathplay.games was left "
        "out: ModuleNotFoundError: No module named 'no_such_module_for_mathplay'"
    ), said


def test_whatever_a_plugin_or_its_check_raises_leaves_only_it_out() -> None:
    def picky(name: str, thing: object) -> object:
        if name == "refused":
            raise PluginError("it is a str, not a GameInfo")
        if name == "strange":
            raise RuntimeError("something odd")
        return thing

    entries = [
        EntryPoint(name, "json:dumps", GAME_GROUP) for name in ("refused", "strange", "kept")
    ]
    with pytest.warns(PluginWarning) as caught:
        found = load(GAME_GROUP, picky, entries=entries)
    assert [name for name, _thing in found] == ["kept"]
    said = sorted(str(warning.message) for warning in caught)
    assert said[0].endswith("was left out: it is a str, not a GameInfo")
    assert said[1].endswith("was left out: RuntimeError: something odd")


def test_a_plugin_found_twice_on_the_path_is_loaded_once() -> None:
    entries = [EntryPoint("twice", "json:dumps", GAME_GROUP)] * 2
    assert len(load(GAME_GROUP, keep, entries=entries)) == 1


@pytest.fixture
def own_games(monkeypatch: pytest.MonkeyPatch) -> dict[str, registry.GameInfo]:
    """The registry's games, in a copy this test may change."""
    games = dict(registry.GAMES)
    monkeypatch.setattr(registry, "GAMES", games)
    return games


@pytest.mark.parametrize(
    ("name", "thing", "reason"),
    [
        ("odd", "a text", "it is str, not a GameInfo"),
        ("odd", registry.GAMES["summy"], "its entry point is called 'odd' but its game 'summy'"),
        ("summy", registry.GAMES["summy"], "there is already a game called 'summy'"),
        (
            "odd",
            replace(registry.GAMES["summy"], name="odd"),
            "another game saves as 'mathplay.summy'",
        ),
        (
            "odd",
            replace(registry.GAMES["summy"], name="odd", cls=dict),
            "its class is not a GameState",
        ),
    ],
)
def test_the_registry_refuses_a_game_that_is_not_one(
    own_games: dict[str, registry.GameInfo], name: str, thing: object, reason: str
) -> None:
    before = dict(own_games)
    with pytest.raises(PluginError, match=reason):
        registry._plugin_game(name, thing)
    assert own_games == before


def test_the_kinds_take_a_kind_or_its_class_and_refuse_anything_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kinds, "KINDS", dict(kinds.KINDS))

    class Odd(kinds.Kind):
        name = "odd"

    assert isinstance(kinds._plugin_kind("odd", Odd), Odd)
    assert "odd" in kinds.KINDS and kinds.get_kind("odd").name == "odd"
    with pytest.raises(PluginError, match="there is already a kind called 'odd'"):
        kinds._plugin_kind("odd", Odd())
    with pytest.raises(PluginError, match="its entry point is called 'even' but its kind 'odd'"):
        kinds._plugin_kind("even", Odd)
    with pytest.raises(PluginError, match="it is int, not a Kind"):
        kinds._plugin_kind("three", 3)


FAKE_KINDS = """
from mathplay.puzzles.kinds import Kind


class Odd(Kind):
    name = "odd"
"""


def test_an_installed_broken_plugin_leaves_mathplay_working(tmp_path: Path) -> None:
    """A package on the path whose entry points are broken in every way: mathplay
    imports, plays and lists its own games and kinds, says which plug-ins it left out,
    and keeps the plug-ins that work."""
    package = tmp_path / "fakeplug"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "broken.py").write_text("raise ImportError('the module is broken')\n")
    (package / "things.py").write_text("NOT_A_GAME = 3\n")
    (package / "kinds.py").write_text(FAKE_KINDS)
    info = tmp_path / "fakeplug-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fakeplug\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        textwrap.dedent(f"""\
            [{GAME_GROUP}]
            broken = fakeplug.broken:GAME
            wrong = fakeplug.things:NOT_A_GAME
            [{BOARD_GROUP}]
            summy = fakeplug.things:NOT_A_GAME
            [{KIND_GROUP}]
            odd = fakeplug.kinds:Odd
            """)
    )
    script = textwrap.dedent("""\
        import json
        import mathplay
        from mathplay.games.registry import GAMES
        from mathplay.puzzles.kinds import KINDS
        from mathplay.widgets.boards import BOARDS
        board = mathplay.play("summy", seats=["human", "human"], seed=1, size=9)
        print(json.dumps([type(board).__name__, list(GAMES), list(BOARDS), list(KINDS)]))
        """)
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]))
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=environment,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    board, games, boards, kind_names = json.loads(done.stdout)
    assert board == "SummyBoard" and "odd" in kind_names and "missing" in kind_names
    assert games[:3] == ["summy", "mixmath", "binary"] and not {"broken", "wrong"} & set(games)
    assert boards[:3] == ["summy", "mixmath", "binary"]
    said = done.stderr
    assert (
        "The plug-in 'broken' (fakeplug.broken:GAME, fakeplug) in mathplay.games was left out: "
        "ImportError: the module is broken" in said
    ), said
    assert (
        "The plug-in 'wrong' (fakeplug.things:NOT_A_GAME, fakeplug) in mathplay.games was left "
        "out: it is int, not a GameInfo" in said
    ), said
    assert (
        "The plug-in 'summy' (fakeplug.things:NOT_A_GAME, fakeplug) in mathplay.boards was "
        "left out: it is int, not a BoardWidget class" in said
    ), said
    assert "'odd'" not in said
