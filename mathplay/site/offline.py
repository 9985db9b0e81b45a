"""The website with no network and no server, after one visit.

JupyterLite already has a service worker (``service-worker.js``, for the kernel's access
to the browser's files). The build puts a few lines in front of it: they answer every
request for one of the site's own files (pages, JavaScript, Pyodide, the wheels, the
lessons, JupyterLite's ``api/*.json`` files) from a cache of the browser, and fetch it
again in the background to keep the cache fresh (after a rebuild, the next visit gets
the new site). Requests only the kernel answers (``api/drive``, ``api/stdin``) are left
to JupyterLite's own lines.

On the first visit, once a lesson is ready, the lab page fetches every file listed in
``mathplay-offline.json`` (written by the build: the whole site) one after the other, so
that they are all in that cache: a second visit then works with the server stopped, or a
laptop taken home with no network. The cache's name holds the build's fingerprint; a new
build makes a new service worker that empties the caches of the builds before it.

>>> files = ["index.html", "lab/index.html", "static/pyodide/pyodide.asm.wasm"]
>>> fingerprint(files, [10, 20, 30]) == fingerprint(files, [10, 20, 30])
True
>>> fingerprint(files, [10, 20, 30]) != fingerprint(files, [10, 20, 31])
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path

__all__ = ["LIST", "MARK", "PAGE_SCRIPT", "fingerprint", "make_offline", "service_worker"]

#: The list of the site's files the first visit puts in the browser's cache.
LIST = "mathplay-offline.json"
#: The comment the service worker's mathplay lines start with.
MARK = "mathplay: the site offline"
#: Never put in the list: the service worker itself (the browser fetches it), the list.
_NOT_LISTED = {"service-worker.js", LIST}

_PRELUDE = """// mathplay: the site offline (mathplay/site/offline.py)
const MATHPLAY_CACHE = "mathplay-offline-__FINGERPRINT__";
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names
    .filter((name) => name.startsWith("mathplay-offline-") && name !== MATHPLAY_CACHE)
    .map((name) => caches.delete(name)))));
});
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (/\\/api\\/(drive|stdin|kernels|sessions|service-worker-heartbeat)/.test(path)) return;
  event.respondWith((async () => {
    const cache = await caches.open(MATHPLAY_CACHE);
    // A static site's file is the same whatever its query (``?_=hash``, ``?path=``).
    let kept = await cache.match(request);
    if (!kept) kept = await cache.match(request, { ignoreSearch: true });
    const fresh = fetch(request).then(async (response) => {
      if (response.ok && response.type === "basic") await cache.put(request, response.clone());
      return response;
    });
    if (kept) {
      event.waitUntil(fresh.catch(() => null));
      return kept;
    }
    return fresh;
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


def fingerprint(files: Sequence[str], sizes: Sequence[int]) -> str:
    """A short fingerprint of a build: its files and their sizes."""
    digest = hashlib.sha256(json.dumps([list(files), list(sizes)]).encode("utf-8"))
    return digest.hexdigest()[:12]


def service_worker(original: str, stamp: str) -> str:
    """JupyterLite's service worker with mathplay's lines in front (once)."""
    if MARK in original:
        return original
    return _PRELUDE.replace("__FINGERPRINT__", stamp) + original


def make_offline(site: Path) -> str:
    """Write the site's list of files and put the offline lines in its service worker;
    the build's fingerprint."""
    paths = sorted(
        path
        for path in site.rglob("*")
        if path.is_file() and path.relative_to(site).as_posix() not in _NOT_LISTED
    )
    files = [path.relative_to(site).as_posix() for path in paths]
    stamp = fingerprint(files, [path.stat().st_size for path in paths])
    (site / LIST).write_text(
        json.dumps({"fingerprint": stamp, "files": files}, indent=0), encoding="utf-8"
    )
    worker = site / "service-worker.js"
    if worker.is_file():
        worker.write_text(service_worker(worker.read_text(encoding="utf-8"), stamp), "utf-8")
    return stamp
