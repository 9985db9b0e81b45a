/* global __WORDS__ */
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
            display: flex; gap: 1.5em; align-items: center; padding: 0 1em; z-index: 12;
            background: #0d47a1; color: #fff; font: 16px system-ui, sans-serif;
            box-sizing: border-box; }
          .mathplay-app-bar a { color: #fff; }
          .mathplay-app-bar a:focus-visible { outline: 3px solid #fff; outline-offset: 2px; }
          .mathplay-app-status { margin-left: auto; }
          .mathplay-app-cover { position: fixed; top: 3em; left: 0; right: 0; bottom: 0;
            z-index: 11; background: #fff; color: #1a1a1a; display: flex;
            align-items: flex-start; justify-content: center; padding: 4em 1em 0;
            font: 1.4em/1.5 system-ui, sans-serif; text-align: center; }
          .mathplay-app .jp-InputPrompt, .mathplay-app .jp-OutputPrompt,
          .mathplay-app .jp-Collapser, .mathplay-app .jp-cell-toolbar,
          .mathplay-app .jp-OutputArea-promptOverlay, .mathplay-app .jp-Cell.mathplay-app-hidden,
          .mathplay-app .jp-CodeCell .jp-Cell-inputWrapper:has(.jp-InputPlaceholder) {
            display: none !important; }
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
        // A newer version of the site came while this page opened from what the browser
        // kept (the server was slow to answer): said in the bar, quietly, once.
        let newer = false;
        if (navigator.serviceWorker) {
          navigator.serviceWorker.addEventListener("message", (event) => {
            if (!event.data || event.data.type !== "mathplay-update" || newer) return;
            newer = true;
            status.textContent = words.update;
            document.documentElement.dataset.mathplayUpdate = event.data.fingerprint || "yes";
          });
        }
        const askNewer = () => {  // did a newer build come while this page opened?
          const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
          if (worker) worker.postMessage({ type: "mathplay-newer?" });
        };
        // Until the lesson is ready, a message in its language covers JupyterLab's own
        // screens (its splash, the file browser, the menus; not its dialogs, which are
        // higher); the bar's status says it to a screen reader, so the cover itself is
        // not read twice.
        const cover = document.createElement("div");
        cover.className = "mathplay-app-cover";
        cover.setAttribute("aria-hidden", "true");
        cover.textContent = words.ready;
        const uncover = () => cover.remove();
        const put = () => document.body.prepend(bar, cover);
        if (document.body) put(); else document.addEventListener("DOMContentLoaded", put);
        // A link to another lesson ("Next: Lesson 6") opens it as an app page too. JupyterLab
        // keeps the linked file's path beside the link (its command's arguments); a plain
        // relative link is taken from this lesson's folder.
        document.addEventListener("click", (event) => {
          const link = event.target && event.target.closest
            ? event.target.closest(".jp-RenderedMarkdown a[href]") : null;
          if (!link) return;
          let target = "";
          try {
            const args = JSON.parse(link.dataset.commandlinkerArgs || "{}");
            target = typeof args.path === "string" ? args.path : "";
          } catch (error) { target = ""; }
          const href = link.getAttribute("href") || "";
          if (!target && /^[^:/?#]+\.ipynb$/.test(href)) {
            const here = path.includes("/") ? path.slice(0, path.lastIndexOf("/") + 1) : "";
            target = here + href;
          }
          if (!target) {
            // JupyterLite writes a lesson's link as this site's address of the file
            // (…/files/06-binary-arithmetic.ipynb, opened in a new tab).
            try {
              const url = new URL(href, window.location.href);
              const at = url.pathname.indexOf("/files/");
              if (url.origin === window.location.origin && at >= 0) {
                target = decodeURIComponent(url.pathname.slice(at + "/files/".length));
              }
            } catch (error) { target = ""; }
          }
          if (!target.endsWith(".ipynb")) return;
          event.preventDefault();
          event.stopImmediatePropagation();
          window.location.search = "?path=" + encodeURIComponent(target) + "&app=1";
        }, true);
        // A pupil cannot change the lesson: JupyterLab's keys (d d, x, Ctrl+S, its command
        // palette), a double-click that shows a cell's source and its context menu reach
        // only mathplay's outputs (the boards, the answer boxes); the page's own keys (Tab,
        // the arrows, scrolling) still work.
        const inOutput = (event) => Boolean(event.target && event.target.closest &&
          event.target.closest(".jp-OutputArea-output"));
        for (const kind of ["dblclick", "contextmenu", "dragstart", "drop", "paste", "cut"]) {
          window.addEventListener(kind, (event) => {
            if (!inOutput(event)) event.stopImmediatePropagation();
          }, true);
        }
        window.addEventListener("keydown", (event) => {
          const key = (event.key || "").toLowerCase();
          if ((event.ctrlKey || event.metaKey) && (key === "s" || key === "p")) {
            event.preventDefault();  // no "save page" or print dialog in its place
          }
        }, true);
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
          // The cells on the screen are drawn first, the others after them (JupyterLab's
          // "defer" windowing, on this page only): the first widget shows sooner.
          const factory = app.docRegistry.getWidgetFactory("Notebook");
          if (factory && factory.notebookConfig) {
            factory.notebookConfig = { ...factory.notebookConfig, windowingMode: "defer" };
          }
          // JupyterLab opens the lesson its address names only once it has saved its
          // workspace (three quarters of a second later): the app page opens it at once,
          // and the address's turn finds it open.
          const opened = [...app.shell.widgets("main")].some(
            (widget) => widget.context && widget.context.path === path);
          if (!opened && app.commands.hasCommand("docmanager:open")) {
            app.commands.execute("docmanager:open", { path }).catch(() => undefined);
          }
          await tidy(app);
          let panel = null;
          for (let tries = 0; tries < 1200 && !panel; tries++) {
            panel = [...app.shell.widgets("main")].find(
              (widget) => widget.context && widget.context.path === path && widget.content
            );
            // JupyterLab could not open the lesson (its "File Load Error" box): once, the
            // page is loaded again by itself; after that the pupil is told in words.
            const box = document.querySelector(".jp-Dialog");
            if (!panel && box && box.textContent.includes(path.split("/").pop())) {
              const again = "mathplay-app-retried:" + path;
              if (!sessionStorage.getItem(again)) {
                sessionStorage.setItem(again, "1");
                window.location.reload();
                return;
              }
              break;
            }
            if (!panel) await new Promise((resolve) => setTimeout(resolve, 100));
          }
          if (!panel) return;
          sessionStorage.removeItem("mathplay-app-retried:" + path);
          panel.toolbar.hide();
          // JupyterLab's keyboard shortcuts are off on an app page (the widgets handle
          // their own keys), and the lesson is never saved: the site's copy is the lesson,
          // and the pupil's answers live in their records.
          app.commands.processKeydownEvent = () => undefined;
          const context = panel.context;
          context.save = async () => undefined;
          context.saveAs = async () => undefined;
          await panel.context.ready;
          const keep = () => {
            for (const cell of panel.content.widgets) {
              cell.readOnly = true;
              const tags = (cell.model.getMetadata && cell.model.getMetadata("tags")) || [];
              if (tags.includes("app-hide")) {
                cell.addClass("mathplay-app-hidden");
                cell.hide();
              }
              if (tags.includes("app-hide-input")) cell.inputHidden = true;
            }
            if (context.model) context.model.dirty = false;
          };
          keep();
          panel.content.model.cells.changed.connect(keep);
          context.model.contentChanged.connect(() => { context.model.dirty = false; });
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
          status.textContent = newer ? words.update : "";
          uncover();
          askNewer();
          document.documentElement.dataset.mathplayApp = "ready";
        }
        const failed = () => {
          status.textContent = words.failed;
          cover.textContent = words.failed;
        };
        // Python starts as soon as JupyterLab has started, while the lesson is still being
        // opened and drawn (the notebook finds it running, as after a reload): once the
        // site's service worker is ready, so that Python reads the lesson's files through
        // it. Without that worker, the notebook starts Python itself, as JupyterLab does.
        async function startPython(app) {
          await app.started;
          const registry = app.pluginRegistry;
          const plugin = registry && registry._plugins && registry._plugins.get(
            "@jupyterlite/application-extension:service-worker-manager");
          const worker = plugin && plugin.service;
          if (!worker || !worker.ready) return;
          await worker.ready;
          const sessions = app.serviceManager.sessions;
          await sessions.ready;
          if (!worker.enabled || [...sessions.running()].some((model) => model.path === path)) {
            return;
          }
          const name = path.split("/").pop();
          const session = await sessions.startNew({
            path, name, type: "notebook", kernel: { name: "python" },
          });
          // Only the notebook's own connection listens to Python (its widgets' messages).
          session.dispose();
        }
        const started = Date.now();
        (function wait() {
          if (window.jupyterapp && window.jupyterapp.shell) {
            startPython(window.jupyterapp).catch((error) => {
              console.warn("mathplay: Python was not started early", error);
            });
            open(window.jupyterapp).then(() => {
              if (document.documentElement.dataset.mathplayApp !== "ready") failed();
            }, (error) => {
              console.warn("mathplay: the lesson's app page could not start", error);
              failed();
            });
            return;
          }
          if (Date.now() - started < 600000) setTimeout(wait, 25);
          else failed();
        })();
      })();
