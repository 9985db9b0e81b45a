// mathplay board: draws the `layout_data` and `view` traits; sends clicks and keys back.
// No game rules here: every decision is the Python engine's.

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// Board zoom: a factor on the size that fits the window, per game, kept while the page
// is open (sessionStorage also reaches boards whose module was loaded separately).
const ZOOM_STEPS = [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2];
const zooms = {};
const CELL_MIN = 24;
const CELL_MAX = 44;
const SIDE_MIN = 160; // the side column's smallest width (see .mp-board-widget in board.css)
const GAP = 12; // between the board and the side column (column-gap in board.css)
const PADDING = 14; // the widget's own padding and a little air
// For id / aria-labelledby pairs, unique in the page even if this module is loaded twice.
const ID_BASE = Math.random().toString(36).slice(2, 8);
let ids = 0;

function getZoom(game) {
  if (game in zooms) return zooms[game];
  try {
    const stored = Number(window.sessionStorage.getItem(`mathplay-zoom-${game}`));
    if (ZOOM_STEPS.includes(stored)) return stored;
  } catch (error) { /* storage may be blocked: the module variable still works */ }
  return 1;
}

function setZoom(game, zoom) {
  zooms[game] = zoom;
  try {
    window.sessionStorage.setItem(`mathplay-zoom-${game}`, String(zoom));
  } catch (error) { /* see getZoom */ }
  window.dispatchEvent(new CustomEvent("mathplay-zoom", { detail: { game } }));
}

// The height a board can use: the notebook's scrolling panel in JupyterLab and
// Notebook 7, else the window (Voilà, other front ends).
function visibleHeight(host) {
  const panel = host.closest(".jp-WindowedPanel-outer, .jp-Notebook");
  const height = window.innerHeight;
  return panel && panel.clientHeight > 0 ? Math.min(height, panel.clientHeight) : height;
}

