"""Printable worksheets and answer keys, from any puzzle file.

A worksheet is a page a pupil writes on: a name line, then every puzzle with its
question, a box for the answer (the choices to tick, for the kinds with buttons; a row of
place-value boxes to fill with bits, for "write N in binary"; the board drawn as a
picture, for the move puzzles) and no hints. The answer key lists each puzzle's right
answer, as mathplay's checker finds it, and one line that explains it. A move puzzle's
key shows one move, on its "Answer:" line and in the line that explains it: the
author's ``answer``, else the best move that goes the way the prompt asks
(:meth:`~mathplay.puzzles.kinds.move.Move.key`).

Two formats, both with real text a reader can search and copy: a PDF (A4 or Letter,
drawn with matplotlib, which mathplay already needs) and an HTML page that prints on
one side of the paper per page break (``@page`` size, no puzzle cut in two).

>>> from mathplay.puzzles.format import read_text
>>> sheet, _problems = read_text('title = "T"\\n[[puzzle]]\\nid = "a"\\nkind = "missing"\\n'
...                              'equation = "6 x _ = 72"\\n', "t.toml")
>>> item, = print_items(sheet)
>>> item.question, item.answer, item.why
('6 × _ = 72', '12', 'Both sides are 72, so 6 × 12 = 72 holds.')
"""

from __future__ import annotations

import io
import textwrap
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from mathplay.core.state import AnyGame
from mathplay.expr.pretty import pretty, pretty_token
from mathplay.games.move_words import move_said
from mathplay.i18n import _, speaking
from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.kinds.move import Move
from mathplay.puzzles.model import Puzzle, Worksheet

__all__ = [
    "PAPERS",
    "PrintItem",
    "default_names",
    "print_items",
    "worksheet_html",
    "worksheet_pdf",
    "write",
]

#: Paper sizes in inches (width, height).
PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
#: Kinds answered by ticking one of their choices.
_TICKED = {"true-or-false", "which-operation"}


@dataclass(frozen=True)
class PrintItem:
    """One puzzle as it is printed: what the pupil reads, and what the key says."""

    number: int
    id: str
    kind: str
    prompt: str
    question: str
    choices: tuple[str, ...]
    #: The game of a move puzzle (drawn as its board), else ``None``.
    game: AnyGame | None
    #: For "write N in binary": the place values of the boxes to fill, else ``()``.
    places: tuple[int, ...]
    #: The right answer, as a pupil would type it (the checker accepts it).
    answer: str
    why: str

    @property
    def shown_answer(self) -> str:
        """The answer as the key prints it (``×`` for ``x``)."""
        # A move in the words of the board's log (B5 mendatar 2+3=5), as a pupil types it.
        return move_said(self.answer) if self.kind == "move" else _choice(self.answer)


def _places(puzzle: Puzzle) -> tuple[int, ...]:
    if puzzle.kind != "convert" or puzzle.fields.get("to") != "binary":
        return ()
    number = int(puzzle.fields.get("number", 0))
    width = max(4, number.bit_length())
    return tuple(1 << power for power in range(width - 1, -1, -1))


def print_items(sheet: Worksheet) -> list[PrintItem]:
    """The puzzles of ``sheet`` as they are printed, in order, with their answers."""
    items = []
    for number, puzzle in enumerate(sheet.puzzles, start=1):
        kind = KINDS[puzzle.kind]
        if isinstance(kind, Move):  # the one move its explanation plays too
            answers = [kind.key(puzzle)]
        else:
            answers = kind.solutions(puzzle, 1) or ([puzzle.answer] if puzzle.answer else [""])
        explained = [line.strip() for line in kind.explain(puzzle).splitlines() if line.strip()]
        game = kind.game(puzzle) if hasattr(kind, "game") else None
        items.append(
            PrintItem(
                number=number,
                id=puzzle.id,
                kind=puzzle.kind,
                prompt=kind.prompt(puzzle),
                question=_pretty_question(kind.question(puzzle)),
                choices=tuple(kind.choices(puzzle) or ()) if puzzle.kind in _TICKED else (),
                game=game,
                places=_places(puzzle),
                answer=answers[0],
                why=explained[-1] if explained else "",
            )
        )
    return items


def _pretty_question(question: str) -> str:
    """A question as people read it, its blanks ``_`` kept (``6 × _ = 72``)."""
    mark = "987654321"  # a number no question holds, standing in for each blank
    if mark in question:
        return pretty(question)
    return pretty(question.replace("_", mark)).replace(mark, "_")


def _choice(choice: str) -> str:
    """A choice as the pupil reads it: ``×`` for ``x``, ``−`` for ``-``."""
    return pretty_token(choice) if " " not in choice else pretty(choice)


