from __future__ import annotations

import pytest
from matplotlib.colors import to_hex

from mathplay import MathplayError, plot
from mathplay.render.bits import apply_bitwise, read_bits
from mathplay.render.palette import LIGHT
from tests.render.helpers import gids, texts


def patches(fig, prefix):
    return {p.get_gid(): p for p in fig.axes[0].patches if (p.get_gid() or "").startswith(prefix)}


def ones(fig, prefix):
    """The gids of the bit squares filled as 1s."""
    return sorted(
        gid
        for gid, patch in patches(fig, prefix).items()
        if to_hex(patch.get_facecolor()).upper() == LIGHT.one.upper()
    )


def test_place_values_of_13():
    fig = plot.place_values(13)
    assert len(patches(fig, "bit:")) == 8
    assert ones(fig, "bit:") == ["bit:0", "bit:2", "bit:3"]
    shown = texts(fig)
    assert "13 = 8 + 4 + 1" in shown
    assert "13 in 8 bits is 00001101; under each bit, its place value" in shown
    for value in ("1", "2", "4", "8", "16", "32", "64", "128", "2⁷", "2⁰"):
        assert value in shown


@pytest.mark.parametrize(
    ("n", "bits", "title"),
    [(0, 4, "0 = 0"), ("1101", 4, "13 = 8 + 4 + 1"), (255, 8, None), (65535, 16, None)],
)
def test_place_values_table(n, bits, title):
    fig = plot.place_values(n, bits=bits)
    assert len(patches(fig, "bit:")) == bits
    if title:
        assert fig.texts[0].get_text() == title


@pytest.mark.parametrize(
    ("n", "bits", "message"),
    [
        (-3, 8, "n is -3: bits show whole numbers of 0 or more"),
        (256, 8, "n = 256 needs 9 bits, more than bits=8"),
        (5, 0, "bits must be a whole number from 1 to 32, not 0"),
        (5, 33, "bits must be a whole number from 1 to 32"),
        (5, 2.5, "bits must be a whole number"),
        (True, 8, "n must be a whole number or binary text"),
        (2.0, 8, "n must be a whole number or binary text"),
        ("102", 8, "is not binary"),
        ("", 8, "is not binary"),
    ],
)
def test_place_values_refuses_bad_input(n, bits, message):
    with pytest.raises(MathplayError, match=message):
        plot.place_values(n, bits=bits)
    with pytest.raises(ValueError):
        plot.place_values(n, bits=bits)


@pytest.mark.parametrize(
    ("a", "b", "op", "result", "title"),
    [
        (12, 10, "AND", 8, "12 AND 10 = 8"),
        (12, 10, "or", 14, "12 OR 10 = 14"),
        ("1100", "1010", "Xor", 6, "12 XOR 10 = 6"),
        ("101", None, "NOT", 2, "NOT 5 = 2"),
        ("0101", None, "NOT", 10, "NOT 5 = 10"),
    ],
)
def test_bitwise(a, b, op, result, title):
    fig = plot.bitwise(a, b, op)
    assert fig.texts[0].get_text() == title
    width = len(a) if isinstance(a, str) else max(a.bit_length(), b.bit_length())
    result_bits = patches(fig, "bit:result:")
    assert len(result_bits) == width
    expected = sorted(f"bit:result:{i}" for i in range(width) if result >> i & 1)
    assert ones(fig, "bit:result:") == expected
    rows = 1 if b is None else 2
    assert len(patches(fig, "bit:")) == width * (rows + 1)
    assert f"= {result}" in texts(fig)
    assert op.upper() in texts(fig)


def test_bitwise_aligns_numbers_of_different_widths():
    fig = plot.bitwise(1, "1000", "OR")
    assert len(patches(fig, "bit:a:")) == len(patches(fig, "bit:b:")) == 4
    assert ones(fig, "bit:a:") == ["bit:a:0"]
    fig = plot.bitwise(3, 1, "AND", bits=8)
    assert len(patches(fig, "bit:result:")) == 8
    assert "128" in texts(fig)


@pytest.mark.parametrize(
    ("a", "b", "op", "message"),
    [
        (12, 10, "NAND", "unknown operator 'NAND': use one of AND, OR, XOR, NOT"),
        (12, 10, None, "unknown operator None"),
        (12, 10, "NOT", "NOT takes one number"),
        (12, None, "AND", "AND takes two numbers a and b"),
        (-1, 3, "OR", "a is -1"),
        (1, -3, "OR", "b is -3"),
        ("12", 3, "OR", "is not binary"),
    ],
)
def test_bitwise_refuses_bad_input(a, b, op, message):
    with pytest.raises(MathplayError, match=message):
        plot.bitwise(a, b, op)


def test_bitwise_width_too_small():
    with pytest.raises(MathplayError, match="a = 12 needs 4 bits, more than bits=3"):
        plot.bitwise(12, 1, "AND", bits=3)


@pytest.mark.parametrize(
    ("op", "results"),
    [("AND", [0, 0, 0, 1]), ("or", [0, 1, 1, 1]), ("XOR", [0, 1, 1, 0]), ("NOT", [1, 0])],
)
def test_truth_tables(op, results):
    fig = plot.truth_table(op)
    name = op.upper()
    inputs = 1 if name == "NOT" else 2
    assert len(gids(fig, "header:")) == inputs + 1
    cells = patches(fig, "cell:")
    assert len(cells) == len(results) * (inputs + 1)
    column = inputs
    got = [
        1 if f"cell:{row}:{column}" in ones(fig, "cell:") else 0
        for row in range(1, len(results) + 1)
    ]
    assert got == results
    shown = texts(fig)
    assert f"{name} truth table" in shown
    assert ("NOT A" if name == "NOT" else f"A {name} B") in shown


def test_truth_table_refuses_unknown_operators():
    with pytest.raises(MathplayError, match="unknown operator '\\+'"):
        plot.truth_table("+")


def test_bit_rules():
    assert read_bits(" 0b10_01 ") == (9, 4)
    assert read_bits(0) == (0, 1)
    assert apply_bitwise("NOT", 0, None, 4) == 15
    with pytest.raises(MathplayError):
        apply_bitwise("AND", 1, None, 4)


@pytest.mark.parametrize("suffix", ["png", "svg", "pdf"])
def test_binary_pictures_save(tmp_path, suffix):
    for name, fig in [
        ("place", plot.place_values(5, bits=4)),
        ("bitwise", plot.bitwise(5, 3, "XOR", theme="dark")),
        ("table", plot.truth_table("AND")),
    ]:
        path = tmp_path / f"{name}.{suffix}"
        fig.savefig(path)
        assert path.stat().st_size > 500


def test_figures_show_themselves_in_a_notebook_without_pyplot() -> None:
    from mathplay import plot

    png = plot.truth_table("AND")._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 1000
