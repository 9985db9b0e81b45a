// mathplay: the site offline (mathplay/site/offline.py)
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
  if (/\/api\/(drive|stdin|kernels|sessions|service-worker-heartbeat)/.test(url.pathname)) return;
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
