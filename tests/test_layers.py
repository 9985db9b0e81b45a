"""Every part of mathplay has its place in the layers contract (.importlinter), and the
architecture document draws the same layers.

import-linter checks the imports in CI; a new package left out of the layers would escape
it, so this test fails until the package is given its layer.
"""

from __future__ import annotations

import configparser
import pkgutil
from pathlib import Path

import mathplay

ROOT = Path(__file__).resolve().parents[1]
#: Under every layer (docs/architecture.md), so not in the list.
UNDER_EVERY_LAYER = {"errors", "files", "i18n", "plugins", "startline"}


def layers() -> list[set[str]]:
    config = configparser.ConfigParser()
    config.read(ROOT / ".importlinter", encoding="utf-8")
    text = config["importlinter:contract:layers"]["layers"]
    return [
        {name.strip().removeprefix("mathplay.") for name in line.split("|")}
        for line in text.strip().splitlines()
    ]


def test_every_package_and_module_of_mathplay_has_a_layer() -> None:
    named = set().union(*layers())
    parts = {info.name for info in pkgutil.iter_modules(mathplay.__path__)}
    assert parts - UNDER_EVERY_LAYER - named == set()
    assert named - parts == set()


def test_the_architecture_document_draws_the_same_layers() -> None:
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    drawing = doc.split("```", 2)[1]
    rows = [line.split("  ")[0].strip() for line in drawing.strip().splitlines()]
    drawn = [{part.strip() for part in row.split("|")} for row in rows]
    expected = [
        {"mathplay (the command)"} if group == {"__main__"} else group for group in layers()
    ]
    assert drawn == expected


def test_no_module_switches_a_type_check_off() -> None:
    """mypy runs strict on every module: none turns an error code off for itself."""
    switched = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "mathplay").rglob("*.py")
        if "disable-error-code" in path.read_text(encoding="utf-8")
    ]
    assert switched == []


def test_the_board_is_one_class_composed_of_parts() -> None:
    """The board widget inherits only from anywidget; its turns, computer seats, review
    and waiting game are parts it holds, each knowing the board."""
    from mathplay.widgets.base import BoardWidget
    from mathplay.widgets.boards import SummyBoard

    own = [cls for cls in BoardWidget.__mro__ if cls.__module__.startswith("mathplay")]
    assert own == [BoardWidget]
    board = SummyBoard(threaded=False)
    parts = [board._turns, board._computer_seats, board._review_mode, board._waiting]
    assert [type(part).__name__ for part in parts] == [
        "Turns",
        "ComputerSeats",
        "ReviewMode",
        "WaitingGame",
    ]
    assert all(part.board is board for part in parts)
