// mathplay binary cards: draws the `view` trait; sends flips, checks and answers back.
// No rules and no words of its own here: the Python side decides and writes every text.

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

const SVG = "http://www.w3.org/2000/svg";

// The dots of a card in a grid at least as tall as it is wide (16: 4 × 4, 8: 4 rows of
// 2), centred in the grid of the row's biggest card, so a dot is the same size on every
// card of the row.
function grid(dots) {
  const rows = 2 ** Math.ceil(Math.log2(dots) / 2);
  return { rows, cols: dots / rows };
}

function dotPicture(dots, biggest) {
  const room = grid(biggest);
  const own = grid(dots);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${room.cols * 10} ${room.rows * 10}`);
  svg.setAttribute("class", "mp-card-dots");
  svg.setAttribute("aria-hidden", "true");
  const left = (room.cols - own.cols) * 5;
  const top = (room.rows - own.rows) * 5;
  for (let r = 0; r < own.rows; r++) {
    for (let c = 0; c < own.cols; c++) {
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("cx", String(left + c * 10 + 5));
      dot.setAttribute("cy", String(top + r * 10 + 5));
      dot.setAttribute("r", "3.6");
      svg.append(dot);
    }
  }
  return svg;
}

function button(cls, onClick) {
  const node = el("button", `mp-cards-button ${cls}`);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

function render({ model, el: host }) {
  // The page's language (JupyterLab's and Notebook 7's Settings → Language set it) tells
  // the kernel which language to speak, unless one was chosen in the code.
  model.send({ event: "page_language", language: document.documentElement.lang || "" });
  const root = el("div", "mp-cards-widget");
  // Keys pressed on the cards are the cards', not JupyterLab's notebook shortcuts.
  root.dataset.lmSuppressShortcuts = "true";
  host.append(root);
  const send = (content) => model.send(content);
  const parts = {};
  let cards = [];
  let signature = "";

  function build() {
    root.replaceChildren();
    parts.nameRow = el("label", "mp-cards-name");
    parts.nameText = el("span", "mp-cards-name-text");
    parts.name = el("input", "mp-cards-name-input");
    parts.name.type = "text";
    parts.name.autocomplete = "off";
    parts.name.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        send({ event: "name", value: parts.name.value });
      }
    });
    parts.name.addEventListener("change", () => send({ event: "name", value: parts.name.value }));
    parts.nameRow.append(parts.nameText, parts.name);

    parts.heading = el("div", "mp-cards-heading");
    parts.prompt = el("p", "mp-cards-prompt");
    parts.row = el("div", "mp-cards-row");
    parts.row.setAttribute("role", "group");
    parts.row.addEventListener("keydown", onKey);

    parts.number = el("div", "mp-cards-number");
    parts.number.setAttribute("role", "status");
    parts.number.setAttribute("aria-live", "polite");
    parts.sumLabel = el("span", "mp-cards-number-label");
    parts.sum = el("span", "mp-cards-sum");
    parts.binaryLabel = el("span", "mp-cards-number-label");
    parts.bits = el("span", "mp-cards-bits");
    const sumLine = el("div", "mp-cards-sum-line");
    sumLine.append(parts.sumLabel, " ", parts.sum);
    const bitsLine = el("div", "mp-cards-bits-line");
    bitsLine.append(parts.binaryLabel, " ", parts.bits);
    parts.number.append(sumLine, bitsLine);

    parts.choices = el("div", "mp-cards-choices");
    parts.choices.setAttribute("role", "group");

    parts.actions = el("div", "mp-cards-actions");
    parts.check = button("mp-cards-check mp-cards-primary", () => send({ event: "check" }));
    parts.hint = button("mp-cards-hint", () => send({ event: "hint" }));
    parts.reset = button("mp-cards-reset", () => send({ event: "reset" }));
    parts.next = button("mp-cards-next", () => send({ event: "next" }));
    parts.actions.append(parts.check, parts.hint, parts.reset, parts.next);

    parts.feedback = el("div", "mp-cards-feedback");
    parts.feedback.setAttribute("role", "status");
    parts.feedback.setAttribute("aria-live", "polite");
    parts.hints = el("div", "mp-cards-hints");
    parts.hints.setAttribute("aria-live", "polite");
    parts.keys = el("p", "mp-cards-keys");

    root.append(parts.nameRow, parts.heading, parts.prompt, parts.row, parts.number,
      parts.choices, parts.actions, parts.feedback, parts.hints, parts.keys);
  }

  // The cards are made again only when their number changes; otherwise each one is
  // updated in place, so the keyboard focus stays on the card just flipped.
  function buildCards(view) {
    const biggest = view.cards.length ? view.cards[0].dots : 1;
    parts.row.replaceChildren();
    parts.row.classList.toggle("mp-cards-many", view.cards.length >= 7);
    cards = view.cards.map((card, index) => {
      const slot = el("div", "mp-card-slot");
      const node = el("button", "mp-card");
      node.type = "button";
      node.dataset.index = String(index);
      node.dataset.dots = String(card.dots);
      const face = el("span", "mp-card-face");
      face.append(dotPicture(card.dots, biggest));
      const back = el("span", "mp-card-back");
      const backText = el("span", "mp-card-back-text");
      back.append(backText);
      node.append(face, back);
      node.addEventListener("click", () => send({ event: "flip", index }));
      const label = el("div", "mp-card-label");
      const bit = el("div", "mp-card-bit");
      bit.setAttribute("aria-hidden", "true");
      slot.append(node, label, bit);
      parts.row.append(slot);
      return { node, backText, label, bit };
    });
  }

  function onKey(event) {
    const index = cards.findIndex((card) => card.node === document.activeElement);
    if (index < 0) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    let to = null;
    if (step) to = (index + step + cards.length) % cards.length;
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = cards.length - 1;
    if (to === null) return;
    event.preventDefault();
    event.stopPropagation();
    cards[to].node.focus();
  }

  function drawButton(node, text, shown, enabled, primary) {
    node.textContent = text;
    node.hidden = !shown;
    node.disabled = !enabled;
    if (primary !== undefined) node.classList.toggle("mp-cards-primary", primary);
  }

  function draw() {
    const view = model.get("view");
    if (!view || !view.cards) return;
    const texts = view.texts;
    const shape = view.cards.map((card) => card.dots).join(",");
    if (shape !== signature) {
      buildCards(view);
      signature = shape;
    }
    parts.row.setAttribute("aria-label", texts.group);
    view.cards.forEach((card, index) => {
      const shown = cards[index];
      shown.node.setAttribute("aria-pressed", String(card.up));
      shown.node.setAttribute("aria-label", card.name);
      shown.node.classList.toggle("mp-card-up", card.up);
      shown.node.classList.toggle("mp-card-down", !card.up);
      shown.backText.textContent = texts.face_down;
      shown.label.textContent = card.label;
      shown.bit.textContent = card.bit;
    });

    parts.nameRow.hidden = !view.ask_name;
    parts.nameText.textContent = texts.name;
    parts.name.placeholder = texts.name_placeholder;
    if (document.activeElement !== parts.name && view.name) parts.name.value = view.name;

    parts.heading.textContent = view.heading;
    parts.heading.hidden = !view.heading;
    parts.prompt.textContent = view.prompt;
    parts.sumLabel.textContent = texts.sum;
    parts.sum.textContent = view.sum;
    parts.binaryLabel.textContent = texts.binary;
    parts.bits.textContent = view.bits;

    // Check or an answer had the focus and goes away (the step is done): the focus moves
    // on to what comes next (the answers, Check or Next challenge), not to the page.
    const active = document.activeElement;
    const moving = active === parts.check || parts.choices.contains(active);
    const hadFocus = parts.choices.contains(active);
    const focusedChoice = hadFocus ? document.activeElement.dataset.index : null;
    parts.choices.replaceChildren();
    parts.choices.hidden = !view.choices.length;
    parts.choices.setAttribute("aria-label", texts.choices);
    view.choices.forEach((text, index) => {
      const choice = button("mp-cards-choice", () => send({ event: "choose", index }));
      choice.textContent = text;
      choice.dataset.index = String(index);
      parts.choices.append(choice);
      if (focusedChoice === String(index)) choice.focus();
    });

    drawButton(parts.check, texts.check, view.show_check, true);
    drawButton(parts.hint, view.hint_label, view.show_hint, view.hint_enabled);
    drawButton(parts.reset, texts.reset, true, true);
    drawButton(parts.next, texts.next, view.show_next, view.next_enabled, view.next_primary);
    const lost = !root.contains(document.activeElement) ||
      (parts.check.hidden && document.activeElement === parts.check);
    if (moving && lost) {
      const first = parts.choices.querySelector("button");
      const target = first || (!parts.check.hidden ? parts.check : parts.next);
      if (!target.hidden && !target.disabled) target.focus();
    }

    const feedback = view.feedback;
    parts.feedback.className = `mp-cards-feedback mp-cards-${feedback.kind}`;
    parts.feedback.replaceChildren();
    if (feedback.label) parts.feedback.append(el("b", "mp-cards-feedback-label", feedback.label), " ");
    if (feedback.text) parts.feedback.append(el("span", "mp-cards-feedback-text", feedback.text));

    parts.hints.replaceChildren();
    for (const hint of view.hints) {
      const line = el("p", "mp-cards-hint-line");
      line.append(el("b", "", hint.label), " ", hint.text);
      parts.hints.append(line);
    }
    parts.keys.textContent = texts.keys;
  }

  build();
  draw();
  model.on("change:view", draw);
  return () => model.off("change:view", draw);
}

export default { render };
