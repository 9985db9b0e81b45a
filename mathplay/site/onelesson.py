"""One lesson at a time on the website: no pile-up of kernels, and a start line.

Each JupyterLite kernel is a whole Python in the pupil's browser. JupyterLab reopens
every tab of the last visit, each with its own kernel, and keeps the kernel of every
lesson opened before: after three or four lessons a kernel took over 300 s to start on a
school laptop. So the site's JupyterLab page (``lab/index.html``) gets a short script
that

- forgets the tabs of the last visit before JupyterLab starts (the site's address opens
  the lesson it names, and only that one; a pupil's records and remembered name are kept
  elsewhere and stay), and
- when a lesson's tab becomes the one in front, closes the tabs of the other lessons and
  shuts their kernels down, so at most one lesson kernel runs (the Play notebooks and a
  teacher's own notebooks are left alone).

And every lesson on the site starts with one line that says what to press.

>>> page = lab_page('<script>(async function () {\\n  await import("../config-utils.js");'
...                 '}.call(this));</script>')
>>> page.index("mathplay: one lesson at a time") < page.index("config-utils")
True
>>> lab_page(page) == page  # once is enough
True
"""

from __future__ import annotations

import json
import re
from typing import Any

from mathplay.i18n import _, speaking

__all__ = [
    "APP_PARAMETER",
    "LESSON_NAME",
    "MARK",
    "START_CELL_ID",
    "app_link",
    "app_words",
    "lab_page",
    "with_start_line",
]

#: The address parameter that makes the JupyterLab page a lesson's app page.
APP_PARAMETER = "app"

#: A lesson's notebook: two digits, a dash, a name (``05-binary-numbers.ipynb``), at the
#: top of the site or in a translation's folder.
LESSON_NAME = re.compile(r"^(?:[^/]+/)?[0-9]{2}-[^/]*\.ipynb$")
#: The id of the start line's cell (the site's tests find it by this).
START_CELL_ID = "mathplay-site-start"

#: The comment the script starts with (a built page is checked for it).
MARK = "mathplay: one lesson at a time"

# Runs in the page before JupyterLab's own code (awaited by the page's loader). The
# JupyterLite storage keeps the workspace under the key "default" of the "statedb" store
# of the database "JupyterLite Storage - <site path>"; that key alone is removed. A
# database that does not exist yet is not created (the upgrade is aborted).
_FORGET_TABS = r"""
      // mathplay: one lesson at a time (mathplay/site/onelesson.py)
      await (async function () {
        try {
          const base = window.location.pathname.replace(/lab\/(index\.html)?$/, "");
          const name = "JupyterLite Storage - " + base;
          if (indexedDB.databases) {
            const known = await indexedDB.databases();
            if (!known.some((db) => db.name === name)) return;
          }
          const db = await new Promise((resolve, reject) => {
            const request = indexedDB.open(name);
            request.onupgradeneeded = () => request.transaction.abort();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          });
          try {
            if (!db.objectStoreNames.contains("statedb")) return;
            await new Promise((resolve) => {
              const tx = db.transaction("statedb", "readwrite");
              tx.objectStore("statedb").delete("default");
              tx.oncomplete = tx.onerror = tx.onabort = () => resolve();
            });
          } finally {
            db.close();
          }
        } catch (error) {
          console.warn("mathplay: the last visit's tabs were not forgotten", error);
        }
      })();
      (function oneLesson() {
        const LESSON = /^(?:[^/]+\/)?[0-9]{2}-[^/]*\.ipynb$/;
        let tidying = false;
        async function tidy(app) {
          const front = app.shell.currentWidget;
          const path = front && front.context ? front.context.path : "";
          if (tidying || !LESSON.test(path)) return;
          tidying = true;
          try {
            for (const widget of [...app.shell.widgets("main")]) {
              const other = widget.context ? widget.context.path : "";
              if (other && other !== path && LESSON.test(other)) widget.dispose();
            }
            const sessions = app.serviceManager.sessions;
            await sessions.refreshRunning();
            for (const model of [...sessions.running()]) {
              if (model.path !== path && LESSON.test(model.path)) {
                await sessions.shutdown(model.id);
              }
            }
          } catch (error) {
            console.warn("mathplay: could not close the other lessons", error);
          } finally {
            tidying = false;
          }
        }
        function watch(app) {
          app.restored.then(() => {
            app.shell.currentChanged.connect(() => tidy(app));
            app.serviceManager.sessions.runningChanged.connect(() => tidy(app));
            tidy(app);
          });
        }
        const started = Date.now();
        (function wait() {
          if (window.jupyterapp && window.jupyterapp.shell) return watch(window.jupyterapp);
          if (Date.now() - started < 600000) setTimeout(wait, 250);
        })();
      })();
"""

