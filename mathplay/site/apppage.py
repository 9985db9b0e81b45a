"""A lesson as an app page on the website: the lesson already run, no code, no menus.

The site's JupyterLab page with ``app=1`` in its address (:func:`app_link`) is a
lesson's app page: a bar (all lessons, open in JupyterLab, a status line) in the
lesson's language, JupyterLab's menus, side bars, toolbar, prompts and collapsed code
hidden, and every cell run. :mod:`mathplay.site.onelesson` puts :data:`APP_SCRIPT` in the
page. (Voici, Voilà for JupyterLite, cannot load this JupyterLite's kernel: docs/site.md.)

>>> app_link("es/05-numeros-binarios.ipynb")
'lab/index.html?path=es/05-numeros-binarios.ipynb&app=1'
"""

from __future__ import annotations

from mathplay.i18n import _, speaking
from mathplay.site.scripts import script

__all__ = ["APP_PARAMETER", "APP_SCRIPT", "app_link", "app_words"]

#: The address parameter that makes the JupyterLab page a lesson's app page.
APP_PARAMETER = "app"

# Before JupyterLab starts, the page gets the bar and the styles that hide collapsed code
# (the one-line cells a lesson shows on purpose, tagged ``show-input``, and a teachers'
# lesson's code stay), prompts and cell toolbars; once the lesson is open, JupyterLab's
# top bar, menus, side bars, status bar and notebook toolbar are hidden, the start line
# ("open the Run menu…") too, and every cell is run. The pupil sees the lesson's text,
# pictures and widgets, already run. The lesson's words (``__WORDS__``, in every language
# of the site) are chosen by the lesson's folder (``es/…``). The script is
# ``mathplay/site/static/app-page.js``.
APP_SCRIPT = script("app-page.js")


def app_words(language: str, home: str) -> dict[str, str]:
    """What a lesson's app page says in ``language``; ``home`` is that language's home page."""
    with speaking(language) as code:
        return {
            "lang": code,
            "home": home,
            "all": _("All lessons"),
            "lab": _("Open in JupyterLab"),
            "label": _("Lesson"),
            "ready": _("Getting the lesson ready… (the first time, this can take a minute)"),
            "failed": _("The lesson could not start: reload the page."),
            "update": _("A newer version of the lessons is ready: reload the page to see it."),
        }


def app_link(path: str) -> str:
    """The address of the app page of the notebook ``path`` (from the site's top)."""
    return f"lab/index.html?path={path}&{APP_PARAMETER}=1"
