"""How a game went, as SVG: every player's score after every move, one stepped line per
player, the same chart as the matplotlib one without matplotlib.

Each player has a colour, a marker (at the start and after each of their own moves) and
a line style of their own, so the lines differ in black and white; the final scores are
written at the line ends, a legend names the players (and the winner). Each line is a
group with ``data-gid="player:1"``, ``data-scores`` (its values, move by move) and a
``<title>`` saying them.

>>> from mathplay.games.summy import Summy
>>> picture = scores_picture(Summy(players=2, seed=1))
>>> picture.description
'Summy: scores over the game; no moves yet'
>>> ">moves played</text>" in picture.svg and ">Player 2</text>" in picture.svg
True
"""

from __future__ import annotations

from mathplay.core.state import AnyGame
from mathplay.i18n import _
from mathplay.render.palette import Theme, get_theme
from mathplay.render.picture import SvgPicture
from mathplay.render.scores import scores_view
from mathplay.render.svg_common import Canvas, esc, nice_ticks, num, pt, text_width

__all__ = ["marker", "scores_picture"]

MARKERS = ("o", "s", "^", "D", "v", "P")
#: matplotlib's dash patterns ("-", "--", "-.", ":"), in line widths.
DASHES = ("", "3.7 1.6", "6.4 1.6 1 1.6", "1 1.65")
LINE = pt(2)
SIZE = pt(6)
FONT = pt(9)
# The axes: where they sit in the 700 × 420 picture (as in the matplotlib figure).
LEFT, TOP, WIDE, HIGH = 70.0, 58.8, 504.0, 302.4


def marker(kind: str, x: float, y: float, size: float, colour: str) -> str:
    """A filled marker (``o s ^ D v P``, as matplotlib names them) of ``size`` pixels."""
    r = size / 2
    fill = (
        f'fill="{esc(colour)}" stroke="{esc(colour)}" stroke-width="{num(pt(1))}" '
        'stroke-linejoin="round"'
    )
    if kind == "o":
        return f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" {fill}/>'
    if kind == "s":
        s = r * 0.9
        return f'<rect x="{num(x - s)}" y="{num(y - s)}" width="{num(2 * s)}" height="{num(2 * s)}" {fill}/>'  # noqa: E501
    shapes: dict[str, list[tuple[float, float]]] = {
        "^": [(0, -1.1), (1, 0.7), (-1, 0.7)],
        "v": [(0, 1.1), (1, -0.7), (-1, -0.7)],
        "D": [(0, -1.05), (0.75, 0), (0, 1.05), (-0.75, 0)],
        "P": [(-0.35, -1), (0.35, -1), (0.35, -0.35), (1, -0.35), (1, 0.35), (0.35, 0.35),
              (0.35, 1), (-0.35, 1), (-0.35, 0.35), (-1, 0.35), (-1, -0.35), (-0.35, -0.35)],
    }  # fmt: skip
    points = " ".join(f"{num(x + dx * r)},{num(y + dy * r)}" for dx, dy in shapes[kind])
    return f'<polygon points="{points}" {fill}/>'