# The app page of a lesson: the same JupyterLab page with ``app=1`` in its address. Before
# JupyterLab starts, it gets a bar (all lessons, open in JupyterLab, a status line) and the
# styles that hide code, prompts and cell toolbars; once the lesson is open, JupyterLab's
# top bar, menus, side bars, status bar and notebook toolbar are hidden, the start line
# ("open the Run menu…") too, and every cell is run. The pupil sees the lesson's text,
# pictures and widgets, already run. The lesson's words (``__WORDS__``, in every language
# of the site) are chosen by the lesson's folder (``es/…``).
_APP_MODE = r"""
      (function appPage() {
        const params = new URLSearchParams(window.location.search);
        if (!params.has("app")) return;
        const path = params.get("path") || "";
        const address = window.location.search;
        const WORDS = __WORDS__;
        const folder = path.includes("/") ? path.split("/")[0] : "";
        const words = WORDS[folder] || WORDS[""];
        document.documentElement.classList.add("mathplay-app");
        document.documentElement.lang = words.lang;
        const style = document.createElement("style");
        style.textContent = `
          .mathplay-app #main { top: 3em !important; }
          .mathplay-app-bar { position: fixed; top: 0; left: 0; right: 0; height: 3em;
            display: flex; gap: 1.5em; align-items: center; padding: 0 1em; z-index: 10;
            background: #0d47a1; color: #fff; font: 16px system-ui, sans-serif;
            box-sizing: border-box; }
          .mathplay-app-bar a { color: #fff; }
          .mathplay-app-bar a:focus-visible { outline: 3px solid #fff; outline-offset: 2px; }
          .mathplay-app-status { margin-left: auto; }
          .mathplay-app .jp-InputPrompt, .mathplay-app .jp-OutputPrompt,
          .mathplay-app .jp-Collapser, .mathplay-app .jp-cell-toolbar,
          .mathplay-app .jp-CodeCell .jp-Cell-inputWrapper { display: none !important; }
          .mathplay-app .jp-Notebook .jp-Cell.jp-mod-selected,
          .mathplay-app .jp-Notebook .jp-Cell.jp-mod-active {
            background: transparent !important; border-color: transparent !important; }
        `;
        document.head.appendChild(style);
        const bar = document.createElement("nav");
        bar.className = "mathplay-app-bar";
        bar.setAttribute("aria-label", words.label);
        const home = document.createElement("a");
        home.href = "../" + words.home;
        home.textContent = "← " + words.all;
        const lab = document.createElement("a");
        lab.href = "?path=" + encodeURIComponent(path);
        lab.textContent = words.lab;
        const status = document.createElement("span");
        status.className = "mathplay-app-status";
        status.setAttribute("role", "status");
        status.textContent = words.ready;
        bar.append(home, lab, status);
        const put = () => document.body.prepend(bar);
        if (document.body) put(); else document.addEventListener("DOMContentLoaded", put);
        // Answers and names are kept as they are made: no "leave this page?" question.
        window.addEventListener("beforeunload", (event) => event.stopImmediatePropagation(), true);
        async function tidy(app) {
          const shell = app.shell;
          if (shell.mode !== "single-document") shell.mode = "single-document";
          shell.collapseLeft();
          shell.collapseRight();
          for (const side of ["left", "right"]) {
            const command = "application:toggle-side-tabbar";
            if (app.commands.hasCommand(command) && app.commands.isToggled(command, { side })) {
              await app.commands.execute(command, { side });
            }
          }
          const header = "application:toggle-header";
          if (!shell._topHandlerHiddenByUser && app.commands.hasCommand(header)) {
            await app.commands.execute(header);
          }
          const menu = shell._menuHandler && shell._menuHandler.panel;
          for (const panel of [shell._bottomPanel, menu]) {
            if (panel && !panel.isHidden) panel.hide();
          }
          // JupyterLab rewrites the address: keep the lesson's, so that a reload (or a
          // bookmark) opens this app page again.
          if (window.location.search !== address) {
            window.history.replaceState(window.history.state, "", address);
          }
        }
        async function open(app) {
          await app.restored;
          await tidy(app);
          let panel = null;
          for (let tries = 0; tries < 1200 && !panel; tries++) {
            panel = [...app.shell.widgets("main")].find(
              (widget) => widget.context && widget.context.path === path && widget.content
            );
            if (!panel) await new Promise((resolve) => setTimeout(resolve, 100));
          }
          if (!panel) return;
          panel.toolbar.hide();
          await panel.context.ready;
          await panel.sessionContext.ready;
          // When Python was ready, in ms from the page's start (bench/site_visits.py).
          const marks = document.documentElement.dataset;
          const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
          const ready = () => { marks.mathplayKernelMs = String(Math.round(performance.now())); };
          if (kernel && kernel.status === "idle") ready();
          else if (kernel) {
            kernel.statusChanged.connect((_, status) => {
              if (status === "idle" && !marks.mathplayKernelMs) ready();
            });
          }
          const start = panel.content.widgets.find((cell) => cell.model.id === "__START__");
          if (start) start.hide();
          app.shell.activateById(panel.id);
          await app.commands.execute("notebook:run-all-cells");
          await tidy(app);
          panel.content.activeCellIndex = 0;
          panel.content.deselectAll();
          if (panel.content.scrollToItem) await panel.content.scrollToItem(0, "start");
          status.textContent = "";
          document.documentElement.dataset.mathplayApp = "ready";
        }
        const started = Date.now();
        (function wait() {
          if (window.jupyterapp && window.jupyterapp.shell) {
            open(window.jupyterapp).catch((error) => {
              console.warn("mathplay: the lesson's app page could not start", error);
              status.textContent = words.failed;
            });
            return;
          }
          if (Date.now() - started < 600000) setTimeout(wait, 250);
        })();
      })();
"""

