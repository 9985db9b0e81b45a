const PREFIX = "mathplay-pupil:";
function storage() {
  try { return window.localStorage; } catch (error) { return null; }
}

// The scrolling part of the notebook that shows `el` (JupyterLab and Notebook 7 scroll
// the notebook inside the page; Voilà scrolls the page).
function scroller(el) {
  for (let node = el.parentElement; node; node = node.parentElement) {
    const style = window.getComputedStyle(node);
    if (/(auto|scroll)/.test(style.overflowY) && node.scrollHeight > node.clientHeight) {
      return node;
    }
  }
  const shown = document.querySelector(
    ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer",
  );
  return shown || document.scrollingElement;
}

function inView(el) {
  if (!el.isConnected) return false;
  const box = (el.closest(".jp-Cell") || el.parentElement || el).getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight && box.height > 0;
}

// Run All Cells leaves the page at the lesson's last cell while the cells run; the
// lesson's top (its name box) appears moments later. Bring the top back, a few times
// while the page settles, and never once the pupil has scrolled, clicked or typed.
function keepTop(el) {
  let touched = false;
  const stop = () => { touched = true; };
  const events = ["wheel", "keydown", "pointerdown", "touchstart"];
  for (const name of events) window.addEventListener(name, stop, { capture: true, once: true });
  const back = () => {
    if (touched || inView(el)) return;
    const box = scroller(el);
    if (box) box.scrollTop = 0;
  };
  for (const wait of [50, 400, 1200, 2500]) setTimeout(back, wait);
  setTimeout(() => {
    for (const name of events) window.removeEventListener(name, stop, { capture: true });
  }, 3000);
}

function render({ model, el }) {
  el.style.display = "none";
  // Voilà's page says lang="en" over a Malay, Greek or Spanish lesson: the language the
  // kernel speaks instead (JupyterLab's own lang is its menus' and stays).
  const language = model.get("language");
  if (language && document.body.dataset.voila) document.documentElement.lang = language;
  el.classList.add("mathplay-live"); // drawn: the lesson's "Run All" notes hide (.css)
  if (model.get("keep_top")) keepTop(el);
  const store = storage();
  if (!store) return;
  const key = PREFIX + (model.get("notebook") || location.pathname);
  const site = PREFIX + "*";
  const offered = store.getItem(key) || store.getItem(site) || "";
  if (offered) { model.set("offered", offered); model.save_changes(); }
  model.on("msg:custom", (content) => {
    try {
      if (content.remember) {
        store.setItem(key, content.remember);
        store.setItem(site, content.remember);
      }
      if (content.forget) { store.removeItem(key); store.removeItem(site); }
    } catch (error) { /* a full or locked storage keeps nothing: the box still asks */ }
  });
}
export default { render };
