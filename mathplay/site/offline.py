"""The website with no network and no server, after one visit; a revisit and a rebuild
that download only what changed.

JupyterLite already has a service worker (``service-worker.js``, for the kernel's access
to the browser's files). The build puts a few lines in front of it. They keep each of
the site's own files (pages, JavaScript, Pyodide, the wheels, the lessons, JupyterLite's
``api/*.json`` files) in one cache of the browser, with the hash of its content, and
answer from there while the file's hash is the one ``mathplay-offline.json`` (written by
the build: every file of the site and its hash) lists: nothing is downloaded again. The
list itself is asked for each time a page opens (a few kilobytes); a file the list gives
another hash (the site was rebuilt and that file changed) is fetched again, the others
stay. Without the network the kept files answer as they are. Requests only the kernel
answers (``api/drive``, ``api/stdin``) are left to JupyterLite's own lines.

On the first visit, once a lesson is ready, the lab page fetches every file of the list
that is not kept yet, four at a time, so that a second visit works with the server
stopped, or on a laptop taken home with no network.

The lines are the same for every build: the service worker itself does not change when
the site does (a changed one would make the browser start it again).

>>> files = {"index.html": "a1", "static/pyodide/pyodide.asm.wasm": "b2"}
>>> fingerprint(files) == fingerprint(dict(files))
True
>>> fingerprint(files) != fingerprint({**files, "index.html": "a2"})
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path

__all__ = [
    "LIST",
    "MARK",
    "PAGE_SCRIPT",
    "file_hash",
    "fingerprint",
    "make_offline",
    "service_worker",
]

#: The list of the site's files the first visit puts in the browser's cache.
LIST = "mathplay-offline.json"
#: The comment the service worker's mathplay lines start with.
MARK = "mathplay: the site offline"
#: Never put in the list: the service worker itself (the browser fetches it), the list.
_NOT_LISTED = {"service-worker.js", LIST}

_PRELUDE = """// mathplay: the site offline (mathplay/site/offline.py)
const MATHPLAY_CACHE = "mathplay-site";
const MATHPLAY_LIST = "mathplay-offline.json";
const MATHPLAY_ROOT = new URL("./", self.location.href);
let mathplayList = null;
// The site's list of files and their hashes: from the server when a page opens (and at
// the first request), else the one kept.
async function mathplayFiles(fresh) {
  const cache = await caches.open(MATHPLAY_CACHE);
  const url = new URL(MATHPLAY_LIST, MATHPLAY_ROOT).href;
  if (fresh || !mathplayList) {
    try {
      const response = await fetch(url, { cache: "no-store" });
      if (response.ok) {
        const list = await response.clone().json();
        await cache.put(url, response);
        if (!mathplayList || mathplayList.fingerprint !== list.fingerprint) {
          mathplayForget(cache, list);
        }
        mathplayList = list;
      }
    } catch (error) { /* no network: the list kept */ }
    if (!mathplayList) {
      const kept = await cache.match(url);
      if (kept) mathplayList = await kept.json();
    }
  }
  return mathplayList && mathplayList.files ? mathplayList.files : {};
}
// The file a request is for ("" and "lab/" are their index.html), or null.
function mathplayName(url) {
  if (!url.pathname.startsWith(MATHPLAY_ROOT.pathname)) return null;
  const name = decodeURIComponent(url.pathname.slice(MATHPLAY_ROOT.pathname.length));
  return name === "" || name.endsWith("/") ? name + "index.html" : name;
}
// Files of an older build no longer on the site are let go.
async function mathplayForget(cache, list) {
  for (const request of await cache.keys()) {
    const name = mathplayName(new URL(request.url));
    if (name === null || name === MATHPLAY_LIST) continue;
    const packed = name.endsWith(".bin") ? name + ".gz" : null;  // the quick start, unpacked
    if (!(name in list.files) && !(packed && packed in list.files)) await cache.delete(request);
  }
}
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names
    .filter((name) => name.startsWith("mathplay-offline-"))  // the caches of older sites
    .map((name) => caches.delete(name)))));
});
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (/\\/api\\/(drive|stdin|kernels|sessions|service-worker-heartbeat)/.test(url.pathname)) return;
  const name = mathplayName(url);
  if (name === null || name === MATHPLAY_LIST) return;
  event.respondWith((async () => {
    const files = await mathplayFiles(request.mode === "navigate");
    const cache = await caches.open(MATHPLAY_CACHE);
    // One entry per file, whatever the query (``?_=hash``, ``?path=``).
    const key = new URL(name, MATHPLAY_ROOT).href;
    const kept = await cache.match(key);
    const wanted = files[name];
    if (kept && (wanted === undefined || kept.headers.get("x-mathplay-hash") === wanted)) {
      return kept;
    }
    try {
      const response = await fetch(url.href, { cache: "no-cache", credentials: "same-origin" });
      if (response.ok && response.type === "basic" && wanted !== undefined) {
        const headers = new Headers(response.headers);
        headers.set("x-mathplay-hash", wanted);
        const body = await response.clone().blob();
        await cache.put(key, new Response(body, { status: 200, headers }));
      }
      return response;
    } catch (error) {
      if (kept) return kept;
      throw error;
    }
  })());
});
"""


# Once a lesson's app page is ready, the first visit puts every file of the site in the
# browser's cache (see mathplay/site/offline.py): four at a time, after the lesson's
# cells have run, so the lesson is not slowed. ``data-mathplay-offline`` says when
# it is done ("ready"), or that there is no service worker ("no").
PAGE_SCRIPT = r"""
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
          // JupyterLite drops every service worker on the next visit unless it finds its
          // version stored under the worker's address, which it writes only then: stored
          // now, the next visit keeps the worker and the lesson starts sooner.
          try {
            const config = document.getElementById("jupyter-config-data");
            const version = JSON.parse(config.textContent).appVersion;
            const key = navigator.serviceWorker.controller.scriptURL + "-version";
            if (version && !localStorage.getItem(key)) localStorage.setItem(key, version);
          } catch (error) { /* the next visit registers the worker again */ }
          const list = await (await fetch(new URL("mathplay-offline.json", root))).json();
          const cache = await caches.open("mathplay-site");
          const urls = Object.keys(list.files).map((file) => new URL(file, root).href);
          const missing = [];
          for (const [file, hash] of Object.entries(list.files)) {
            // The quick start kept unpacked by the kernel (a first visit) is enough.
            if (/mathplay-start-[0-9a-f]+\.bin\.gz$/.test(file) &&
                await cache.match(new URL(file.replace(/\.gz$/, ""), root).href)) continue;
            const kept = await cache.match(new URL(file, root).href);
            if (!kept || kept.headers.get("x-mathplay-hash") !== hash) {
              missing.push(new URL(file, root).href);
            }
          }
          flag("filling");
          async function worker() {
            while (missing.length) {
              const url = missing.shift();
              try { await fetch(url); } catch (error) { /* tried again next visit */ }
            }
          }
          await Promise.all([worker(), worker(), worker(), worker()]);
          // Python's quick start (mathplay/site/snapshot.py) kept unpacked too, so that
          // the next visit reads it at once.
          for (const url of urls) {
            if (!/mathplay-start-[0-9a-f]+\.bin\.gz$/.test(url)) continue;
            try {
              const unpacked = url.replace(/\.gz$/, "");
              const packed = await cache.match(url);
              if (!packed || await cache.match(unpacked)) continue;
              const body = packed.body.pipeThrough(new DecompressionStream("gzip"));
              const bytes = await new Response(body).arrayBuffer();
              await cache.put(unpacked, new Response(bytes, {
                headers: { "Content-Type": "application/octet-stream" },
              }));
            } catch (error) {
              console.warn("mathplay: the quick start was not unpacked", error);
            }
          }
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


def fingerprint(files: Mapping[str, str]) -> str:
    """A short fingerprint of a build: its files and their hashes."""
    digest = hashlib.sha256(json.dumps(sorted(files.items())).encode("utf-8"))
    return digest.hexdigest()[:12]


def file_hash(path: Path) -> str:
    """A short hash of a file's content (what the service worker compares)."""
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()[:16]


def service_worker(original: str) -> str:
    """JupyterLite's service worker with mathplay's lines in front (once)."""
    if MARK in original:
        return original
    return _PRELUDE + original


def make_offline(site: Path) -> str:
    """Write the site's list of files with their hashes and put the offline lines in its
    service worker; the build's fingerprint."""
    paths = sorted(
        path
        for path in site.rglob("*")
        if path.is_file() and path.relative_to(site).as_posix() not in _NOT_LISTED
    )
    files = {path.relative_to(site).as_posix(): file_hash(path) for path in paths}
    stamp = fingerprint(files)
    (site / LIST).write_text(
        json.dumps({"fingerprint": stamp, "files": files}, indent=0), encoding="utf-8"
    )
    worker = site / "service-worker.js"
    if worker.is_file():
        worker.write_text(service_worker(worker.read_text(encoding="utf-8")), "utf-8")
    return stamp
