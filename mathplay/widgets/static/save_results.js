function render({ model, el: host }) {
  const box = document.createElement("div");
  box.className = "mp-save-results";
  // Enter and Space on the button are the button's, not JupyterLab's shortcuts.
  box.dataset.lmSuppressShortcuts = "true";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "mp-save-button";
  const about = document.createElement("p");
  about.className = "mp-save-about";
  const note = document.createElement("p");
  note.className = "mp-save-note";
  note.setAttribute("role", "status");
  note.setAttribute("aria-live", "polite");
  const id = "mp-save-" + Math.random().toString(36).slice(2, 10);
  about.id = id;
  button.setAttribute("aria-describedby", id);
  box.append(button, about, note);
  host.append(box);
  function draw() {
    button.textContent = model.get("label");
    about.textContent = model.get("about");
    note.textContent = model.get("note");
  }
  button.addEventListener("click", () => model.send({ event: "save" }));
  model.on("msg:custom", (message) => {
    if (!message || message.event !== "download") return;
    const blob = new Blob([message.text], { type: "application/x-ndjson" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = message.name;
    link.style.display = "none";
    box.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  });
  model.on("change:label change:about change:note", draw);
  draw();
}
export default { render };
