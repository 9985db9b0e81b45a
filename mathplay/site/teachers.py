"""The teachers' pages on the website: one HTML page per lesson and a list of them.

The website is public, and pupils can read it, so these pages leave out the end check's
answers (a teacher gets them with ``mathplay lessons print NN`` or in
``lessons/teacher/NN-name.md``); everything else of the teacher's page is there: the
goals with their curriculum lines, the minutes of a 45-minute class, what to say at the
start and the end, the mistakes to watch for and the end check's questions. The pages are
plain HTML with no script and no address off the site.

They are made from the built pages ``lessons/teacher/NN-name.md`` with the standard
library only: ``mathplay site build`` runs without mathplay's dependencies (no jupytext,
no sympy), so it reads no lesson source.
"""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path

from mathplay.i18n import _, current_language

__all__ = ["FOLDER", "lesson_titles", "page_html", "teacher_pages", "translated_titles"]

#: Where the pages go in the site.
FOLDER = "teachers"

_STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:46em;margin:1.5em auto;padding:0 1em;"
    "line-height:1.45;color:#1a1a1a}table{border-collapse:collapse}"
    "td,th{border:1px solid #999;padding:2px 8px;text-align:left}"
    "a{color:#0d47a1}@media print{nav{display:none}}"
)


def _page(title: str, body: list[str]) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{current_language()}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )


def _lesson_link(stem: str) -> str:
    return f"../lab/index.html?path={escape(stem)}.ipynb"


_ANSWERED = re.compile(r"^\d+\. `(?P<question>.+)`: \*\*(?P<answer>.+)\*\*$")
_ANSWERS_HEADING = "## " + "The end check, with its answers"


def _inline(text: str) -> str:
    """Escaped ``text`` with the page's Markdown marks: `code`, **bold**, *italic*."""
    out = escape(text, quote=False)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    out = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", out)
    return re.sub(r"\*([^*]+)\*", r"<em>\1</em>", out)


def page_html(markdown: str, stem: str) -> str:
    """The website's HTML of a teacher's page (``lessons/teacher/NN-name.md``, as
    ``mathplay lessons build`` writes it), without the end check's answers and without
    the line for maintainers. Only the Markdown those pages use is read: headings,
    paragraphs, lists one level deep, a table and the end check's numbered list."""
    body: list[str] = []
    title = stem
    open_list = ""  # "ul" or "ol" while a list is open
    nested = False
    table: list[list[str]] = []
    answers_hidden = False

    def close() -> None:
        nonlocal open_list, nested, table
        if nested:
            body.append("</ul></li>")
            nested = False
        if open_list:
            if body[-1].endswith("<!--item-->"):
                body[-1] = body[-1].removesuffix("<!--item-->") + "</li>"
            body.append(f"</{open_list}>")
            open_list = ""
        if table:
            rows = []
            for n, cells in enumerate(table):
                tag = "th" if n == 0 or cells[0].startswith("**") else "td"
                rows.append(
                    "<tr>" + "".join(f"<{tag}>{_inline(c)}</{tag}>" for c in cells) + "</tr>"
                )
            body.append("<table>" + "".join(rows) + "</table>")
            table = []

    def end_item() -> None:
        if body and body[-1].endswith("<!--item-->"):
            body[-1] = body[-1].removesuffix("<!--item-->") + "</li>"

    for line in markdown.splitlines():
        if line.startswith("*Made from "):
            continue  # for maintainers
        if line.startswith("# "):
            close()
            title = line[2:].strip()
            body.append(f"<h1>{_inline(title)}</h1>")
        elif line.startswith("## "):
            close()
            if line.strip() == _ANSWERS_HEADING:
                answers_hidden = True
                body.append(f"<h2>{escape(_('The end check'))}</h2>")
            else:
                if answers_hidden:
                    body.append(_no_answers(stem))
                    answers_hidden = False
                body.append(f"<h2>{_inline(line[3:].strip())}</h2>")
        elif line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not all(set(c) <= {"-", " ", ":"} for c in cells):
                table.append(cells)
        elif line.startswith("- "):
            if open_list != "ul":
                close()
                body.append("<ul>")
                open_list = "ul"
            if nested:
                body.append("</ul></li>")
                nested = False
            end_item()
            body.append(f"<li>{_inline(line[2:])}<!--item-->")
        elif line.startswith("  - ") and open_list == "ul":
            if not nested:
                body[-1] = body[-1].removesuffix("<!--item-->")
                body.append("<ul>")
                nested = True
            body.append(f"<li>{_inline(line[4:])}</li>")
        elif (found := _ANSWERED.match(line)) is not None:
            if open_list != "ol":
                close()
                body.append("<ol>")
                open_list = "ol"
            end_item()
            body.append(f"<li><code>{escape(found['question'], quote=False)}</code><!--item-->")
        elif line.strip():
            close()
            body.append(f"<p>{_inline(line.strip())}</p>")
        else:
            close()
    close()
    if answers_hidden:
        body.append(_no_answers(stem))
    every_page = escape(_("All the teachers’ pages"))
    navigation = (
        f'<nav><a href="index.html">{every_page}</a> · '
        f'<a href="{_lesson_link(stem)}">{escape(_("Open the lesson"))}</a></nav>'
    )
    return _page(title, [navigation, *body])


