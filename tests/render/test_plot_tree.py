from __future__ import annotations

import pytest

from mathplay import ExpressionError, MathplayError, plot
from tests.render.helpers import gids, texts


def node_labels(fig, kind):
    ax = fig.axes[0]
    return [t.get_text() for t in ax.texts if (t.get_gid() or "").startswith(f"node:{kind}:")]


def test_tree_of_an_expression_shows_every_value():
    fig = plot.expression_tree("2x3+4")
    assert sorted(node_labels(fig, "leaf")) == ["2", "3", "4"]
    assert sorted(node_labels(fig, "op")) == ["+\n= 10", "×\n= 6"]
    shown = texts(fig)
    assert "2x3+4" in shown
    assert any("usual" in text for text in shown)


def test_left_to_right_changes_the_tree():
    fig = plot.expression_tree("1+2x3", order="left-to-right")
    assert sorted(node_labels(fig, "op")) == ["+\n= 3", "×\n= 9"]
    assert any("left to right" in text for text in texts(fig))


def test_an_equation_draws_one_tree_per_side():
    fig = plot.expression_tree("2x3+4=5+5")
    assert len(gids(fig, "node:leaf:")) == 5
    assert len(gids(fig, "node:op:")) == 3
    assert "=" in [t.get_text() for t in fig.axes[0].texts]
    assert any(text.startswith("10 = 10: true") for text in texts(fig))
    false = plot.expression_tree("2+2=5")
    assert any(text.startswith("4 ≠ 5: false") for text in texts(false))


def test_binary_trees_show_decimal_values_too():
    fig = plot.expression_tree("101 AND NOT 011 + 1", base=2)
    assert "NOT 011\n= 100 (4)" in node_labels(fig, "leaf")
    assert "AND\n= 101 (5)" in node_labels(fig, "op")


def test_a_failing_operation_says_why():
    fig = plot.expression_tree("8:0+1")
    assert ":\nfails" in node_labels(fig, "op")
    assert "+\n= ?" in node_labels(fig, "op")
    assert any("zero" in text for text in texts(fig))


@pytest.mark.parametrize(
    ("text", "kwargs", "error", "message"),
    [
        ("2x3", {"order": "right-to-left"}, MathplayError, "unknown order 'right-to-left'"),
        ("+".join(["1"] * 30), {}, MathplayError, "has 30 numbers; a tree picture shows at most"),
        ("2x(3+4)", {}, ExpressionError, "position 3"),
        ("", {}, ExpressionError, "empty"),
    ],
)
def test_bad_expressions(text, kwargs, error, message):
    with pytest.raises(error, match=message):
        plot.expression_tree(text, **kwargs)


def test_tree_saves(tmp_path):
    path = tmp_path / "tree.pdf"
    plot.expression_tree("8x15=120").savefig(path)
    assert path.read_bytes().startswith(b"%PDF")
