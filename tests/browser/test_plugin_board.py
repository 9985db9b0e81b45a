"""A game from another package shows and plays on its board in JupyterLab: the example
plug-in, ``examples/tens`` (``docs/guide/plugins.md``), installed by ``.ci/run``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.labserver import Server
from tests.browser.test_boards import open_board, square

pytestmark = pytest.mark.browser

pytest.importorskip("mathplay_tens", reason="the example plug-in: pip install -e examples/tens")

TENS = """
import mathplay
board = mathplay.play("tens", seats=["human", "computer:easy"], seed=3)
board
"""


def test_a_plugins_game_shows_and_plays_in_jupyterlab(page: Any, lab: Server) -> None:
    from playwright.sync_api import expect

    board = open_board(page, lab, "plugin-tens.ipynb", TENS)
    expect(board.locator(".mp-square")).to_have_count(25)
    expect(square(board, "C3")).to_have_attribute("aria-label", re.compile("start square"))
    tiles = board.locator(".mp-hand .mp-tile")
    expect(tiles).to_have_count(4)
    tiles.first.click()
    square(board, "C3").click()
    expect(square(board, "C3")).to_have_class(re.compile("mp-filled"))
    # The computer answers next to it, and says so.
    expect(board.locator(".mp-message")).to_contain_text("Computer (easy) placed 1 tile")
    expect(board.locator(".mp-square.mp-filled")).to_have_count(2)
    assert page.errors == []
