"""One descriptor per game: everything that must know which game it
is asks ``mathplay.games.registry``, and the descriptors say true things."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import mathplay
from mathplay.core.state import GAME_TYPES
from mathplay.errors import MathplayError
from mathplay.games.registry import GAMES, describe, game_names

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_is_registered_once_with_true_facts() -> None:
    """mathplay's own games first, then those of installed plug-ins (the ``mathplay.games``
    entry points, docs/guide/plugins.md): every one of them must say true things."""
    assert game_names()[:3] == ("summy", "mixmath", "binary")
    assert not any(info.plugin for info in list(GAMES.values())[:3])
    assert all(info.plugin for info in list(GAMES.values())[3:])
    own = {form for form, cls in GAME_TYPES.items() if cls.__module__.startswith("mathplay.")}
    assert own <= {info.format_name for info in GAMES.values()} <= set(GAME_TYPES)
    for name, info in GAMES.items():
        game = info.cls(seed=1)
        assert info.name == name and info.title == name.capitalize()
        assert game.format_name == info.format_name
        assert isinstance(game.options, info.options)
        if info.plugin:  # its rules are in its own package (or on its site)
            assert info.rules.startswith("http") or Path(info.rules).is_file()
        else:
            assert getattr(mathplay, info.title) is info.cls
            assert (ROOT / info.rules).is_file()
        for example in info.move_examples:
            game.parse_move(example)  # written in the game's notation
        assert describe(game) is info and describe(info.cls) is info
        assert describe(name.upper()) is info and describe(info.format_name) is info
        one_line = all(" across " in m or " down " in m for m in info.move_examples)
        assert info.line_moves == one_line


@pytest.mark.parametrize("thing", [3, "chess", None, object()])
def test_something_that_is_no_game_is_named_in_the_message(thing: object) -> None:
    with pytest.raises(MathplayError, match="is not a game of mathplay: the games are summy"):
        describe(thing)


def test_no_module_lists_the_games_by_hand() -> None:
    """The list of games and their save formats live in the registry (and each game's
    own package), nowhere else."""
    listed = re.compile(
        r"""["']summy["'],\s*["']mixmath["'],\s*["']binary["']|["']mathplay\.(summy|mixmath|binary)["']"""
    )
    found = []
    for path in sorted((ROOT / "mathplay").rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative == "mathplay/games/registry.py" or re.match(
            r"mathplay/games/(summy|mixmath|binary)/", relative
        ):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if listed.search(line) and not line.lstrip().startswith(("#", ">>>")):
                found.append(f"{relative}:{number}: {line.strip()}")
    assert [line for line in found if "such as" not in line] == []