def scores_picture(game: AnyGame, *, theme: str | Theme = "light") -> SvgPicture:
    """A line per player: score (up) over the moves played (across)."""
    colours = get_theme(theme)
    view = scores_view(game)
    every = [value for row in view.series for value in row]
    low, high = float(min(every)), float(max(every))
    if low == high:  # no moves yet, or nobody has scored: room for the first points
        high = low + 10
    margin = (high - low) * 0.05
    low, high = low - margin, high + margin
    last = max(1, view.moves)
    right = last + max(0.7, last * 0.07)

    def x_at(move: float) -> float:
        return LEFT + move / right * WIDE

    def y_at(score: float) -> float:
        return TOP + (high - score) / (high - low) * HIGH

    legend_x = LEFT + WIDE + 0.02 * WIDE
    sample = 2.0 * FONT
    legend_width = sample + 8 + max(text_width(name, FONT) for name in view.names)
    canvas = Canvas(max(700.0, legend_x + legend_width + 12), 420, colours, view.description)

    # Grid, frame, ticks and their numbers.
    grid = f'stroke="{colours.grid}" stroke-width="{num(pt(0.5))}" opacity="0.6"'
    ticks = f'stroke="{colours.faint}" stroke-width="{num(pt(0.8))}"'
    canvas.add(f'<g aria-hidden="true" font-size="{num(FONT)}" fill="{colours.faint}">')
    for move in nice_ticks(0, right, most=10, whole=True):
        x = x_at(move)
        canvas.add(f'<path d="M{num(x)} {num(TOP)}V{num(TOP + HIGH)}" {grid}/>')
        canvas.add(f'<path d="M{num(x)} {num(TOP + HIGH)}v{num(pt(3.5))}" {ticks}/>')
        canvas.text(x, TOP + HIGH + pt(3.5) + FONT * 0.9, str(move), FONT, fill=colours.faint)
    for score in nice_ticks(low, high, most=9, whole=True):
        y = y_at(score)
        canvas.add(f'<path d="M{num(LEFT)} {num(y)}H{num(LEFT + WIDE)}" {grid}/>')
        canvas.add(f'<path d="M{num(LEFT)} {num(y)}h{num(-pt(3.5))}" {ticks}/>')
        canvas.text(LEFT - pt(3.5) - 4, y, f"{score:g}", FONT, fill=colours.faint, anchor="end")
    canvas.add("</g>")
    canvas.rect(LEFT, TOP, WIDE, HIGH, "none", colours.faint, pt(0.8))

    # One line per player, its markers, and its last score at the end.
    ends: list[tuple[float, int, str]] = []
    for player in range(view.players):
        values = view.values(player)
        colour = colours.player(player)
        steps = [f"M{num(x_at(0))} {num(y_at(values[0]))}"]
        for move in range(1, len(values)):
            steps.append(f"H{num(x_at(move))}V{num(y_at(values[move]))}")
        pattern = DASHES[player % len(DASHES)]
        dash = " ".join(num(float(part) * LINE) for part in pattern.split())
        words = _("{name}: {scores}").format(
            name=view.names[player], scores=", ".join(map(str, values))
        )
        canvas.add(
            f'<g data-gid="player:{player + 1}" data-scores="{" ".join(map(str, values))}">'
            f"<title>{esc(words)}</title>"
        )
        canvas.add(
            f'<path d="{"".join(steps)}" fill="none" stroke="{colour}" '
            f'stroke-width="{num(LINE)}"' + (f' stroke-dasharray="{dash}"' if dash else "") + "/>"
        )
        kind = MARKERS[player % len(MARKERS)]
        for move in view.own[player]:
            canvas.add(marker(kind, x_at(move), y_at(values[move]), SIZE, colour))
        canvas.add("</g>")
        ends.append((y_at(values[-1]), player, str(values[-1])))
    for y, player, text in _apart(ends, FONT * 1.05):
        canvas.text(x_at(len(view.series) - 1) + pt(6), y, text, FONT, bold=True,
                    fill=colours.player(player), anchor="start")  # fmt: skip

    canvas.text(LEFT, TOP - pt(6) - pt(13) * 0.45, view.title, pt(13), bold=True, anchor="start")
    canvas.text(LEFT + WIDE / 2, TOP + HIGH + pt(3.5) + FONT * 2.6, _("moves played"), pt(10))
    middle = TOP + HIGH / 2
    label_x = LEFT - pt(3.5) - 8 - max(
        text_width(f"{score:g}", FONT) for score in nice_ticks(low, high, most=9, whole=True)
    )  # fmt: skip
    canvas.text(label_x - pt(10) * 0.7, middle, _("score"), pt(10), rotate=-90)
    if not view.moves:
        canvas.text(LEFT + WIDE / 2, middle, _("no moves yet"), pt(10), fill=colours.faint)
    _legend(canvas, view.names, legend_x, sample)
    return canvas.picture()


def _apart(ends: list[tuple[float, int, str]], gap: float) -> list[tuple[float, int, str]]:
    """The final-score labels, moved apart just enough not to overlap."""
    placed: list[tuple[float, int, str]] = []
    for y, player, text in sorted(ends):
        if placed and y - placed[-1][0] < gap:
            y = placed[-1][0] + gap
        placed.append((y, player, text))
    shift = max(0.0, (placed[-1][0] - sorted(ends)[-1][0]) / 2) if placed else 0.0
    return [(y - shift, player, text) for y, player, text in placed]


def _legend(canvas: Canvas, names: list[str], x: float, sample: float) -> None:
    colours = canvas.colours
    canvas.add(f'<g data-gid="legend" aria-label="{esc(_("legend"))}">')
    row = FONT * 1.6
    for player, name in enumerate(names):
        y = TOP + FONT * 1.2 + player * row
        colour = colours.player(player)
        pattern = DASHES[player % len(DASHES)]
        dash = " ".join(num(float(part) * LINE) for part in pattern.split())
        canvas.line([(x, y), (x + sample, y)], colour, LINE, dash=dash or None)
        canvas.add(marker(MARKERS[player % len(MARKERS)], x + sample / 2, y, SIZE, colour))
        canvas.text(x + sample + 8, y, name, FONT, anchor="start")
    canvas.add("</g>")
