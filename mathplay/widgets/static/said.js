// A live region (role="status"): a screen reader says its words each time they change.
// The element stays; only its words change (a new live region would not be read). Words
// added at the end (a second hint) are added as they are, so only they are read out.
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "mp-said";
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", "polite");
  box.setAttribute("aria-atomic", "false");
  el.append(box);
  let shown = "";
  function draw() {
    const value = model.get("value");
    if (shown && value.startsWith(shown)) box.insertAdjacentHTML("beforeend", value.slice(shown.length));
    else box.innerHTML = value;
    shown = value;
  }
  model.on("change:value", draw);
  draw();
}
export default { render };
