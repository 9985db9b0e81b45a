"""A review chart as SVG: at each of a player's turns, a filled bar for the points taken
in front of a hatched, outlined bar for the best there was (no colour needed to tell
them apart), each bar with its number and a ``<title>`` for screen readers.

>>> from mathplay import Summy
>>> rows = [". " * 8 + "."] * 9
>>> rows[4] = ". . . . = . . . ."
>>> game = Summy.from_diagram(chr(10).join(rows), hands=["1236+x", "45+9"])
>>> _ = game.play("B5 across 1+2=3")
>>> picture = review_picture(game)
>>> picture.svg.count('data-gid="best"'), picture.svg.count('data-gid="points"')
(1, 1)
"""

from __future__ import annotations

from mathplay.i18n import _
from mathplay.render.palette import Theme, get_theme
from mathplay.render.picture import SvgPicture
from mathplay.render.review_view import Reviewable, review_view
from mathplay.render.svg_common import Canvas, nice_ticks, pt

__all__ = ["review_picture"]

FONT = pt(9)
LEFT, TOP, WIDE, HIGH = 70.0, 58.8, 504.0, 302.4


def review_picture(
    game: Reviewable, player: int = 0, *, theme: str | Theme = "light"
) -> SvgPicture:
    """Bars per turn: the points taken (filled) in front of the best there was (hatched)."""
    colours = get_theme(theme)
    view = review_view(game, player)
    high = float(max([*view.best, *view.points, 10]))
    high *= 1.08
    count = max(1, len(view.moves))
    step = WIDE / count
    bar = min(40.0, step * 0.7)

    def y_at(value: float) -> float:
        return TOP + (high - value) / high * HIGH

    legend_x = LEFT + WIDE + 16
    canvas = Canvas(820, 420, colours, view.description)
    grid = f'stroke="{colours.grid}" stroke-width="0.7" opacity="0.6"'
    canvas.add(f'<g aria-hidden="true" font-size="{FONT:.1f}" fill="{colours.faint}">')
    for value in nice_ticks(0, high, most=8, whole=True):
        y = y_at(value)
        canvas.add(f'<path d="M{LEFT:.1f} {y:.1f}H{LEFT + WIDE:.1f}" {grid}/>')
        canvas.text(LEFT - 8, y, f"{value:g}", FONT, fill=colours.faint, anchor="end")
    canvas.add("</g>")
    canvas.rect(LEFT, TOP, WIDE, HIGH, "none", colours.faint, pt(0.8))
    colour = colours.player(view.player)
    for index, (move, points, best) in enumerate(zip(view.moves, view.points, view.best)):
        x = LEFT + step * index + (step - bar) / 2
        words = _("move {number}: {points} of {best}").format(number=move, points=points, best=best)
        canvas.rect(x, y_at(best), bar, y_at(0) - y_at(best), canvas.hatch(colours.faint),
                    colours.ink, pt(1), gid="best", tip=words)  # fmt: skip
        inner = bar * 0.6
        canvas.rect(x + (bar - inner) / 2, y_at(points), inner, y_at(0) - y_at(points), colour,
                    gid="points", tip=words)  # fmt: skip
        canvas.text(x + bar / 2, y_at(best) - FONT * 0.8, str(best), FONT, fill=colours.faint)
        if points < best:
            canvas.text(x + bar / 2, y_at(points) - FONT * 0.8, str(points), FONT, bold=True,
                        fill=colours.ink)  # fmt: skip
        canvas.text(x + bar / 2, TOP + HIGH + FONT * 1.3, str(move), FONT, fill=colours.faint)
    canvas.text(LEFT, TOP - pt(6) - pt(13) * 0.45, view.title, pt(12), bold=True, anchor="start")
    canvas.text(LEFT + WIDE / 2, TOP + HIGH + FONT * 3, _("move"), pt(10))
    canvas.text(LEFT - 44, TOP + HIGH / 2, _("points"), pt(10), rotate=-90)
    if not view.moves:
        canvas.text(LEFT + WIDE / 2, TOP + HIGH / 2, _("no moves yet"), pt(10), fill=colours.faint)
    canvas.add(f'<g data-gid="legend" aria-label="{_("legend")}">')
    canvas.rect(legend_x, TOP + 4, 18, 12, colour)
    canvas.text(legend_x + 26, TOP + 10, _("your points"), FONT, anchor="start")
    canvas.rect(legend_x, TOP + 26, 18, 12, canvas.hatch(colours.faint), colours.ink, pt(1))
    canvas.text(legend_x + 26, TOP + 32, _("the best there was"), FONT, anchor="start")
    canvas.add("</g>")
    return canvas.picture()
