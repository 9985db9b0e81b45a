"""The teacher's dashboard's pages: plain HTML, a few lines of script, words translated.

A class's page shows the report of ``mathplay progress report`` for the class (the pupil ×
puzzle grid with its key, the hardest puzzles, the wrong answers typed) and the skill
levels, with the class's members who have no record yet listed as not started. A
practice, whose questions are each pupil's own, shows as its skills, as in the report. The page
asks the service every few seconds whether anything new came (``report.json?row=N``) and
puts the new grid in place: no reload. A line for screen readers says whose answers came.

>>> html, news = report([], ["ana", "ben"], -1)
>>> "Not started (2): ana, ben." in html, news
(True, '')
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any
from urllib.parse import quote

from mathplay.classroom.report import summary_of
from mathplay.classroom.report_html import body, drawn_attempts, own_body
from mathplay.classroom.roster import gradebook_csv, sets_csv, skills_csv
from mathplay.hub.live_dom import MORPH
from mathplay.i18n import _, current_language

__all__ = ["POLL_SECONDS", "class_page", "csv_file", "error_page", "lessons_list",
           "news_of", "pupil_home", "report", "report_html", "teacher_home"]  # fmt: skip

#: How often a dashboard asks whether anything new came.
POLL_SECONDS = 3

_CSS = """
body { font: 16px/1.45 system-ui, sans-serif; margin: 0; color: #111; background: #fff; }
header { background: #0d47a1; color: #fff; padding: 0.6em 1em; display: flex; gap: 1.5em;
  align-items: center; flex-wrap: wrap; }
header a { color: #fff; }
main { padding: 0.5em 1em 2em; max-width: 1300px; }
a:focus-visible, button:focus-visible { outline: 3px solid #ff9800; outline-offset: 2px; }
nav ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5em 1em; }
.mp-current { font-weight: 700; }
.mp-buttons { display: flex; gap: 1em; flex-wrap: wrap; margin: 0.8em 0; }
.mp-buttons a { border: 1px solid #0d47a1; border-radius: 4px; padding: 0.3em 0.8em;
  color: #0d47a1; text-decoration: none; }
.mp-status { color: #333; font-size: 14px; min-height: 1.4em; }
#mp-live { overflow-x: auto; }
#mp-live:focus-visible { outline: 3px solid #ff9800; outline-offset: 2px; }
.mp-skills td, .mp-skills th { border: 1px solid #bbb; padding: 2px 6px; font-size: 14px; }
.mp-skills { border-collapse: collapse; }
"""

# Every few seconds: has anything come after the row shown? If so, the new report goes
# in place, and the line for screen readers says whose answers came.
_SCRIPT = """
(function () {
__MORPH__
  const live = document.getElementById("mp-live");
  const status = document.getElementById("mp-status");
  let row = -1;
  async function look() {
    try {
      const url = new URL(live.dataset.source, window.location.href);
      url.searchParams.set("row", String(row));
      const answer = await fetch(url, {
        credentials: "same-origin", headers: { "X-XSRFToken": live.dataset.xsrf } });
      if (answer.ok) {
        const data = await answer.json();
        if (data.html !== undefined) {
          mpMorph(live, data.html);
          const lessons = document.getElementById("mp-lessons");
          if (lessons && data.lessons) mpMorph(lessons, data.lessons);
          if (data.news) status.textContent = data.news;
        }
        row = data.row;
        live.dataset.row = String(row);
      } else if (answer.status === 403) {
        status.textContent = live.dataset.denied;
        return;
      }
    } catch (error) {
      status.textContent = live.dataset.offline;
    }
    setTimeout(look, __SECONDS__ * 1000);
  }
  look();
})();
""".replace("__SECONDS__", str(POLL_SECONDS)).replace("__MORPH__", MORPH)


def _page(title: str, content: str, prefix: str, script: bool = False) -> str:
    home = escape(prefix)
    return (
        f'<!DOCTYPE html>\n<html lang="{current_language()}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>"
        f'<header><a href="{home}">{escape(_("mathplay: the class, live"))}</a>'
        f'<a href="/hub/home">{escape(_("Back to JupyterHub"))}</a></header>'
        f"<main>{content}</main>"
        + (f"<script>{_SCRIPT}</script>" if script else "")
        + "</body></html>\n"
    )


def _live(source: str, xsrf: str, label: str) -> str:
    """The place the report goes, and the status line (read out when answers come).
    ``xsrf`` is the page's XSRF token: the hub's login refuses a script's request with
    its cookie but without it. The place scrolls sideways when the grid is wider than
    the screen (a phone, 400 % zoom): it is a named region the keyboard reaches (Tab,
    then the arrows scroll it), ``label`` its name."""
    return (
        f'<p id="mp-status" class="mp-status" role="status" aria-live="polite"></p>'
        f'<div id="mp-live" role="region" tabindex="0" aria-label="{escape(label)}"'
        f' data-source="{escape(source)}" data-row="0"'
        f' data-xsrf="{escape(xsrf)}"'
        f' data-denied="{escape(_("You cannot see this class any more."))}"'
        f' data-offline="{escape(_("The dashboard cannot reach the service: it tries again."))}">'
        f"<p>{escape(_('Loading the answers…'))}</p></div>"
    )


def teacher_home(user: str, classes: Sequence[str], prefix: str) -> str:
    """A teacher's first page: their classes."""
    title = _("Your classes")
    if classes:
        items = "".join(
            f'<li><a href="{escape(prefix)}class/{quote(name, safe="")}">{escape(name)}</a></li>'
            for name in classes
        )
        listing = f'<nav aria-label="{escape(title)}"><ul>{items}</ul></nav>'
    else:
        listing = "<p>" + escape(_(
            "You are not in any class's group yet. Ask the hub's administrator to add you "
            "to your classes' groups."
        )) + "</p>"  # fmt: skip
    greeting = escape(_("Hello, {name}. Choose a class to see its answers as they come.")
                      .format(name=user))  # fmt: skip
    return _page(title, f"<h1>{escape(title)}</h1><p>{greeting}</p>{listing}", prefix)


def pupil_home(user: str, prefix: str, xsrf: str = "") -> str:
    """A pupil's page: their own answers, updating as they work."""
    title = _("Your answers, {name}").format(name=user)
    note = escape(_("These are the answers your teacher sees. They update as you work."))
    content = (
        f"<h1>{escape(title)}</h1><p>{note}</p>{_live(prefix + 'me/report.json', xsrf, title)}"
    )
    return _page(title, content, prefix, script=True)


def class_page(
    group: str,
    lessons: Sequence[str],
    lesson: str | None,
    prefix: str,
    xsrf: str = "",
    extra: str = "",
) -> str:
    """A class's page: its lessons, the live report, the export buttons (and ``extra``,
    HTML after them: the class's tournaments)."""
    base = f"{prefix}class/{quote(group, safe='')}"
    query = f"?lesson={quote(lesson, safe='')}" if lesson else ""
    title = _("Class {name}").format(name=group)
    lesson_nav = (f'<nav aria-label="{escape(_("Lessons"))}" id="mp-lessons">'
                  f"{lessons_list(group, lessons, lesson, prefix)}</nav>")  # fmt: skip
    buttons = (
        '<p class="mp-buttons">'
        f'<a href="{escape(base)}/report.csv{escape(query)}" download>'
        f"{escape(_('Download the grid (CSV)'))}</a>"
        f'<a href="{escape(base)}/skills.csv{escape(query)}" download>'
        f"{escape(_('Download the skill levels (CSV)'))}</a>"
        f'<a href="{escape(base)}/sets.csv{escape(query)}" download>'
        f"{escape(_('Download the end-check scores (CSV)'))}</a>"
        f'<a href="{escape(base)}/gradebook.csv" download>'
        f"{escape(_('Download the gradebook (CSV)'))}</a></p>"
    )
    shown = escape(lesson or _("All lessons"))
    content = (
        f"<h1>{escape(title)}</h1>{lesson_nav}<h2>{shown}</h2>{buttons}"
        + _live(
            f"{base}/report.json{query}", xsrf, _("The answers of class {name}").format(name=group)
        )
        + extra
    )
    return _page(title, content, prefix, script=True)


def lessons_list(group: str, lessons: Sequence[str], lesson: str | None, prefix: str) -> str:
    """The links to a class's lessons (the lessons its pupils have answers in)."""
    base = f"{prefix}class/{quote(group, safe='')}"
    choices = [(None, _("All lessons"))] + [(name, name) for name in lessons]
    items = []
    for name, shown in choices:
        link = base + (f"?lesson={quote(name, safe='')}" if name else "")
        mark = ' aria-current="page" class="mp-current"' if name == lesson else ""
        items.append(f'<li><a href="{escape(link)}"{mark}>{escape(shown)}</a></li>')
    return f"<ul>{''.join(items)}</ul>"


def _skills(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return ""
    levels = {"not started": _("not started"), "practising": _("practising"),
              "familiar": _("familiar"), "mastered": _("mastered")}  # fmt: skip
    head = "".join(
        f"<th>{escape(t)}</th>"
        for t in (_("pupil"), _("skill"), _("level"), _("last shown known"), _("next review"))
    )
    lines = "".join(
        f"<tr><td>{escape(str(r['who']))}</td><td>{escape(str(r['title']))}</td>"
        f"<td>{escape(levels.get(str(r['level']), str(r['level'])))}</td>"
        f"<td>{escape(str(r.get('last_known') or '')[:10])}</td>"
        f"<td>{escape(str(r.get('review_due') or '')[:10])}</td></tr>"
        for r in rows
    )
    return (f"<h3>{escape(_('Skill levels'))}</h3>"
            f'<table class="mp-skills"><tr>{head}</tr>{lines}</table>')  # fmt: skip


def _sets(rows: list[dict[str, Any]]) -> str:
    """The end checks' scores (a score and a date, no review: they are not skills)."""
    checks = [r for r in rows if r["moment"] == "check"]
    if not checks:
        return ""
    head = "".join(
        f"<th>{escape(t)}</th>" for t in (_("pupil"), _("end check"), _("score"), _("date"))
    )
    lines = "".join(
        f"<tr><td>{escape(str(r['who']))}</td><td>{escape(str(r['title']))}</td>"
        f"<td>{escape(_score(r))}</td>"
        f"<td>{escape(str(r.get('last_active') or '')[:10])}</td></tr>"
        for r in checks
    )
    return (f"<h3>{escape(_('End checks'))}</h3>"
            f'<table class="mp-sets"><tr>{head}</tr>{lines}</table>')  # fmt: skip


def _score(row: dict[str, Any]) -> str:
    if not row["answered"]:
        return _("not taken")
    of = row["questions"] or row["answered"]
    return _("{right} of {questions} right").format(right=row["right"], questions=of)


def report(
    records: list[dict[str, Any]], pupils: Sequence[str] | None, known: int
) -> tuple[str, str]:
    """The report of ``records`` for the class ``pupils`` (``None``: one pupil's own), and
    what to read out: whose answers came after row ``known`` (nothing the first time,
    when ``known`` is -1)."""
    new = sorted({str(r["who"]) for r in records if known >= 0 and int(r.get("row", 0)) > known})
    return report_html(records, pupils), news_of(new)


def report_html(records: list[dict[str, Any]], pupils: Sequence[str] | None) -> str:
    """The report of ``records`` for the class ``pupils`` (``None``: one pupil's own)."""
    if not records and pupils is None:
        return "<p>" + escape(_("No answers yet. They appear here as you answer.")) + "</p>"
    drawn, sets_in_all = drawn_attempts([dict(r) for r in records])  # the page's sets only
    summary = summary_of(drawn, class_list=pupils)
    if pupils is None:
        return own_body(summary, sets_in_all)
    return body(summary, sets_in_all) + _skills(summary.skill_rows()) + _sets(summary.set_rows())


def news_of(names: Sequence[str]) -> str:
    """What the status line reads out: whose answers came (nothing if nobody's)."""
    return _("New answers from {names}.").format(names=", ".join(names)) if names else ""


def csv_file(records: list[dict[str, Any]], pupils: Sequence[str], kind: str) -> str:
    """The CSV of the grid (``report``, as ``progress report --csv``), of the skill
    levels (``skills``, as ``--skills-csv``), of the sets' scores (``sets``, as
    ``--sets-csv``) or the gradebook (``gradebook``, as ``--gradebook``)."""
    summary = summary_of([dict(r) for r in records], class_list=pupils)
    if kind == "skills":
        return skills_csv(summary.skill_rows())
    if kind == "sets":
        return sets_csv(summary.set_rows())
    if kind == "gradebook":
        return gradebook_csv(*summary.gradebook())
    return summary.csv_text()


def error_page(status: int, prefix: str) -> str:
    """What a person sees when they may not see a page (403), or it is not there."""
    if status == 403:
        title = _("This page is for the class's teacher")
        text = _("You can see your own answers on the dashboard's first page.")
    elif status == 404:
        title = _("There is no such page")
        text = _("Go back to the dashboard's first page.")
    else:
        title = _("Something went wrong")
        text = _("Try again in a minute. If it happens again, tell your teacher.")
    link = f'<p><a href="{escape(prefix)}">{escape(_("The dashboard"))}</a></p>'
    return _page(title, f"<h1>{escape(title)}</h1><p>{escape(text)}</p>{link}", prefix)