def _titles(sheet: Worksheet, answers: bool) -> tuple[str, str]:
    title = sheet.title or _("Puzzles")
    if answers:
        return _("{title}: answer key").format(title=title), _(
            "The right answers, as mathplay's checker finds them, each with one line that "
            "explains it."
        )
    return title, _("Write your answer in each box. Show your working beside it if you like.")


# --- HTML --------------------------------------------------------------------------------

_CSS = """
@page { size: %(paper)s; margin: 15mm; }
body { font-family: "DejaVu Sans", Arial, sans-serif; color: #000; background: #fff;
       font-size: 12pt; max-width: 180mm; margin: 0 auto; }
h1 { font-size: 18pt; margin: 0 0 4pt; }
.mp-name { display: flex; gap: 12mm; margin: 6pt 0 10pt; }
.mp-name span { flex: 1; border-bottom: 1px solid #000; padding-top: 14pt; }
.mp-item { break-inside: avoid; page-break-inside: avoid; border-top: 1px solid #999;
           padding: 6pt 0 8pt; }
.mp-q { font-family: "DejaVu Sans Mono", monospace; font-size: 15pt; margin: 4pt 0; }
.mp-box { display: inline-block; min-width: 45mm; height: 10mm; border: 1.5px solid #000;
          vertical-align: middle; margin-left: 3mm; }
.mp-choices { list-style: none; padding: 0; margin: 4pt 0; }
.mp-choices li::before { content: "\\2610\\00a0"; font-size: 14pt; }
.mp-bits { border-collapse: collapse; margin: 4pt 0; }
.mp-bits td { border: 1.5px solid #000; width: 11mm; height: 10mm; text-align: center; }
.mp-bits th { font-weight: normal; font-size: 9pt; }
.mp-board svg { max-width: 120mm; height: auto; }
.mp-answer { font-weight: bold; font-size: 13pt; }
"""


def _board_svg(game: AnyGame) -> str:
    from mathplay.plot import board

    picture = board(game, last_move=False, title=False, format="svg")
    return str(getattr(picture, "data", picture))


def _item_html(item: PrintItem, answers: bool) -> str:
    parts = [
        f'<section class="mp-item" aria-label="{escape(_("Puzzle {n}").format(n=item.number))}">'
    ]
    parts.append(f"<p><strong>{item.number}.</strong> {escape(item.prompt)}</p>")
    if item.game is not None and not answers:
        parts.append(f'<div class="mp-board">{_board_svg(item.game)}</div>')
    parts.append(f'<p class="mp-q">{escape(item.question)}</p>')
    if answers:
        shown = escape(item.shown_answer)
        parts.append(f'<p>{escape(_("Answer:"))} <span class="mp-answer">{shown}</span></p>')
        if item.why:
            parts.append(f"<p>{escape(item.why)}</p>")
    elif item.choices:
        ticks = "".join(f"<li>{escape(_choice(choice))}</li>" for choice in item.choices)
        parts.append(f'<p>{escape(_("Tick one:"))}</p><ul class="mp-choices">{ticks}</ul>')
    elif item.places:
        heads = "".join(f"<th>{value}</th>" for value in item.places)
        boxes = "<td></td>" * len(item.places)
        parts.append(
            f'<table class="mp-bits" aria-label="{escape(_("One box for each bit"))}">'
            f"<tr>{heads}</tr><tr>{boxes}</tr></table>"
        )
    else:
        label = _("Your move:") if item.game is not None else _("Answer:")
        parts.append(f'<p>{escape(label)} <span class="mp-box"></span></p>')
    parts.append("</section>")
    return "".join(parts)


def worksheet_html(sheet: Worksheet, *, answers: bool = False, paper: str = "a4") -> str:
    """The worksheet (or with ``answers``, the key) of ``sheet`` as a printable page, in
    the sheet's language (a Spanish puzzle file prints "Nombre:", not "Name:")."""
    with speaking(sheet.language or None) as language:
        return _worksheet_html(sheet, answers, paper, language)


def _worksheet_html(sheet: Worksheet, answers: bool, paper: str, language: str) -> str:
    title, lead = _titles(sheet, answers)
    items = print_items(sheet)
    name = ""
    if not answers:
        name = (
            f'<div class="mp-name"><span>{escape(_("Name:"))}</span>'
            f"<span>{escape(_('Date:'))}</span></div>"
        )
    body = "".join(_item_html(item, answers) for item in items)
    css = _CSS % {"paper": "A4" if paper == "a4" else "letter"}
    return (
        f'<!DOCTYPE html>\n<html lang="{language}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{css}</style></head><body>"
        f"<h1>{escape(title)}</h1>{name}<p>{escape(lead)}</p>{body}</body></html>\n"
    )


