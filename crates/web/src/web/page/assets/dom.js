// The page's two helpers, for every script of every page: an element by
// its id, and a message next to the control that caused it.

// The element of this id (or null).
export const $ = (id) => document.getElementById(id);

// A message next to the control that caused it ("where" names the box's
// message line); one at a time. Errors are red, other news is not.
export function say(text, where = "message", kind = "error") {
  document.querySelectorAll(".message").forEach((el) => { if (el.id !== where) el.textContent = ""; });
  const el = document.getElementById(where);
  if (!el) return;
  el.textContent = text || "";
  el.classList.toggle("ok", kind !== "error");
  if (text) el.scrollIntoView({ block: "nearest" });
}
