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
