from __future__ import annotations

import pytest

from mathplay import MathplayError
from mathplay.core import Special
from mathplay.render.palette import DARK, LIGHT, OKABE_ITO, contrast, get_theme, mix

MIXMATH_KINDS = [
    Special.START,
    Special.DOUBLE,
    Special.TRIPLE,
    Special.PLUS,
    Special.MINUS,
    Special.TIMES,
    Special.DIVIDE,
]
BINARY_KINDS = [
    Special.DOUBLE_LETTER,
    Special.TRIPLE_LETTER,
    Special.DOUBLE_WORD,
    Special.TRIPLE_WORD,
]


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
def test_every_special_square_label_is_readable(theme):
    for kind in Special:
        assert contrast(theme.ink, theme.special(kind)) >= 4.5, kind


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
def test_tiles_and_bits_are_readable(theme):
    assert contrast(theme.tile_ink, theme.tile) >= 7
    assert contrast(theme.ink, theme.one) >= 4.5
    assert contrast(theme.ink, theme.background) >= 7
    # A tile stands out from an empty square (also in grey: the faces differ in lightness).
    assert contrast(theme.tile, theme.empty) > 1.05


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
@pytest.mark.parametrize("kinds", [MIXMATH_KINDS, BINARY_KINDS], ids=["mixmath", "binary"])
def test_the_kinds_of_one_game_have_different_colours(theme, kinds):
    colours = [theme.special(kind) for kind in kinds]
    assert len(set(colours)) == len(colours)
    assert theme.empty not in colours


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
def test_players_differ_and_stand_out_from_the_background(theme):
    assert len(set(theme.players)) == len(theme.players) >= 4
    for colour in theme.players:
        assert contrast(colour, theme.background) >= 3
    assert theme.player(len(theme.players)) == theme.player(0)


def test_hues_are_okabe_ito():
    assert set(LIGHT.players) <= set(OKABE_ITO.values())
    assert LIGHT.highlight in OKABE_ITO.values()


def test_mix_and_contrast():
    assert mix("#000000", "#FFFFFF", 0.5) == "#808080"
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21)
    assert contrast("#777777", "#777777") == pytest.approx(1)


def test_themes_by_name():
    assert get_theme("light") is LIGHT
    assert get_theme(DARK) is DARK
    with pytest.raises(MathplayError, match="unknown theme 'sepia'"):
        get_theme("sepia")
    with pytest.raises(ValueError):
        get_theme("sepia")
