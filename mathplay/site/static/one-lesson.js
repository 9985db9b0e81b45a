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