# --- PDF ---------------------------------------------------------------------------------

_MARGIN = 0.6  # inches
_SANS = 11.0  # points
_MONO = 14.0


def _wrap(text: str, points: float, width_in: float, mono: bool = False) -> list[str]:
    """``text`` wrapped to ``width_in`` inches at ``points`` (an estimate that errs on the
    short side, so no line runs past the margin)."""
    per_char = points / 72 * (0.62 if mono else 0.56)
    columns = max(10, int(width_in / per_char))
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        lines += textwrap.wrap(paragraph, columns) or [""]
    return lines


def _line_in(points: float) -> float:
    return points / 72 * 1.35


@dataclass
class _Page:
    figure: Any
    width: float
    height: float
    y: float  # inches from the top, where the next thing goes

    def text(self, x: float, text: str, points: float, **style: Any) -> None:
        self.y += _line_in(points)
        self.figure.text(
            x / self.width, 1 - self.y / self.height, text, fontsize=points, va="baseline", **style
        )

    def box(self, x: float, width: float, height: float) -> None:
        from matplotlib.patches import Rectangle

        top = 1 - self.y / self.height
        self.figure.add_artist(
            Rectangle(
                (x / self.width, top - height / self.height),
                width / self.width,
                height / self.height,
                transform=self.figure.transFigure,
                fill=False,
                linewidth=1.4,
                edgecolor="black",
            )
        )


_BOARD_SIDE = 2.8  # inches: the longest side of a board's picture on the page


def _board_size(image: Any) -> tuple[float, float]:
    rows, columns = image.shape[:2]
    if columns >= rows:
        return _BOARD_SIDE, _BOARD_SIDE * rows / columns
    return _BOARD_SIDE * columns / rows, _BOARD_SIDE


def _board_image(game: AnyGame) -> Any:
    import matplotlib.image as mpimg
    import matplotlib.pyplot as plt

    from mathplay.render.mpl_board import board_figure

    figure = board_figure(game, last_move=False, title=False)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=170)
    plt.close(figure)
    buffer.seek(0)
    return mpimg.imread(buffer)


def _item_height(item: PrintItem, answers: bool, inner: float, images: dict[int, Any]) -> float:
    height = 0.12 + len(_wrap(item.prompt, _SANS, inner - 0.3)) * _line_in(_SANS)
    height += len(_wrap(item.question, _MONO, inner - 0.3, mono=True)) * _line_in(_MONO)
    if answers:
        answer = _("Answer:") + " " + item.shown_answer
        height += len(_wrap(answer, _SANS + 1, inner - 0.5)) * _line_in(_SANS + 1)
        height += len(_wrap(item.why, _SANS - 1, inner - 0.3)) * _line_in(_SANS - 1)
    elif item.choices:
        lines = sum(len(_wrap(_choice(choice), _SANS, inner - 0.8)) for choice in item.choices)
        height += _line_in(_SANS) * (1 + lines)
    elif item.places:
        height += 0.75
    else:
        height += 0.65
    if item.game is not None and not answers:
        height += _board_size(images[item.number])[1] + 0.1
    return height + 0.15


def worksheet_pdf(
    sheet: Worksheet, out: str | Path, *, answers: bool = False, paper: str = "a4"
) -> int:
    """Write the worksheet (or with ``answers``, the key) of ``sheet`` as a PDF at
    ``out``, in the sheet's language; returns the number of pages."""
    with speaking(sheet.language or None):
        return _worksheet_pdf(sheet, out, answers, paper)


