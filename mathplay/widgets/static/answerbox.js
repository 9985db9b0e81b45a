function render({ model, el }) {
  el.classList.add("mathplay-live"); // drawn: the lesson's "Run All" notes hide (.css)
  // The page's language (JupyterLab's and Notebook 7's Settings → Language set it) tells
  // the kernel which language to speak, unless one was chosen in the code.
  model.send({ event: "page_language", language: document.documentElement.lang || "" });
  const label = document.createElement("label");
  label.className = "mp-answer";
  const words = document.createElement("span");
  words.className = "mp-answer-label";
  const input = document.createElement("input");
  input.type = "text";
  input.className = "mp-answer-input";
  input.autocomplete = "off";
  input.spellcheck = false;
  label.append(words, input);
  el.append(label);
  // Keys typed here are the box's, not JupyterLab's notebook shortcuts.
  el.dataset.lmSuppressShortcuts = "true";

  // The puzzle's card says the language of its words, for screen readers (a Voilà
  // page says "en" whatever the pupil reads). The card holds this widget once drawn.
  function markLanguage(tries = 50) {
    const language = model.get("language");
    const card = el.closest(".mathplay-puzzles");
    if (language && card) card.lang = language;
    else if (language && tries > 0) setTimeout(() => markLanguage(tries - 1), 100);
  }
  model.on("change:language", () => markLanguage());
  markLanguage();
  function draw() {
    words.textContent = model.get("description");
    words.hidden = !model.get("description");
    input.placeholder = model.get("placeholder");
    input.disabled = model.get("disabled");
  }
  // A value from the kernel (a new puzzle clears the box) is shown; the page's own
  // changes are already there, and ipywidgets drops the kernel's echoes of them.
  model.on("change:value", () => {
    if (input.value !== model.get("value")) input.value = model.get("value");
  });
  model.on("change:description change:placeholder change:disabled", draw);
  input.addEventListener("input", () => {
    model.set("value", input.value);
    model.save_changes();
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.isComposing) {
      event.preventDefault();
      event.stopPropagation();
      model.send({ event: "submit", value: input.value });
    }
  });
  input.addEventListener("blur", () => model.send({ event: "typed", value: input.value }));
  model.on("msg:custom", (content) => {
    if (content && content.do === "focus") input.focus();
  });
  draw();
  input.value = model.get("value");
}
export default { render };