# Once a lesson's app page is ready, the first visit puts every file of the site in the
# browser's cache (see mathplay/site/offline.py): four at a time, after the lesson's
# cells have run, so the lesson is not slowed. ``data-mathplay-offline`` says when
# it is done ("ready"), or that there is no service worker ("no").
_OFFLINE = r"""
      (function offline() {
        const root = new URL("..", window.location.href);
        const flag = (value) => { document.documentElement.dataset.mathplayOffline = value; };
        async function keep() {
          if (!("serviceWorker" in navigator) || !window.caches) return flag("no");
          if (!navigator.serviceWorker.controller) {
            await new Promise((resolve) => {
              navigator.serviceWorker.addEventListener("controllerchange", resolve);
              setTimeout(resolve, 60000);
            });
          }
          if (!navigator.serviceWorker.controller) return flag("no");
          const list = await (await fetch(new URL("mathplay-offline.json", root))).json();
          const name = "mathplay-offline-" + list.fingerprint;
          const cache = await caches.open(name);
          const urls = ["", ...list.files].map((file) => new URL(file, root).href);
          const missing = [];
          for (const url of urls) if (!(await cache.match(url))) missing.push(url);
          flag("filling");
          async function worker() {
            while (missing.length) {
              const url = missing.shift();
              try { await fetch(url); } catch (error) { /* tried again next visit */ }
            }
          }
          await Promise.all([worker(), worker(), worker(), worker()]);
          flag("ready");
        }
        // From a lesson's app page (the pupils' way in), once its cells have run.
        if (!new URLSearchParams(window.location.search).has("app")) return;
        const started = Date.now();
        (function wait() {
          if (document.documentElement.dataset.mathplayApp === "ready") {
            keep().catch((error) => {
              console.warn("mathplay: the site was not kept for offline use", error);
              flag("no");
            });
            return;
          }
          if (Date.now() - started < 900000) setTimeout(wait, 500);
        })();
      })();
"""

_LOADER = re.compile(r"(\n\s*)(await import\(\s*['\"]\.\./config-utils\.js)")


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
        }


def app_link(path: str) -> str:
    """The address of the app page of the notebook ``path`` (from the site's top)."""
    return f"lab/index.html?path={path}&{APP_PARAMETER}=1"


def lab_page(original: str, words: dict[str, dict[str, str]] | None = None) -> str:
    """The site's ``lab/index.html`` with the one-lesson script run before JupyterLab
    loads (unchanged if it already has it, or if its loader is not found), and the app
    pages' script, speaking ``words`` (folder → :func:`app_words`; ``""``: the site's
    own language)."""
    if MARK in original:
        return original
    words = words or {"": app_words("en", "index.html")}
    script = (
        _FORGET_TABS.strip()
        + "\n"
        + _OFFLINE.strip()
        + "\n"
        + _APP_MODE.strip()
        .replace("__WORDS__", json.dumps(words, ensure_ascii=False))
        .replace("__START__", START_CELL_ID)
    )
    return _LOADER.sub(lambda m: m.group(1) + script + m.group(1) + m.group(2),
                       original, count=1)  # fmt: skip


def start_words() -> str:
    """The start line of a lesson on the site, in a child's words."""
    return _(
        "**To start:** open the **Run** menu at the very top of the page and choose "
        "**Run All Cells**. The cards, puzzles and games then appear in the lesson. The "
        "first time, this can take a minute."
    )


def _start_words_in(language: str | None) -> str:
    with speaking(language):
        return start_words()


def with_start_line(notebook: dict[str, Any], language: str | None = None) -> dict[str, Any]:
    """``notebook`` (a lesson's, as JSON data) with the start line as its first cell, in
    ``language`` (a translated lesson's), else in the language spoken."""
    cells = notebook.get("cells")
    if not isinstance(cells, list) or any(
        isinstance(cell, dict) and cell.get("id") == START_CELL_ID for cell in cells
    ):
        return notebook
    line = {
        "cell_type": "markdown",
        "id": START_CELL_ID,
        "metadata": {"tags": ["mathplay-site-start"]},
        "source": _start_words_in(language).splitlines(keepends=True),
    }
    notebook["cells"] = [line, *cells]
    return notebook
