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

from mathplay.site.apppage import APP_SCRIPT, app_words
from mathplay.site.offline import PAGE_SCRIPT as _OFFLINE
from mathplay.startline import START_CELL_ID, start_cell

__all__ = [
    "LESSON_NAME",
    "MARK",
    "START_CELL_ID",
    "lab_page",
    "with_start_line",
]

#: A lesson's notebook: two digits, a dash, a name (``05-binary-numbers.ipynb``), at the
#: top of the site or in a translation's folder.
LESSON_NAME = re.compile(r"^(?:[^/]+/)?[0-9]{2}-[^/]*\.ipynb$")
#: The comment the script starts with (a built page is checked for it).
MARK = "mathplay: one lesson at a time"

# Runs in the page before JupyterLab's own code (awaited by the page's loader). The
# JupyterLite storage keeps the workspace under the key "default" of the "statedb" store
# of the database "JupyterLite Storage - <site path>", and the notebooks a visit saved
# under their path in "files" (and "checkpoints"): the workspace is forgotten, and on an
# app page the browser's copy of its lesson. JupyterLite's stores are all made here, in
# one change of the database, so that tabs opened at once do not race to make them.
_FORGET_TABS = r"""
      // mathplay: one lesson at a time (mathplay/site/onelesson.py)
      await (async function () {
        const base = window.location.pathname.replace(/lab\/(index\.html)?$/, "");
        const name = "JupyterLite Storage - " + base;
        const params = new URLSearchParams(window.location.search);
        const lesson = params.has("app") ? params.get("path") || "" : "";
        // Opens the database (at ``version``, making the missing stores); waits at most
        // 5 s for another tab to let go of it, and closes a connection that comes later.
        const open = (version) => new Promise((resolve, reject) => {
          let late = false;
          const request = version ? indexedDB.open(name, version) : indexedDB.open(name);
          const timer = setTimeout(() => { late = true; reject(new Error("blocked")); }, 5000);
          request.onupgradeneeded = () => {
            const db = request.result;
            for (const store of STORES) {
              if (!db.objectStoreNames.contains(store)) db.createObjectStore(store);
            }
          };
          request.onsuccess = () => {
            clearTimeout(timer);
            const db = request.result;
            db.onversionchange = () => db.close();
            if (late) db.close(); else resolve(db);
          };
          request.onerror = () => { clearTimeout(timer); reject(request.error); };
        });
        // Every store JupyterLite keeps, made at once before it starts: lessons opened in
        // several tabs at once each made their own, and a tab whose change was blocked by
        // another's failed ("File Load Error … Cannot set properties of null").
        const STORES = ["files", "checkpoints", "counters", "settings", "statedb",
                        "keyvaluepairs"];
        for (let tries = 0; tries < 5; tries++) {
          try {
            let db = await open(0);
            const missing = STORES.filter((store) => !db.objectStoreNames.contains(store));
            if (missing.length) {
              const version = db.version + 1;
              db.close();
              db = await open(version);
            }
            try {
              const forget = [["statedb", "default"]];
              // An app page opens the site's lesson, never a copy the browser kept of it
              // (an older site's, or one a pupil changed): the lesson stays current.
              if (lesson) forget.push(["files", lesson], ["checkpoints", lesson]);
              await new Promise((resolve) => {
                const tx = db.transaction(["statedb", "files", "checkpoints"], "readwrite");
                for (const [store, key] of forget) tx.objectStore(store).delete(key);
                tx.oncomplete = tx.onerror = tx.onabort = () => resolve();
              });
            } finally {
              db.close();
            }
            return;
          } catch (error) {
            if (tries === 4) console.warn("mathplay: the tabs were not forgotten", error);
            await new Promise((resolve) => setTimeout(resolve, 100 + 100 * tries));
          }
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

_LOADER = re.compile(r"(\n\s*)(await import\(\s*['\"]\.\./config-utils\.js)")


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
        + APP_SCRIPT.strip()
        .replace("__WORDS__", json.dumps(words, ensure_ascii=False))
        .replace("__START__", START_CELL_ID)
    )
    return _LOADER.sub(lambda m: m.group(1) + script + m.group(1) + m.group(2),
                       original, count=1)  # fmt: skip


def with_start_line(notebook: dict[str, Any], language: str | None = None) -> dict[str, Any]:
    """``notebook`` (a lesson's, as JSON data) with the start line as its first cell, in
    ``language`` (a translated lesson's), else in the language spoken. A lesson built by
    ``lessons check --build`` has it already: its words are put in that language."""
    cells = notebook.get("cells")
    if not isinstance(cells, list):
        return notebook
    kept = [c for c in cells if not (isinstance(c, dict) and c.get("id") == START_CELL_ID)]
    notebook["cells"] = [start_cell(language), *kept]
    return notebook
