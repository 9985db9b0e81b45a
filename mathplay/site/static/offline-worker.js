// mathplay: the site offline (mathplay/site/offline.py)
const MATHPLAY_CACHE = "mathplay-site";
const MATHPLAY_LIST = "mathplay-offline.json";
const MATHPLAY_ROOT = new URL("./", self.location.href);
let mathplayList = null;
// Milliseconds a page's opening waits for the server's list when one is kept: a line
// that hangs never keeps a pupil from the lessons kept in the browser.
const MATHPLAY_LIST_WAIT = 1500;
// Milliseconds after which an unanswered ask for the list is given up.
const MATHPLAY_LIST_LONGEST = 60000;
// The site's list of files and their hashes: from the server when a page opens (and at
// the first request), else the one kept; a kept list answers at once if the server is
// slow, and the server's, when it comes, is used from then on (the pages are told a
// newer version is ready if it differs).
async function mathplayFiles(fresh, event) {
  const cache = await caches.open(MATHPLAY_CACHE);
  const url = new URL(MATHPLAY_LIST, MATHPLAY_ROOT).href;
  if (!mathplayList) {
    const kept = await cache.match(url);
    if (kept) {
      try { mathplayList = await kept.json(); } catch (error) { mathplayList = null; }
    }
  }
  if (fresh || !mathplayList) {
    const before = mathplayList;
    let wentOn = false;
    const stop = new AbortController();
    setTimeout(() => stop.abort(), MATHPLAY_LIST_LONGEST);  // a line that hangs
    const asking = (async () => {
      try {
        const response = await fetch(url, { cache: "no-store", signal: stop.signal });
        if (response.ok) {
          const list = await response.clone().json();
          await cache.put(url, response);
          if (!mathplayList || mathplayList.fingerprint !== list.fingerprint) {
            mathplayForget(cache, list);
          }
          mathplayList = list;
          // Came after the page went on with the kept one: the page is told.
          if (wentOn && before && before.fingerprint !== list.fingerprint) mathplayTell();
          return list;
        }
      } catch (error) { /* no network, or no answer: the list kept */ }
      return null;
    })();
    if (event) event.waitUntil(asking);  // the worker lives until the list came
    if (mathplayList) {  // a list is kept: wait for the server's a moment only
      const late = new Promise((resolve) => setTimeout(() => resolve("late"), MATHPLAY_LIST_WAIT));
      if (await Promise.race([asking, late]) === "late") wentOn = true;
    } else {
      await asking;
    }
  }
  return mathplayList && mathplayList.files ? mathplayList.files : {};
}
// The build each page was opened with, by the page's client id (while this worker runs).
const mathplayOpenedWith = new Map();
// The pages of the site opened with an older build are told a newer one came; a page
// asks too once it is ready (its words may not have been listening before).
async function mathplayTell() {
  for (const client of await self.clients.matchAll({ type: "window" })) {
    mathplayTellOne(client);
  }
}
function mathplayTellOne(client) {
  const opened = mathplayOpenedWith.get(client.id);
  const now = mathplayList && mathplayList.fingerprint;
  if (opened && now && opened !== now) {
    client.postMessage({ type: "mathplay-update", fingerprint: now });
  }
}
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "mathplay-newer?" && event.source) {
    mathplayTellOne(event.source);
  }
});
// A short hash of a file's bytes, as the build writes it (mathplay/site/offline.py).
async function mathplayHash(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}
// A file of the site fetched past the browser's HTTP cache, and its bytes if they are
// the ones the list names (a server answering 304 for a file a rebuild changed but
// whose date it kept, or a cache on the way, gives the old ones: asked once more with
// the hash in the address; the old bytes are never kept under the new hash).
async function mathplayFetch(url, wanted) {
  let response = await fetch(url, { cache: "no-store", credentials: "same-origin" });
  if (!response.ok || response.type !== "basic" || wanted === undefined) return [response, null];
  let bytes = await response.clone().arrayBuffer();
  if (await mathplayHash(bytes) === wanted) return [response, bytes];
  const again = new URL(url);
  again.searchParams.set("mathplay", wanted);
  response = await fetch(again.href, { cache: "reload", credentials: "same-origin" });
  if (!response.ok || response.type !== "basic") return [response, null];
  bytes = await response.clone().arrayBuffer();
  return [response, await mathplayHash(bytes) === wanted ? bytes : null];
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
  if (/\/api\/(drive|stdin|kernels|sessions|service-worker-heartbeat)/.test(url.pathname)) return;
  const name = mathplayName(url);
  if (name === null || name === MATHPLAY_LIST) return;
  event.respondWith((async () => {
    const files = await mathplayFiles(request.mode === "navigate", event);
    if (request.mode === "navigate" && event.resultingClientId && mathplayList) {
      mathplayOpenedWith.set(event.resultingClientId, mathplayList.fingerprint);
    }
    const cache = await caches.open(MATHPLAY_CACHE);
    // One entry per file, whatever the query (``?_=hash``, ``?path=``).
    const key = new URL(name, MATHPLAY_ROOT).href;
    const kept = await cache.match(key);
    const wanted = files[name];
    if (kept && (wanted === undefined || kept.headers.get("x-mathplay-hash") === wanted)) {
      return kept;
    }
    try {
      const [response, bytes] = await mathplayFetch(url.href, wanted);
      if (bytes !== null) {
        const headers = new Headers(response.headers);
        headers.set("x-mathplay-hash", wanted);
        await cache.put(key, new Response(bytes, { status: 200, headers }));
      }
      return response;
    } catch (error) {
      if (kept) return kept;
      throw error;
    }
  })());
});
