"""The teachers' pages on the website: one HTML page per lesson and a list of them.

The website is public, and pupils can read it, so these pages leave out the end check's
answers (a teacher gets them with ``mathplay lessons print NN`` or in
``lessons/teacher/NN-name.md``); everything else of the teacher's page is there: the
goals with their curriculum lines, the minutes of a 45-minute class, what to say at the
start and the end, the mistakes to watch for and the end check's questions. The pages are
plain HTML with no script and no address off the site. A lesson without a companion file
(or with problems in it, which ``mathplay lessons check`` reports) has no page.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from mathplay.i18n import _
from mathplay.lessons.source import Lesson, LessonError, find_lessons, read_lesson
from mathplay.lessons.teacher import (
    FRAMEWORKS,
    TeacherPage,
    end_check,
    lesson_title,
    read_teacher,
)

__all__ = ["FOLDER", "teacher_pages"]

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
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )


def _lesson_link(lesson: Lesson) -> str:
    return f"../lab/index.html?path={escape(lesson.path.stem)}.ipynb"


def page_html(lesson: Lesson, page: TeacherPage) -> str:
    """The teacher's page of ``lesson`` for the website: HTML, without the answers."""
    title = lesson_title(lesson)
    heading = f"{_('For the teacher')}: {title}"
    every_page = escape(_("All the teachers’ pages"))
    body = [
        f'<nav><a href="index.html">{every_page}</a> · '
        f'<a href="{_lesson_link(lesson)}">{escape(_("Open the lesson"))}</a></nav>',
        f"<h1>{escape(heading)}</h1>",
        f"<h2>{escape(_('Goals and the curriculum'))}</h2>",
        "<ul>",
    ]
    for text, cited in page.goals:
        lines = "".join(
            f"<li>{escape(FRAMEWORKS[framework])}: “{escape(line)}”</li>"
            for framework, line in cited
        )
        sublist = f"<ul>{lines}</ul>" if lines else ""
        body.append(f"<li><strong>{escape(text)}</strong>{sublist}</li>")
    body += [
        "</ul>",
        f"<h2>{escape(_('A 45-minute class'))}</h2>",
        f"<table><tr><th>{escape(_('section'))}</th><th>{escape(_('minutes'))}</th></tr>",
    ]
    for section, minutes, optional in page.sections:
        note = _(" (optional, or at home)") if optional else ""
        body.append(f"<tr><td>{escape(section + note)}</td><td>{minutes}</td></tr>")
    total = sum(minutes for _t, minutes, optional in page.sections if not optional)
    body += [
        f"<tr><th>{escape(_('in class'))}</th><th>{total}</th></tr></table>",
        f"<h2>{escape(_('At the start, say'))}</h2>",
        f"<p>{escape(page.start)}</p>",
        f"<h2>{escape(_('Watch for'))}</h2>",
        "<ul>" + "".join(f"<li>{escape(item)}</li>" for item in page.misconceptions) + "</ul>",
    ]
    checked = end_check(lesson)
    if checked:
        body += [
            f"<h2>{escape(_('The end check'))}</h2>",
            "<ol>" + "".join(f"<li><code>{escape(q)}</code></li>" for q, _a in checked) + "</ol>",
            "<p>"
            + escape(
                _(
                    "The answers are not on this website, which pupils can read. Print the "
                    "worksheet and its answer key with: mathplay lessons print {number}"
                ).format(number=lesson.path.stem[:2])
            )
            + "</p>",
        ]
    body += [f"<h2>{escape(_('At the end, say'))}</h2>", f"<p>{escape(page.end)}</p>"]
    return _page(heading, body)


def teacher_pages(lessons: Path) -> dict[str, str]:
    """The website's teachers' pages for the lessons in ``lessons``: file name (in
    :data:`FOLDER`) → HTML, ``index.html`` the list of them."""
    pages: dict[str, str] = {}
    links: list[str] = []
    for path in find_lessons([lessons]):
        try:
            lesson = read_lesson(path)
        except (LessonError, OSError):
            continue  # mathplay lessons check reports it
        page, problems = read_teacher(lesson)
        if page is None or problems:
            continue
        name = f"{path.stem}.html"
        pages[name] = page_html(lesson, page)
        links.append(
            f'<li><a href="{escape(name)}">{escape(lesson_title(lesson))}</a>'
            f' (<a href="{_lesson_link(lesson)}">{escape(_("the lesson"))}</a>)</li>'
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