function render({ model, el: host }) {
  // The page's language (JupyterLab's and Notebook 7's Settings → Language set it) tells
  // the kernel which language to speak, unless one was chosen in the code.
  model.send({ event: "page_language", language: document.documentElement.lang || "" });
  const root = el("div", "mp-board-widget");
  // Keys typed on the board are the board's, not JupyterLab's notebook shortcuts.
  root.dataset.lmSuppressShortcuts = "true";
  host.append(root);
  let squares = [];
  let signatures = [];
  let cursor = -1; // the square with the keyboard cursor; -1 until the board is drawn
  let lastAnnounced = ""; // the view's sentence the live region said last (each once)
  // The control of the board that had the focus last, while it has it: when a redraw
  // takes it away (a button that goes, one disabled), the focus goes on from it.
  let lastFocus = null;
  root.addEventListener("focusin", (event) => { lastFocus = event.target; });
  root.addEventListener("focusout", (event) => {
    // The pupil went elsewhere (a click on the page, Tab out of the board): nothing to
    // keep. A control removed or disabled while focused is kept, to go on from it.
    // Chrome sends focusout for a control being removed too, while it is still in the
    // page: looked at once the redraw that removes it is over.
    const node = event.target;
    if (root.contains(event.relatedTarget)) return;
    queueMicrotask(() => {
      if (lastFocus === node && node.isConnected && !node.disabled) lastFocus = null;
    });
  });
  let buffer = "";
  let bufferTimer = null;
  let panelOpen = false;
  let codeBox = null; // the New game panel's box with this game's code, while it is open
  let cell = 0;
  let fitFrame = 0;
  let legendTouched = false;
  let topHeight = 0; // the top line's height when it runs across the widget
  // The square a typed tile was sent for, until the tile shows there (the views of
  // earlier clicks may arrive first) or the person moves the cursor.
  let advanceFrom = null;
  let previousCells = [];
  let previousTentative = new Set();
  let blankShown = "";
  let timerKey = ""; // the countdown shown: the service's figure it counts down from
  let timerTick = null;
  const send = (content) => model.send(content);

  const parts = {};

  function build() {
    const layout = model.get("layout_data");
    const texts = layout.texts;
    const size = layout.size;
    root.replaceChildren();
    root.className = `mp-board-widget mp-game-${layout.game}` + (size > 15 ? " mp-large" : "");
    // The language of the board's words, for screen readers (a Voilà page says "en").
    if (layout.language) root.lang = layout.language;
    // Voilà's page says lang="en" whatever it shows: the board's language is the page's
    // (as the name box's, name_memory.js; JupyterLab's lang is its menus' and stays).
    if (layout.language && document.body.dataset.voila) {
      document.documentElement.lang = layout.language;
    }
    // The keyboard cursor starts on the start square, where a first move goes.
    if (cursor < 0 || cursor >= size * size) cursor = layout.starts.length ? layout.starts[0] : 0;
    const top = el("div", "mp-top");
    // Not a live region: the one live region (parts.announce) says each change once; the
    // turn line, rewritten on every redraw, was a second one ("You to move" 8 times).
    parts.turn = el("div", "mp-turn");
    parts.scores = el("ul", "mp-scores");
    parts.scores.setAttribute("aria-label", texts.scores);
    parts.bag = el("div", "mp-bag");
    top.append(parts.turn, parts.scores, parts.bag, zoomControl(texts, layout.game));
    parts.top = top;

    const main = el("div", "mp-main");
    const grid = el("div", "mp-grid");
    grid.setAttribute("role", "grid");
    grid.setAttribute("aria-label", texts.board);
    grid.style.gridTemplateColumns = `var(--mp-coord-width) repeat(${size}, var(--mp-cell))`;
    grid.style.gridTemplateRows = `var(--mp-coord-height) repeat(${size}, var(--mp-cell))`;
    // Rows a screen reader knows (role="row", laid out by the grid: display: contents):
    // the column letters, then each row's number and squares.
    const header = el("div", "mp-row");
    header.setAttribute("role", "row");
    header.append(el("span", "mp-coord mp-coord-corner"));
    for (let c = 0; c < size; c++) {
      const letter = el("span", "mp-coord mp-coord-column", layout.columns[c]);
      letter.setAttribute("role", "columnheader");
      header.append(letter);
    }
    grid.append(header);
    squares = [];
    signatures = [];
    const starts = new Set(layout.starts);
    for (let r = 0; r < size; r++) {
      const row = el("div", "mp-row");
      row.setAttribute("role", "row");
      const number = el("span", "mp-coord mp-coord-row", String(r + 1));
      number.setAttribute("role", "rowheader");
      row.append(number);
      grid.append(row);
      for (let c = 0; c < size; c++) {
        const index = r * size + c;
        const info = layout.squares[index];
        const square = el("button", "mp-square");
        square.type = "button";
        square.dataset.index = index;
        square.dataset.name = layout.columns[c] + (r + 1);
        square.setAttribute("role", "gridcell");
        square.tabIndex = index === cursor ? 0 : -1;
        square.classList.add(info ? `mp-${info.kind}` : "mp-plain");
        if (starts.has(index)) square.classList.add("mp-start-square");
        square._desc = info ? info.desc : texts.plain;
        if (starts.has(index) && !(info && info.kind === "start")) {
          square._desc += ", " + layout.texts.start;
        }
        square._label = info ? info.label : starts.has(index) ? "★" : "";
        square.addEventListener("click", () => {
          advanceFrom = null;
          moveCursor(index, false);
          send({ event: "square", row: r, col: c });
        });
        row.append(square);
        squares.push(square);
        signatures.push(null);
      }
    }
    grid.addEventListener("keydown", onKey);
    parts.grid = grid;
    // The grid's own scrolling box: on a narrow screen (320 px, 400 % zoom) the board
    // scrolls inside it both ways, its coordinates stay at its edges, and the turn line,
    // the rack and the buttons stay in view around it (board.css, fit()).
    parts.gridBox = el("div", "mp-grid-box");
    parts.gridBox.append(grid);

    const side = el("div", "mp-side");
    parts.handTitle = el("div", "mp-hand-title");
    parts.hand = el("div", "mp-hand");
    parts.hand.setAttribute("role", "group");
    parts.blank = el("div", "mp-blank");
    parts.actions = el("div", "mp-actions");
    parts.message = el("div", "mp-message");
    // A tournament's time per move, counted down (role timer: not read out each second).
    parts.timer = el("div", "mp-timer");
    parts.timer.setAttribute("role", "timer");
    parts.timer.hidden = true;
    timerKey = "";
    if (timerTick) clearInterval(timerTick);
    timerTick = null;
    // What a screen reader says by itself: each move's sentence (the pupil's, the
    // computer's), a refusal, with the scores after a move. One polite live region,
    // kept for the board's life (a live region made anew is not read out).
    parts.announce = el("div", "mp-announce");
    parts.announce.setAttribute("role", "status");
    parts.announce.setAttribute("aria-live", "polite");
    parts.announce.setAttribute("aria-atomic", "true");
    lastAnnounced = "";
    parts.over = el("div", "mp-over");
    parts.legend = legendBox(layout);
    parts.logTitle = el("div", "mp-log-title", texts.log);
    parts.log = el("ol", "mp-log");
    // The moves scroll when there are many: the keyboard reaches them too (Tab, then arrows).
    parts.log.tabIndex = 0;
    parts.log.setAttribute("aria-label", texts.log);
    parts.keys = el("div", "mp-keys", texts.keys);
    parts.options = el("div", "mp-options");
    side.append(parts.handTitle, parts.hand, parts.blank, parts.actions, parts.message,
      parts.timer, parts.options, parts.over, parts.legend, parts.logTitle, parts.log, parts.keys,
      parts.announce);
    main.append(parts.gridBox, side);
    root.append(top, main);
    previousCells = [];
    previousTentative = new Set();
    advanceFrom = null;
    cell = 0;
    draw();
    fit();
  }

  function zoomControl(texts, game) {
    const box = el("div", "mp-zoom");
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", texts.zoom);
    const button = (cls, text, name, step) => {
      const node = el("button", `mp-action mp-zoom-button ${cls}`, text);
      node.type = "button";
      node.setAttribute("aria-label", name);
      node.title = name;
      node.addEventListener("click", () => {
        const now = ZOOM_STEPS.indexOf(getZoom(game));
        const next = Math.max(0, Math.min(ZOOM_STEPS.length - 1, (now < 0 ? 5 : now) + step));
        setZoom(game, ZOOM_STEPS[next]);
        sayNow(`${texts.zoom}: ${Math.round(ZOOM_STEPS[next] * 100)} %`);
      });
      return node;
    };
    parts.smaller = button("mp-zoom-out", "−", texts.smaller, -1);
    // Not a live region of its own: the new size is said by the board's one (sayNow).
    parts.zoomValue = el("span", "mp-zoom-value");
    parts.bigger = button("mp-zoom-in", "+", texts.bigger, 1);
    box.append(parts.smaller, parts.zoomValue, parts.bigger);
    return box;
  }

  // "What the squares do": a fold (details/summary: a button for keyboards and screen
  // readers) that fit() opens when there is room for it and leaves alone once touched.
  function legendBox(layout) {
    const box = el("details", "mp-squares-legend");
    box.open = true;
    legendTouched = false;
    const entries = layout.legend || [];
    if (!entries.length) return box;
    const title = el("summary", "mp-squares-legend-title", layout.texts.legend);
    title.id = `mp-legend-${ID_BASE}-${++ids}`;
    title.addEventListener("click", () => { legendTouched = true; });
    const list = el("ul", "mp-squares-legend-list");
    list.setAttribute("aria-labelledby", title.id);
    for (const entry of entries) {
      if (entry.kind === "note") {  // words for several kinds at once, no swatch
        list.append(el("li", "mp-squares-legend-item mp-squares-legend-note", entry.text));
        continue;
      }
      const item = el("li", `mp-squares-legend-item mp-squares-legend-${entry.kind}`);
      item.append(el("span", `mp-squares-legend-swatch mp-${entry.kind}`, entry.label), " ",
        el("span", "mp-squares-legend-text", entry.text));
      list.append(item);
    }
    box.append(title, list);
    return box;
  }

  // Squares as big as the room allows, 24-44 px, times the zoom chosen with − / +, in one
  // of three arrangements (a class on the widget, board.css):
  // - "mp-wide": the top line (turn, scores, bag, zoom) across, the side column beside
  //   the board; when the width is what limits the squares;
  // - "mp-tall": the top line moves to the top of the side column, so the board has the
  //   whole height; when the height limits them (a short window, 150 % page zoom);
  // - "mp-stacked": the side column below the board, when even 24 px squares and the
  //   narrowest side column do not fit side by side (a phone, a very narrow notebook).
  // The grid's 1 px gaps go too when the board could not otherwise fit at 24 px.
  function fit() {
    const layout = model.get("layout_data");
    const width = host.clientWidth;
    if (!layout.size || !parts.grid || !width) return;
    const size = layout.size;
    const zoom = getZoom(layout.game);
    const room = width - PADDING;
    const height = visibleHeight(host) - PADDING;
    if (root.classList.contains("mp-wide") || !topHeight) {
      topHeight = parts.top.offsetHeight + 6;
    }
    // The grid's width and height for squares of c px (coordinates as in board.css).
    const coord = (c) => Math.max(11, c * 0.3);
    let gap = 1;
    const across = (c) => coord(c) * 2 + size * (c + gap);
    const down = (c) => coord(c) * 1.3 + size * (c + gap);
    const largest = (limit, measure) => {
      for (let c = CELL_MAX; c > CELL_MIN; c--) if (measure(c) <= limit) return c;
      return CELL_MIN;
    };
    if (down(CELL_MIN) > height || across(CELL_MIN) > room - GAP - SIDE_MIN) gap = 0;
    let arrangement;
    let fitted;
    const byWidth = largest(room - GAP - SIDE_MIN, across);
    const byHeight = largest(height - topHeight, down);
    if (across(CELL_MIN) + GAP + SIDE_MIN > room) {
      arrangement = "mp-stacked";
      fitted = Math.min(largest(room, across), byHeight);
    } else if (byHeight >= byWidth) {
      arrangement = "mp-wide";
      fitted = byWidth;
    } else {
      arrangement = "mp-tall";
      fitted = Math.min(byWidth, largest(height, down));
    }
    const wanted = Math.max(12, Math.round(fitted * zoom));
    if (arrangement !== "mp-stacked" && across(wanted) + GAP + SIDE_MIN > room) {
      arrangement = "mp-stacked"; // zoomed in past the room beside the board
    }
    for (const name of ["mp-wide", "mp-tall", "mp-stacked"]) {
      root.classList.toggle(name, name === arrangement);
    }
    root.style.setProperty("--mp-gap", `${gap}px`);
    if (wanted !== cell) {
      cell = wanted;
      root.style.setProperty("--mp-cell", `${cell}px`);
    }
    if (arrangement === "mp-stacked") {
      // The grid's box takes the height the turn line, the rack, the buttons and the
      // message leave, so that all of them are in view with it (at least 6 rows).
      const controls = [parts.handTitle, parts.hand, parts.blank, parts.actions, parts.message]
        .reduce((sum, node) => sum + (node.offsetHeight ? node.offsetHeight + 6 : 0), 0);
      const left = height - parts.top.offsetHeight - 6 - 8 - controls;
      const least = coord(cell) * 1.3 + 6 * (cell + gap) + 6;
      root.style.setProperty("--mp-grid-room", `${Math.floor(Math.max(least, left))}px`);
    } else {
      root.style.removeProperty("--mp-grid-room");
    }
    parts.zoomValue.textContent = `${Math.round(zoom * 100)} %`;
    parts.smaller.disabled = zoom <= ZOOM_STEPS[0];
    parts.bigger.disabled = zoom >= ZOOM_STEPS[ZOOM_STEPS.length - 1];
    keepFocus(); // − at the smallest size, + at the biggest: the focus goes to the other
    foldLegend(visibleHeight(host));
  }

  // The key to the squares stays open while the side column, down to the key's last line,
  // fits the visible height; else it folds to its "What the squares do" button. Once a
  // pupil opens or closes it, it stays as they left it.
  function foldLegend(height) {
    const legend = parts.legend;
    if (legendTouched || !legend.firstChild) return;
    legend.open = true;
    const needed = legend.getBoundingClientRect().bottom - root.getBoundingClientRect().top;
    legend.open = needed + 6 <= height; // 6: the widget's padding below
  }

  function scheduleFit() {
    if (fitFrame) return;
    fitFrame = requestAnimationFrame(() => { fitFrame = 0; fit(); });
  }

  // After a typed tile lands on the cursor's square, the cursor moves on in the
  // direction of play (across: right, down: below), over filled squares.
  function advanceCursor(at, view, tentative) {
    const size = model.get("layout_data").size;
    const [dr, dc] = view.direction === "down" ? [1, 0] : [0, 1];
    let r = Math.floor(at / size) + dr;
    let c = (at % size) + dc;
    while (r < size && c < size) {
      const index = r * size + c;
      if (!view.cells[index] && !tentative.has(index)) {
        moveCursor(index, parts.grid.contains(document.activeElement));
        return;
      }
      r += dr;
      c += dc;
    }
  }

  function moveCursor(index, focus) {
    if (!squares.length) return;
    index = Math.max(0, Math.min(squares.length - 1, index));
    squares[cursor].tabIndex = -1;
    squares[cursor].classList.remove("mp-cursor");
    cursor = index;
    squares[cursor].tabIndex = 0;
    squares[cursor].classList.add("mp-cursor");
    if (focus) {
      // The grid's box scrolls to the square (past the coordinates kept at its edges,
      // scroll-padding in board.css); the page only as far as it must.
      squares[cursor].focus({ preventScroll: true });
      squares[cursor].scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }

  // A key that went to the kernel is answered by a new view. Keys typed before that
  // answer (a child types fast) wait here and go one by one, each after the answer to
  // the one before, so each lands where the cursor then is.
  const queued = [];
  let waiting = false;
  let waitTimer = null;

  function sendKey(content) {
    waiting = true;
    if (waitTimer) clearTimeout(waitTimer);
    waitTimer = setTimeout(release, 3000); // no answer: go on rather than lose keys
    send(content);
  }

  function release() {
    waiting = false;
    if (waitTimer) clearTimeout(waitTimer);
    waitTimer = null;
    while (!waiting && queued.length) handleKey(queued.shift());
  }

  function flushBuffer() {
    if (bufferTimer) clearTimeout(bufferTimer);
    bufferTimer = null;
    if (!buffer) return;
    const size = model.get("layout_data").size;
    advanceFrom = cursor;
    sendKey({ event: "key", key: buffer, row: Math.floor(cursor / size), col: cursor % size });
    buffer = "";
  }

  const SPECIAL_KEYS = ["Enter", "Backspace", "Delete", "Escape"];

  function onKey(event) {
    const arrow = event.key.startsWith("Arrow");
    const special = SPECIAL_KEYS.includes(event.key);
    const typed = event.key.length === 1 && !event.ctrlKey && !event.metaKey && event.key !== " ";
    if (!arrow && !special && !typed) return;
    event.preventDefault();
    event.stopPropagation();
    if (waiting) queued.push(event.key);
    else handleKey(event.key);
  }

  function handleKey(key) {
    const size = model.get("layout_data").size;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -size, ArrowDown: size };
    const row = Math.floor(cursor / size);
    const col = cursor % size;
    if (key in moves) {
      const step = moves[key];
      if ((step === -1 && col === 0) || (step === 1 && col === size - 1)) return;
      advanceFrom = null;
      moveCursor(cursor + step, true);
      return;
    }
    if (SPECIAL_KEYS.includes(key)) {
      flushBuffer();
      if (waiting) { queued.unshift(key); return; } // after the tile it follows
      sendKey({ event: "key", key, row, col });
      return;
    }
    buffer += key;
    const typed = buffer.toLowerCase();
    const free = model.get("view").hand.filter((t) => t.state !== "used");
    const names = free.flatMap((t) => [t.token.toLowerCase(), t.t.toLowerCase()]);
    const exact = names.includes(typed);
    const longer = names.some((n) => n.length > typed.length && n.startsWith(typed));
    if (bufferTimer) clearTimeout(bufferTimer);
    if (longer) {
      bufferTimer = setTimeout(flushBuffer, exact ? 700 : 1500);
    } else {
      flushBuffer();
    }
  }

  function tileHTML(node, tile) {
    node.replaceChildren();
    const points = tile.p !== null && tile.p !== undefined;
    // Longer labels (AND, XOR, 100) get a smaller font, and text with points sits above
    // them, so everything fits its square (board.css).
    const length = Math.min(4, Array.from(tile.t).length);
    node.append(el("span", `mp-tile-text mp-len-${length}` + (points ? " mp-pointed" : ""), tile.t));
    if (points) node.append(el("sub", "mp-points", String(tile.p)));
  }

  const actionButtons = new Map();
  function actionButton(b, primary) {
    let button = actionButtons.get(b.id);
    if (!button) {
      button = el("button", `mp-action mp-action-${b.id}`, b.label);
      button.type = "button";
      button.dataset.action = b.id;
      const id = b.id;
      button.addEventListener("click", () => {
        if (id === "new") { panelOpen = !panelOpen; drawOptions(); return; }
        send({ event: "action", id });
      });
      actionButtons.set(b.id, button);
    }
    button.textContent = b.label;
    button.disabled = !b.enabled;
    button.setAttribute("aria-disabled", String(!b.enabled));
    button.classList.toggle("mp-primary", b.id === primary);
    if (b.pressed) button.setAttribute("aria-pressed", "true");
    else button.removeAttribute("aria-pressed");
    return button;
  }

  function draw() {
    const layout = model.get("layout_data");
    const view = model.get("view");
    const texts = layout.texts;
    if (!parts.grid || !view.cells) return;
    const tentative = new Map(view.tentative.map(([i, t]) => [i, t]));
    if (advanceFrom !== null && advanceFrom === cursor) {
      const at = advanceFrom;
      const landed = (tentative.has(at) && !previousTentative.has(at)) ||
        (view.cells[at] && !previousCells[at]);
      if (landed) {
        advanceFrom = null;
        advanceCursor(at, view, tentative);
      }
    }
    previousCells = view.cells;
    previousTentative = new Set(tentative.keys());
    if (waiting) setTimeout(release, 0); // the answer came: the next key typed goes
    const last = new Set(view.last);
    const hint = new Set(view.hint);
    // Hint level 3: the suggested tiles, shown one after another in reading order.
    const hintTiles = new Map((view.hint_tiles || []).map(([i, t], order) => [i, [t, order]]));
    squares.forEach((square, i) => {
      const placed = view.cells[i];
      const tent = tentative.get(i);
      const tile = placed || tent;
      const ghost = !tile ? hintTiles.get(i) : undefined;
      const flags = [placed ? "t" : "", tent ? "n" : "", last.has(i) ? "l" : "", hint.has(i) ? "h" : "",
        view.review ? "r" : ""];
      const signature = flags.join("") + (tile ? `${tile.t}|${tile.p}|${tile.b}|${tile.n}` : "") +
        (ghost ? `g${ghost[0].t}|${ghost[1]}` : "");
      if (signature === signatures[i]) return;
      signatures[i] = signature;
      square.classList.toggle("mp-filled", Boolean(placed));
      square.classList.toggle("mp-tentative", Boolean(tent));
      square.classList.toggle("mp-last", last.has(i));
      square.classList.toggle("mp-hinted", hint.has(i));
      square.classList.toggle("mp-blank-tile", Boolean(tile && tile.b));
      square.replaceChildren();
      if (tile) {
        tileHTML(square, tile);
      } else if (ghost) {
        const shown = el("span", "mp-hint-tile", ghost[0].t);
        shown.style.animationDelay = `${ghost[1] * 0.45}s`;
        square.append(shown);
      } else if (square._label) {
        square.append(el("span", "mp-square-label", square._label));
      }
      let contents = texts.empty;
      // The tile's name says what the eye sees: its points, a blank's chosen value.
      if (tile) contents = tile.n || (tile.b ? texts.blank + " " : "") + tile.t;
      // In the review the pending tiles are the move played, the hint's the best move.
      if (ghost) contents = `${view.review ? texts.review_best : texts.hint_tile} ${ghost[0].t}`;
      let name = `${square.dataset.name}, ${square._desc}, ${contents}`;
      if (tent) name += `, ${view.review ? texts.review_played : texts.tentative}`;
      if (last.has(i)) name += `, ${texts.last}`;
      // A hint's tile says "hint: try 1" already: "hint" once, not twice.
      if (hint.has(i) && !ghost) name += `, ${texts.hint}`;
      square.setAttribute("aria-label", name);
      square.title = name;
    });
    if (!squares[cursor].classList.contains("mp-cursor")) moveCursor(cursor, false);

    parts.turn.textContent = view.turn;
    parts.turn.classList.toggle("mp-thinking", view.thinking);
    parts.scores.replaceChildren(...view.players.map((p) => {
      const item = el("li", "mp-score" + (p.to_move ? " mp-to-move" : ""));
      item.append(el("span", "mp-score-name", (p.to_move ? "▶ " : "") + p.name + ": "));
      item.append(el("span", "mp-score-value", String(p.score)));
      return item;
    }));
    parts.bag.textContent = `${view.bag} ${texts.bag}`;

    parts.handTitle.textContent = view.hand_title
      || (view.hand_owner ? `${texts.hand} (${view.hand_owner})` : "");
    parts.hand.setAttribute("aria-label", texts.hand);
    // The hand's tiles are kept and updated in place too (only what changed): a tile made
    // again between a fast child's press and release lost their click.
    const tiles = [...parts.hand.children];
    while (tiles.length > view.hand.length) tiles.pop().remove();
    while (tiles.length < view.hand.length) {
      const index = tiles.length;
      const button = el("button", "mp-tile");
      button.type = "button";
      button.addEventListener("click", () => send({ event: "tile", index }));
      parts.hand.append(button);
      tiles.push(button);
    }
    view.hand.forEach((tile, index) => {
      const button = tiles[index];
      const signature = `${tile.state}|${tile.t}|${tile.p}|${tile.b}|${tile.n}`;
      if (button._signature === signature) return;
      button._signature = signature;
      button.className = `mp-tile mp-tile-${tile.state}`;
      tileHTML(button, tile);
      button.setAttribute("aria-pressed", String(tile.state === "selected" || tile.state === "marked"));
      button.setAttribute("aria-label", (tile.n || (tile.b ? texts.blank : tile.t)) +
        (tile.state === "used" ? `, ${texts.tentative}` : ""));
    });

    drawBlank(view, texts);

    // The buttons are kept and updated in place, not made again: a click that lands while
    // the board redraws (a fast child, a busy kernel) still reaches its button.
    const buttons = view.buttons.map((b) => actionButton(b, layout.primary));
    const shown = [...parts.actions.children];
    if (buttons.length !== shown.length || buttons.some((button, i) => button !== shown[i])) {
      parts.actions.replaceChildren(...buttons);
    }

    // While a blank waits for its value, its prompt says what to do (once, not twice).
    parts.message.textContent = view.blank && view.kind === "info" ? "" : view.message;
    parts.message.className = `mp-message mp-message-${view.kind}`;
    announce(view, texts);
    drawTimer(view);
    drawOver(view, texts);
    parts.log.replaceChildren(...view.log.map((line) => el("li", "mp-log-line", line)));
    parts.log.tabIndex = view.log.length ? 0 : -1; // no Tab stop on an empty list
    parts.log.scrollTop = parts.log.scrollHeight;
    keepFocus();
  }

  // Whether the focus was on a control of this board that a redraw took away (removed,
  // hidden or disabled): the browser then puts it on <body>, where a screen reader starts
  // again at the top of the page.
  function focusLost() {
    const active = document.activeElement;
    if (!lastFocus || (active && active !== document.body && active !== document.documentElement)) {
      return false;
    }
    return !lastFocus.isConnected || lastFocus.disabled || !lastFocus.getClientRects().length;
  }

  // The focus goes on from a control that went to the next one a pupil needs: the
  // review's buttons after Review, the tiles after "… is ready" or a turn tried again,
  // "… is ready" when the next pupil's rack is hidden, else the board's cursor square.
  // What changed is said by the live region (the view's message).
  function keepFocus() {
    if (!focusLost()) return;
    const gone = lastFocus;
    lastFocus = null;
    const action = gone.dataset ? gone.dataset.action : undefined;
    const button = (id) => {
      const node = parts.actions.querySelector(`[data-action="${id}"]`);
      return node && !node.disabled ? node : null;
    };
    let next = null;
    if (action === "review" || action === "review_stop_try") {
      next = button("review_next") || button("review_back") || button("review_close");
    } else if (action === "ready" || action === "review_try") {
      next = parts.hand.querySelector(".mp-tile:not(.mp-tile-used)");
    } else if (gone === parts.smaller || gone === parts.bigger) {
      next = gone === parts.smaller ? parts.bigger : parts.smaller; // the smallest, the biggest
    }
    next = next || button("ready");
    if (next) next.focus();
    else moveCursor(cursor, true);
  }

  // Words said at once by the live region, outside the view's messages (a new board
  // size): they do not count as the view's sentence said last.
  function sayNow(text) {
    if (parts.announce) parts.announce.textContent = text;
  }

  // The live region's words: the message when it changes (not "thinking…": the move
  // that follows is said), with the scores once a move was played.
  function announce(view, texts) {
    if (!view.message || view.kind === "thinking") return;
    // A blank's prompt is said by its row of choices, which takes the focus: not twice.
    if (view.blank && view.kind === "info") return;
    const scores = view.players.map((p) => `${p.name} ${p.score}`).join(", ");
    // Not in the review: its scores are the reviewed turn's, and its words say the points.
    const said = ["info", "over"].includes(view.kind) && view.log.length && !view.review
      ? `${view.message} ${texts.scores}: ${scores}.`
      : view.message;
    if (said === lastAnnounced) return;
    lastAnnounced = said;
    parts.announce.textContent = said;
  }

  // What is left of the pupil's time for this move in a tournament, counted down on the
  // page from the service's figure (the service passes for them at 0, not the page);
  // said aloud once, with 10 seconds left. Started again only when the figure changes.
  function drawTimer(view) {
    const countdown = view.countdown;
    const key = countdown ? `${countdown.key}` : "";
    if (key === timerKey) return; // "" is no countdown, hidden since build() or last time
    timerKey = key;
    if (timerTick) clearInterval(timerTick);
    timerTick = null;
    if (!countdown) {
      parts.timer.hidden = true;
      parts.timer.textContent = "";
      return;
    }
    const ends = Date.now() + countdown.seconds * 1000;
    let warned = countdown.seconds <= 10;
    const show = () => {
      const left = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
      const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      parts.timer.textContent = `${countdown.label} ${clock}`;
      parts.timer.classList.toggle("mp-timer-short", left <= 10);
      if (!warned && left <= 10) {
        warned = true;
        lastAnnounced = countdown.soon;
        parts.announce.textContent = countdown.soon;
      }
      if (left === 0 && timerTick) {
        clearInterval(timerTick);
        timerTick = null;
      }
    };
    parts.timer.hidden = false;
    show();
    timerTick = setInterval(show, 1000);
  }

  // A blank's value: a row of buttons (the choices the engine allows), or a text box
  // when none are sent. The prompt is shown once; focus goes to the first choice.
  function drawBlank(view, texts) {
    const blank = view.blank;
    const had = parts.blank.contains(document.activeElement);
    parts.blank.replaceChildren();
    if (!blank) {
      if (blankShown && had) moveCursor(cursor, true);
      blankShown = "";
      return;
    }
    const fresh = blankShown !== blank.prompt;
    blankShown = blank.prompt;
    const prompt = el("div", "mp-blank-prompt", blank.prompt);
    prompt.id = `mp-blank-${ID_BASE}-${++ids}`;
    const choose = (value) => {
      if (squares[cursor] && squares[cursor].dataset.name === blank.square) advanceFrom = cursor;
      send({ event: "blank", value });
    };
    const choices = blank.choices || [];
    let first;
    if (choices.length) {
      const row = el("div", "mp-blank-choices");
      row.setAttribute("role", "group");
      row.setAttribute("aria-labelledby", prompt.id);
      for (const [value, label] of choices) {
        const button = el("button", "mp-action mp-blank-choice", label);
        button.type = "button";
        button.dataset.value = value;
        button.addEventListener("click", () => choose(value));
        row.append(button);
      }
      row.addEventListener("keydown", (event) => {
        const buttons = Array.from(row.children);
        const at = buttons.indexOf(document.activeElement);
        const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
        if (step && at >= 0) {
          event.preventDefault();
          buttons[(at + step + buttons.length) % buttons.length].focus();
        } else if (event.key === "Escape") {
          event.preventDefault();
          send({ event: "action", id: "cancel" });
        }
        event.stopPropagation();
      });
      parts.blank.append(prompt, row);
      first = row.firstChild;
    } else {
      const label = el("label", "mp-blank-label", blank.prompt);
      const input = el("input", "mp-blank-input");
      input.setAttribute("aria-label", texts.blank_value);
      input.size = 4;
      const ok = el("button", "mp-action mp-blank-ok", texts.ok);
      ok.type = "button";
      ok.addEventListener("click", () => choose(input.value));
      input.addEventListener("keydown", (e) => {
        if (e.key === "Enter") choose(input.value);
        e.stopPropagation();
      });
      label.append(input);
      parts.blank.append(label, ok);
      first = input;
    }
    if (fresh || had) setTimeout(() => first.focus(), 0);
  }

  function drawOver(view, texts) {
    parts.over.replaceChildren();
    if (!view.over) return;
    // The outcome is usually the message already; show it here once it no longer is.
    if (view.message !== view.over.text) parts.over.append(el("div", "mp-over-text", view.over.text));
    const series = view.over.series;
    const players = series[0].length;
    const width = 260, height = 120;
    const top = Math.max(1, ...series.flat());
    const bottom = Math.min(0, ...series.flat());
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "mp-chart");
    svg.setAttribute("viewBox", `0 0 ${width} ${height + 16 * players}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", texts.chart);
    for (let p = 0; p < players; p++) {
      const points = series.map((row, i) => {
        const x = (i / Math.max(1, series.length - 1)) * (width - 10) + 5;
        const y = height - 5 - ((row[p] - bottom) / (top - bottom)) * (height - 10);
        return `${x.toFixed(1)},${y.toFixed(1)}`;
      });
      const line = document.createElementNS(ns, "polyline");
      line.setAttribute("points", points.join(" "));
      line.setAttribute("class", `mp-series mp-series-${p}`);
      svg.append(line);
      const legend = document.createElementNS(ns, "text");
      legend.setAttribute("x", "5");
      legend.setAttribute("y", String(height + 12 + 16 * p));
      legend.setAttribute("class", `mp-legend mp-series-${p}`);
      legend.textContent = `${["—", "- -", "···", "-·-"][p]} ${view.over.names[p]}: ${series[series.length - 1][p]}`;
      svg.append(legend);
    }
    parts.over.append(el("div", "mp-chart-title", texts.chart), svg);
  }

  function drawOptions() {
    const layout = model.get("layout_data");
    parts.options.replaceChildren();
    codeBox = null;
    if (!panelOpen) return;
    const texts = layout.texts;
    const form = el("div", "mp-options-form");
    form.append(el("div", "mp-options-title", texts.new_game));
    const values = {};
    const rows = [];
    for (const field of layout.options) {
      const row = el("label", `mp-option mp-option-${field.name}`);
      row.append(el("span", "mp-option-label", field.label + " "));
      const select = el("select");
      select.name = field.name;
      field.choices.forEach(([value, label], i) => {
        const option = el("option", "", label);
        option.value = String(i);
        if (JSON.stringify(value) === JSON.stringify(field.value)) option.selected = true;
        select.append(option);
      });
      values[field.name] = () => field.choices[Number(select.value)][0];
      row.append(select);
      rows.push([field, row, select]);
      form.append(row);
    }
    const showSeats = () => {
      const players = values.players();
      for (const [field, row] of rows) {
        if (field.seat !== undefined) row.style.display = field.seat < players ? "" : "none";
      }
    };
    rows.forEach(([field, , select]) => { if (field.name === "players") select.addEventListener("change", showSeats); });
    showSeats();
    const start = el("button", "mp-action mp-start", texts.start_game);
    start.type = "button";
    start.addEventListener("click", () => {
      const options = {};
      const players = values.players();
      for (const [field] of rows) {
        if (field.seat !== undefined && field.seat >= players) continue;
        options[field.name] = values[field.name]();
      }
      panelOpen = false;
      drawOptions();
      keepFocus(); // the panel went with the button: the focus goes to the board
      send({ event: "new_game", options });
    });
    const close = el("button", "mp-action mp-close", texts.close);
    close.type = "button";
    close.addEventListener("click", () => {
      panelOpen = false;
      drawOptions();
      const opener = actionButtons.get("new");
      if (opener && opener.isConnected) opener.focus();
      else keepFocus();
    });
    form.append(start, close);
    // Play by turns with a friend: this game's code to send, a friend's code to open.
    const share = el("div", "mp-code");
    share.append(el("div", "mp-options-title", texts.code_title));
    const mine = el("label", "mp-option mp-code-mine");
    mine.append(el("span", "mp-option-label", texts.code_mine));
    codeBox = el("textarea", "mp-code-text");
    codeBox.readOnly = true;
    codeBox.rows = 3;
    mine.append(codeBox);
    const theirs = el("label", "mp-option mp-code-theirs");
    theirs.append(el("span", "mp-option-label", texts.code_theirs));
    const theirsBox = el("textarea", "mp-code-text");
    theirsBox.rows = 3;
    theirs.append(theirsBox);
    const open = el("button", "mp-action mp-open-code", texts.code_open);
    open.type = "button";
    open.addEventListener("click", () => {
      const code = theirsBox.value;
      panelOpen = false;
      drawOptions();
      keepFocus();
      send({ event: "open_code", code });
    });
    share.append(mine, theirs, open);
    form.append(share);
    // On the class's hub: a classmate on their own computer, through the game service.
    if (layout.classmates) {
      const classmate = el("div", "mp-code mp-classmate");
      classmate.append(el("div", "mp-options-title", texts.classmate_title));
      const nameRow = el("label", "mp-option mp-classmate-name");
      nameRow.append(el("span", "mp-option-label", texts.classmate_name));
      const nameBox = el("input", "mp-classmate-input");
      nameBox.type = "text";
      nameBox.maxLength = 100;
      nameBox.autocomplete = "off";
      nameRow.append(nameBox);
      const playThem = el("button", "mp-action mp-play-with", texts.classmate_play);
      playThem.type = "button";
      const go = () => {
        const name = nameBox.value.trim();
        panelOpen = false;
        drawOptions();
        keepFocus();
        send({ event: "play_with", name });
      };
      playThem.addEventListener("click", go);
      nameBox.addEventListener("keydown", (event) => {
        if (event.key === "Enter") { event.preventDefault(); go(); }
      });
      classmate.append(nameRow, playThem);
      form.append(classmate);
    }
    parts.options.append(form);
    send({ event: "show_code" });
  }

  const onMessage = (message) => {
    if (message && typeof message.code === "string" && codeBox) {
      // A game set up from a diagram has no code: the box says why, in words.
      codeBox.value = typeof message.no_code === "string" ? message.no_code : message.code;
    }
  };

  const onZoom = (event) => {
    if (event.detail.game === model.get("layout_data").game) fit();
  };
  const observer = new ResizeObserver(scheduleFit);
  observer.observe(host);
  window.addEventListener("resize", scheduleFit);
  window.addEventListener("mathplay-zoom", onZoom);
  model.on("change:layout_data", () => { cursor = -1; build(); });
  model.on("change:view", draw);
  model.on("msg:custom", onMessage);
  build();
  return () => {
    model.off("msg:custom", onMessage);
    if (bufferTimer) clearTimeout(bufferTimer);
    if (timerTick) clearInterval(timerTick);
    if (fitFrame) cancelAnimationFrame(fitFrame);
    observer.disconnect();
    window.removeEventListener("resize", scheduleFit);
    window.removeEventListener("mathplay-zoom", onZoom);
  };
}

export default { render };
