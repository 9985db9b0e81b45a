function render({ model, el: host }) {
  // The page's language (JupyterLab's and Notebook 7's Settings → Language set it) tells
  // the kernel which language to speak, unless one was chosen in the code.
  model.send({ event: "page_language", language: document.documentElement.lang || "" });
  const group = document.createElement("div");
  group.className = "mp-choices";
  group.setAttribute("role", "group");
  // Arrow keys and Enter here are the row's, not JupyterLab's notebook shortcuts.
  group.dataset.lmSuppressShortcuts = "true";
  host.append(group);
  let focused = 0;
  function move(to) {
    const buttons = [...group.querySelectorAll("button")];
    if (!buttons.length) return;
    focused = (to + buttons.length) % buttons.length;
    buttons.forEach((b, i) => { b.tabIndex = i === focused ? 0 : -1; });
    buttons[focused].focus();
  }
  // The puzzle's card says the language of its words, for screen readers (a Voilà
  // page says "en" whatever the pupil reads). The card holds this widget once drawn.
  function markLanguage(tries = 50) {
    const language = model.get("language");
    const card = host.closest(".mathplay-puzzles");
    if (language && card) card.lang = language;
    else if (language && tries > 0) setTimeout(() => markLanguage(tries - 1), 100);
  }
  model.on("change:language", () => markLanguage());
  markLanguage();

  function draw() {
    const choices = model.get("choices");
    const picked = model.get("picked");
    const hadFocus = group.contains(document.activeElement);
    if (focused >= choices.length) focused = 0;
    group.setAttribute("aria-label", model.get("label"));
    group.replaceChildren();
    choices.forEach((text, i) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "mp-choice" + (i === picked ? " mp-choice-picked" : "");
      button.setAttribute("aria-pressed", String(i === picked));
      button.tabIndex = i === focused ? 0 : -1;
      button.disabled = model.get("disabled");
      const words = document.createElement("span");
      words.textContent = text;
      button.append(words);
      if (i === picked) {
        const mark = document.createElement("span");
        mark.className = "mp-choice-mark";
        mark.textContent = model.get("picked_text");
        button.append(mark);
      }
      button.addEventListener("click", () => {
        focused = i;
        model.send({ event: "pick", index: i });
      });
      button.addEventListener("keydown", (event) => {
        const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
        if (step) move(i + step);
        else if (event.key === "Home") move(0);
        else if (event.key === "End") move(choices.length - 1);
        else return;
        event.preventDefault();
        event.stopPropagation();
      });
      group.append(button);
    });
    if (hadFocus) move(focused);
  }
  model.on("change:choices change:picked change:disabled change:label", draw);
  model.on("msg:custom", (content) => {
    // After the new choices are drawn (the kernel sends them first).
    if (content && content.do === "focus") setTimeout(() => move(0), 0);
  });
  draw();
}
export default { render };