def _worksheet_pdf(sheet: Worksheet, out: str | Path, answers: bool, paper: str) -> int:
    import matplotlib
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages

    width, height = PAPERS[paper]
    inner = width - 2 * _MARGIN
    title, lead = _titles(sheet, answers)
    items = print_items(sheet)
    pages = 0
    with (
        matplotlib.rc_context({"pdf.fonttype": 42, "font.family": "DejaVu Sans"}),
        PdfPages(str(out), metadata={"Title": title, "Creator": "mathplay"}) as pdf,
    ):

        def new_page() -> _Page:
            nonlocal pages
            pages += 1
            figure = plt.figure(figsize=(width, height))
            page = _Page(figure, width, height, _MARGIN)
            footer = _("{title}, page {n}").format(title=title, n=pages)
            figure.text(0.5, 0.35 / height, footer, ha="center", fontsize=8, color="#444")
            return page

        def finish(page: _Page) -> None:
            pdf.savefig(page.figure)
            plt.close(page.figure)

        page = new_page()
        for line in _wrap(title, 17, inner, mono=True):  # bold: as wide as mono
            page.text(_MARGIN, line, 17, weight="bold")
        if not answers:
            page.y += 0.25
            page.text(_MARGIN, _("Name:") + " " + "_" * 38, _SANS)
            page.y -= _line_in(_SANS)
            page.text(_MARGIN + inner * 0.66, _("Date:") + " " + "_" * 14, _SANS)
            page.y += 0.08
        for line in _wrap(lead, _SANS, inner):
            page.text(_MARGIN, line, _SANS, style="italic")
        page.y += 0.1
        images = {
            item.number: _board_image(item.game)
            for item in items
            if item.game is not None and not answers
        }
        for item in items:
            need = _item_height(item, answers, inner, images)
            if page.y + need > height - _MARGIN - 0.15:
                finish(page)
                page = new_page()
            _draw_item(page, item, answers, inner, images.get(item.number))
        finish(page)
    return pages


def _draw_item(page: _Page, item: PrintItem, answers: bool, inner: float, image: Any) -> None:
    x = _MARGIN
    page.y += 0.08
    page.figure.add_artist(_rule(page, x, inner))
    for number, line in enumerate(_wrap(item.prompt, _SANS, inner - 0.3)):
        if number == 0:
            page.text(x, f"{item.number}.", _SANS, weight="bold")
            page.y -= _line_in(_SANS)
        page.text(x + 0.3, line, _SANS)
    if image is not None:
        w, h = _board_size(image)
        page.y += 0.08
        axes = page.figure.add_axes(
            (
                (x + 0.3) / page.width,
                1 - (page.y + h) / page.height,
                w / page.width,
                h / page.height,
            )
        )
        axes.imshow(image, interpolation="lanczos")
        axes.set_axis_off()
        page.y += h
    for line in _wrap(item.question, _MONO, inner - 0.3, mono=True):
        page.text(x + 0.3, line, _MONO, family="DejaVu Sans Mono")
    if answers:
        answer = _("Answer:") + " " + item.shown_answer
        for line in _wrap(answer, _SANS + 1, inner - 0.5):
            page.text(x + 0.3, line, _SANS + 1, weight="bold")
        for line in _wrap(item.why, _SANS - 1, inner - 0.3):
            page.text(x + 0.3, line, _SANS - 1)
    elif item.choices:
        page.text(x + 0.3, _("Tick one:"), _SANS)
        for choice in item.choices:
            for number, line in enumerate(_wrap(_choice(choice), _SANS, inner - 0.8)):
                page.text(
                    x + (0.45 if number == 0 else 0.7), ("☐  " if number == 0 else "") + line, _SANS
                )
    elif item.places:
        page.y += 0.05
        for index, value in enumerate(item.places):
            left = x + 0.3 + index * 0.5
            page.figure.text(
                (left + 0.2) / page.width,
                1 - (page.y + 0.14) / page.height,
                str(value),
                fontsize=8,
                ha="center",
            )
        page.y += 0.2
        for index in range(len(item.places)):
            page.box(x + 0.3 + index * 0.5, 0.4, 0.4)
        page.y += 0.5
    else:
        label = _("Your move:") if item.game is not None else _("Answer:")
        page.y += 0.1
        page.box(x + 1.3, 2.4, 0.42)
        page.y += 0.1
        page.text(x + 0.3, label, _SANS)
        page.y += 0.2
    page.y += 0.07


def _rule(page: _Page, x: float, inner: float) -> Any:
    from matplotlib.lines import Line2D

    y = 1 - page.y / page.height
    return Line2D(
        [x / page.width, (x + inner) / page.width],
        [y, y],
        transform=page.figure.transFigure,
        color="#999999",
        linewidth=0.6,
    )


def write(sheet: Worksheet, out: str | Path, *, answers: bool = False, paper: str = "a4") -> Path:
    """Write the worksheet or key of ``sheet`` to ``out``: a PDF, or HTML when ``out``
    ends with ``.html``."""
    path = Path(out)
    if path.suffix.lower() in (".html", ".htm"):
        path.write_text(worksheet_html(sheet, answers=answers, paper=paper), encoding="utf-8")
    else:
        worksheet_pdf(sheet, path, answers=answers, paper=paper)
    return path


def default_names(source: str | Path, answers: bool, suffix: str = ".pdf") -> str:
    """``05-binary-numbers-worksheet.pdf`` / ``…-key.pdf`` for a puzzle file's name."""
    stem = Path(str(source)).stem
    return f"{stem}-{'key' if answers else 'worksheet'}{suffix}"
