// mathplay board: draws the `layout_data` and `view` traits; sends clicks and keys back.
// No game rules here: every decision is the Python engine's.

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function render({ model, el: host }) {
  const root = el("div", "mp-board-widget");
  // Keys typed on the board are the board's, not JupyterLab's notebook shortcuts.
  root.dataset.lmSuppressShortcuts = "true";
  host.append(root);
  let squares = [];
  let signatures = [];
  let cursor = 0;
  let buffer = "";
  let bufferTimer = null;
  let panelOpen = false;
  const send = (content) => model.send(content);

  const parts = {};

  function build() {
    const layout = model.get("layout_data");
    const texts = layout.texts;
    const size = layout.size;
    root.replaceChildren();
    root.className = `mp-board-widget mp-game-${layout.game}` + (size > 15 ? " mp-large" : "");
    const top = el("div", "mp-top");
    parts.turn = el("div", "mp-turn");
    parts.turn.setAttribute("aria-live", "polite");
    parts.scores = el("ul", "mp-scores");
    parts.scores.setAttribute("aria-label", texts.scores);
    parts.bag = el("div", "mp-bag");
    top.append(parts.turn, parts.scores, parts.bag);

    const main = el("div", "mp-main");
    const grid = el("div", "mp-grid");
    grid.setAttribute("role", "grid");
    grid.setAttribute("aria-label", texts.board);
    grid.style.gridTemplateColumns = `1.6em repeat(${size}, var(--mp-cell))`;
    grid.append(el("span", "mp-coord"));
    for (let c = 0; c < size; c++) grid.append(el("span", "mp-coord", layout.columns[c]));
    squares = [];
    signatures = [];
    const starts = new Set(layout.starts);
    for (let r = 0; r < size; r++) {
      grid.append(el("span", "mp-coord", String(r + 1)));
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
          moveCursor(index, false);
          send({ event: "square", row: r, col: c });
        });
        grid.append(square);
        squares.push(square);
        signatures.push(null);
      }
    }
    grid.addEventListener("keydown", onKey);
    parts.grid = grid;

    const side = el("div", "mp-side");
    parts.handTitle = el("div", "mp-hand-title");
    parts.hand = el("div", "mp-hand");
    parts.hand.setAttribute("role", "group");
    parts.blank = el("div", "mp-blank");
    parts.actions = el("div", "mp-actions");
    parts.message = el("div", "mp-message");
    parts.message.setAttribute("role", "status");
    parts.message.setAttribute("aria-live", "polite");
    parts.over = el("div", "mp-over");
    parts.logTitle = el("div", "mp-log-title", texts.log);
    parts.log = el("ol", "mp-log");
    parts.keys = el("div", "mp-keys", texts.keys);
    parts.options = el("div", "mp-options");
    side.append(parts.handTitle, parts.hand, parts.blank, parts.actions, parts.message,
      parts.options, parts.over, parts.logTitle, parts.log, parts.keys);
    main.append(grid, side);
    root.append(top, main);
    draw();
  }

  function moveCursor(index, focus) {
    if (!squares.length) return;
    index = Math.max(0, Math.min(squares.length - 1, index));
    squares[cursor].tabIndex = -1;
    squares[cursor].classList.remove("mp-cursor");
    cursor = index;
    squares[cursor].tabIndex = 0;
    squares[cursor].classList.add("mp-cursor");
    if (focus) squares[cursor].focus();
  }

  function flushBuffer() {
    if (bufferTimer) clearTimeout(bufferTimer);
    bufferTimer = null;
    if (!buffer) return;
    const size = model.get("layout_data").size;
    send({ event: "key", key: buffer, row: Math.floor(cursor / size), col: cursor % size });
    buffer = "";
  }

  function onKey(event) {
    const size = model.get("layout_data").size;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -size, ArrowDown: size };
    const row = Math.floor(cursor / size);
    const col = cursor % size;
    if (event.key in moves) {
      event.preventDefault();
      event.stopPropagation();
      const step = moves[event.key];
      if ((step === -1 && col === 0) || (step === 1 && col === size - 1)) return;
      moveCursor(cursor + step, true);
      return;
    }
    if (event.key === "Enter" || event.key === "Backspace" || event.key === "Delete" ||
        event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      flushBuffer();
      send({ event: "key", key: event.key, row, col });
      return;
    }
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.key === " ") return;
    event.preventDefault();
    event.stopPropagation();
    buffer += event.key;
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
    node.append(el("span", "mp-tile-text", tile.t));
    if (tile.p !== null && tile.p !== undefined) node.append(el("sub", "mp-points", String(tile.p)));
  }

  function draw() {
    const layout = model.get("layout_data");
    const view = model.get("view");
    const texts = layout.texts;
    if (!parts.grid || !view.cells) return;
    const tentative = new Map(view.tentative.map(([i, t]) => [i, t]));
    const last = new Set(view.last);
    const hint = new Set(view.hint);
    squares.forEach((square, i) => {
      const placed = view.cells[i];
      const tent = tentative.get(i);
      const tile = placed || tent;
      const flags = [placed ? "t" : "", tent ? "n" : "", last.has(i) ? "l" : "", hint.has(i) ? "h" : ""];
      const signature = flags.join("") + (tile ? `${tile.t}|${tile.p}|${tile.b}` : "");
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
      } else if (square._label) {
        square.append(el("span", "mp-square-label", square._label));
      }
      let contents = texts.empty;
      if (tile) contents = (tile.b ? texts.blank + " " : "") + tile.t;
      let name = `${square.dataset.name}, ${square._desc}, ${contents}`;
      if (tent) name += `, ${texts.tentative}`;
      if (last.has(i)) name += `, ${texts.last}`;
      if (hint.has(i)) name += `, ${texts.hint}`;
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

    parts.handTitle.textContent = view.hand_owner ? `${texts.hand} (${view.hand_owner})` : "";
    parts.hand.setAttribute("aria-label", texts.hand);
    parts.hand.replaceChildren(...view.hand.map((tile, index) => {
      const button = el("button", `mp-tile mp-tile-${tile.state}`);
      button.type = "button";
      tileHTML(button, tile);
      button.setAttribute("aria-pressed", String(tile.state === "selected" || tile.state === "marked"));
      button.setAttribute("aria-label", (tile.b ? texts.blank : tile.t) + (tile.state === "used" ? `, ${texts.tentative}` : ""));
      button.addEventListener("click", () => send({ event: "tile", index }));
      return button;
    }));

    parts.blank.replaceChildren();
    if (view.blank) {
      const label = el("label", "mp-blank-label", view.blank.prompt);
      const input = el("input", "mp-blank-input");
      input.setAttribute("aria-label", texts.blank_value);
      input.size = 4;
      const ok = el("button", "mp-action mp-blank-ok", texts.ok);
      const submit = () => send({ event: "blank", value: input.value });
      ok.addEventListener("click", submit);
      input.addEventListener("keydown", (e) => { if (e.key === "Enter") submit(); e.stopPropagation(); });
      label.append(input);
      parts.blank.append(label, ok);
      setTimeout(() => input.focus(), 0);
    }

    parts.actions.replaceChildren(...view.buttons.map((b) => {
      const button = el("button", `mp-action mp-action-${b.id}`, b.label);
      button.type = "button";
      button.disabled = !b.enabled;
      if (b.pressed) button.setAttribute("aria-pressed", "true");
      button.addEventListener("click", () => {
        if (b.id === "new") { panelOpen = !panelOpen; drawOptions(); return; }
        send({ event: "action", id: b.id });
      });
      return button;
    }));

    parts.message.textContent = view.message;
    parts.message.className = `mp-message mp-message-${view.kind}`;
    drawOver(view, texts);
    parts.log.replaceChildren(...view.log.map((line) => el("li", "mp-log-line", line)));
    parts.log.scrollTop = parts.log.scrollHeight;
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
      send({ event: "new_game", options });
    });
    const close = el("button", "mp-action mp-close", texts.close);
    close.type = "button";
    close.addEventListener("click", () => { panelOpen = false; drawOptions(); });
    form.append(start, close);
    parts.options.append(form);
  }

  model.on("change:layout_data", () => { cursor = 0; build(); });
  model.on("change:view", draw);
  build();
  return () => { if (bufferTimer) clearTimeout(bufferTimer); };
}

export default { render };
