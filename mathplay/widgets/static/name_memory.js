const PREFIX = "mathplay-pupil:";
function storage() {
  try { return window.localStorage; } catch (error) { return null; }
}
function render({ model, el }) {
  el.style.display = "none";
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
