"""The website's home pages: one per language, each in its language, where a pupil picks.

``index.html`` is the home page in the site's language (``mathplay site build
--language es``); every other language of the site has its own, ``index-ms.html``. Each
page starts with the list of languages (each named in itself, with ``lang`` and
``hreflang`` so a screen reader reads it right), then a big "Start the first lesson"
button (lesson 00 in that language), that language's lessons by name, its Play pages and
the teachers' pages.

Made with the standard library only (the site is built by the system's Python).

>>> home_name("es", "en"), home_name("en", "en"), home_name("en", "es")
('index-es.html', 'index.html', 'index-en.html')
>>> page = front_page("", [("es/00-welcome", "Lección 0")], ["summy"],
...                   language="es", languages=["en", "es"])
>>> '<a class="start" href="lab/index.html?path=es/00-welcome.ipynb&amp;app=1">' in page
True
>>> '<a href="index.html" hreflang="en" lang="en">English</a>' in page
True
>>> '<a href="lab/index.html?path=es/play-summy.ipynb&amp;app=1">Jugar a Summy</a>' in page
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from mathplay.i18n import _, language_name, speaking
from mathplay.site.apppage import app_link

__all__ = ["FRONT_PAGE", "front_page", "home_name"]

#: Where the home page's "Start the first lesson" button goes on an English site: lesson
#: 00's app page.
FRONT_PAGE = "lab/index.html?path=00-welcome.ipynb&amp;app=1"

_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fafafa}"
    "main{max-width:40em;margin:1.5em auto;padding:0 1em;line-height:1.5}"
    "a{color:#0d47a1}li{margin:.2em 0}a.lab{font-size:.85em;color:#555;margin-left:.6em}"
    ".hidden-words{position:absolute;width:1px;height:1px;overflow:hidden;"
    "clip-path:inset(50%);white-space:nowrap}"
    "a.start{display:inline-block;background:#1976d2;color:#fff;padding:.6em 1.2em;"
    "border-radius:6px;font-size:1.3em;font-weight:bold;text-decoration:none}"
    "a.start:focus-visible,a:focus-visible{outline:3px solid #0d47a1;outline-offset:2px}"
    "nav.languages ul{list-style:none;padding:0;margin:0 0 1em;display:flex;flex-wrap:wrap;"
    "gap:.4em 1.2em}nav.languages a{font-size:1.1em}"
    "nav.languages a[aria-current]{font-weight:bold;color:#1a1a1a;text-decoration:none}"
)


def home_name(language: str, site_language: str) -> str:
    """The file of the home page in ``language`` on a site whose language is
    ``site_language``."""
    return "index.html" if language == site_language else f"index-{language}.html"


def _link(path: str) -> str:
    """The app page of the notebook ``path`` (without ``.ipynb``): the lesson already run,
    no code, no menus."""
    return escape(app_link(f"{path}.ipynb"))


def _lab_link(path: str) -> str:
    return f"lab/index.html?path={escape(path)}.ipynb"


def _list(items: Sequence[tuple[str, str]]) -> str:
    """The lessons (or Play pages) as links to their app pages, each followed by a small
    link that opens the notebook in JupyterLab (named with the lesson for screen readers)."""
    rows = []
    for path, name in items:
        # Its name starts with the words shown (speech input says them to follow it), and
        # goes on, for screen readers only, with the lesson's name.
        rows.append(
            f'<li><a href="{_link(path)}">{escape(name)}</a> '
            f'<a class="lab" href="{_lab_link(path)}">{escape(_("open in JupyterLab"))}'
            f'<span class="hidden-words">: {escape(name)}</span></a></li>'
        )
    return "<ul>" + "".join(rows) + "</ul>"


def _languages(language: str, languages: Sequence[str], site_language: str) -> str:
    """The list of the site's languages, each in itself, the page's own marked."""
    items = []
    for code in languages:
        current = ' aria-current="page"' if code == language else ""
        items.append(
            f'<li><a href="{home_name(code, site_language)}" hreflang="{escape(code)}" '
            f'lang="{escape(code)}"{current}>{escape(language_name(code))}</a></li>'
        )
    label = escape(_("Language"))
    return f'<nav class="languages" aria-label="{label}"><ul>{"".join(items)}</ul></nav>'


def front_page(
    original: str,
    lessons: Sequence[tuple[str, str]] = (),
    games: Sequence[str] = (),
    teachers: bool = False,
    *,
    language: str = "en",
    languages: Sequence[str] = (),
    site_language: str = "en",
) -> str:
    """A home page of the site in ``language``: the list of the site's ``languages``
    (when there are several), a "Start the first lesson" button (the first of
    ``lessons``: notebook path without ``.ipynb``, and title), every lesson and the Play
    page of each of ``games`` (``play-summy.ipynb``, in a translation's folder for
    another language than English: ``es/play-summy.ipynb``) by name,
    and, with ``teachers``, the link to the teachers' pages. JupyterLite's pages read the
    configuration block of this page, so it is kept from ``original``."""
    start = original.find('<script id="jupyter-config-data"')
    end = original.find("</script>", start)
    block = original[start : end + len("</script>")] if start >= 0 and end >= 0 else (
        '<script id="jupyter-config-data" type="application/json" '
        'data-jupyter-lite-root=".">{}</script>'
    )  # fmt: skip
    with speaking(language) as code:
        title = escape(_("mathplay: lessons and games"))
        body = [_languages(code, languages, site_language)] if len(languages) > 1 else []
        body += [
            f"<h1>{title}</h1>",
            "<p>"
            + escape(_("Number games and puzzles: equations, binary numbers and logic."))
            + "</p>",
        ]
        if lessons:
            first = _link(lessons[0][0])
            body.append(
                f'<p><a class="start" href="{first}">{escape(_("Start the first lesson"))}</a></p>'
            )
            body.append(f"<h2>{escape(_('The lessons'))}</h2>")
            body.append(_list(lessons))
        if games:
            body.append(f"<h2>{escape(_('Play a game'))}</h2>")
            folder = "" if code == "en" else f"{code}/"
            plays = [(f"{folder}play-{game}", game.capitalize()) for game in games]
            body.append(_list([(path, _("Play {game}").format(game=name)) for path, name in plays]))
        if lessons:
            body.append(f"<h2>{escape(_('Your progress'))}</h2>")
            folder = "" if code == "en" else f"{code}/"
            body.append(_list([(f"{folder}my-progress", _("My progress"))]))
            body.append(
                "<p>"
                + escape(
                    _(
                        "What you have done in the lessons on this computer, which skills "
                        "are due for review, and what comes next."
                    )
                )
                + "</p>"
            )
        if teachers:
            body.append(f"<h2>{escape(_('For teachers'))}</h2>")
            body.append(
                f'<p><a href="teachers/index.html">{escape(_("A page per lesson"))}</a>: '
                + escape(
                    _(
                        "its goals and curriculum lines, the minutes of a 45-minute class, "
                        "what to say, the mistakes to watch for (the answers are not on this "
                        "website)."
                    )
                )
                + "</p>"
            )
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(code)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n<style>{_STYLE}</style>\n"
        f"{block}\n</head>\n<body>\n<main>\n" + "\n".join(body) + "\n</main>\n</body>\n</html>\n"
    )