def _no_answers(stem: str) -> str:
    words = _(
        "The answers are not on this website, which pupils can read. Print the worksheet "
        "and its answer key with: mathplay lessons print {number}"
    ).format(number=stem[:2])
    return f"<p>{escape(words)}</p>"


def lesson_titles(lessons: Path) -> list[tuple[str, str]]:
    """(file stem, title) of every lesson notebook ``NN-name.ipynb`` in ``lessons``: the
    first "# " heading of its first Markdown cell (else the stem). Read from the built
    notebooks with the standard library only, as the site's build runs without
    mathplay's dependencies."""
    found = []
    for path in sorted(lessons.glob("[0-9][0-9]-*.ipynb")):
        title = path.stem
        try:
            cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        except (OSError, ValueError, AttributeError):
            continue
        for cell in cells:
            source = cell.get("source", "") if isinstance(cell, dict) else ""
            text = "".join(source) if isinstance(source, list) else str(source)
            if cell.get("cell_type") == "markdown" and text.startswith("# "):
                title = text.splitlines()[0][2:].strip()
                break
        found.append((path.stem, title))
    return found


def translated_titles(lessons: Path) -> dict[str, list[tuple[str, str]]]:
    """The translated lessons by language (``{"es": [("es/00-welcome", "Lección 0: …")]}``):
    the lesson notebooks of each language folder of ``lessons`` that has some."""
    from mathplay.i18n import LANGUAGES

    found = {}
    for code in LANGUAGES:
        titles = lesson_titles(lessons / code) if (lessons / code).is_dir() else []
        if titles:
            found[code] = [(f"{code}/{stem}", title) for stem, title in titles]
    return found


def teacher_pages(lessons: Path) -> dict[str, str]:
    """The website's teachers' pages for the lessons in ``lessons``, made from the built
    pages ``teacher/NN-name.md`` (which ``mathplay lessons check`` keeps up to date): file
    name (in :data:`FOLDER`) → HTML, ``index.html`` the list of them."""
    pages: dict[str, str] = {}
    links: list[str] = []
    titles = dict(lesson_titles(lessons))
    for path in sorted((lessons / "teacher").glob("[0-9][0-9]-*.md")):
        try:
            markdown = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        stem = path.stem
        name = f"{stem}.html"
        pages[name] = page_html(markdown, stem)
        title = titles.get(stem, stem)
        links.append(
            f'<li><a href="{escape(name)}">{escape(title)}</a>'
            f' (<a href="{_lesson_link(stem)}">{escape(_("the lesson"))}</a>)</li>'
        )
    if pages:
        title = _("mathplay: the teachers’ pages")
        pages["index.html"] = _page(
            title,
            [
                f'<nav><a href="../index.html">{escape(_("The website’s home page"))}</a></nav>',
                f"<h1>{escape(title)}</h1>",
                "<p>"
                + escape(
                    _(
                        "A page per lesson: its goals and the curriculum lines they meet, "
                        "the minutes of a 45-minute class, what to say at the start and at "
                        "the end, the mistakes to watch for, and the end check's questions. "
                        "The answers are not on this website."
                    )
                )
                + "</p>",
                "<ol>" + "".join(links) + "</ol>",
            ],
        )
    return pages
