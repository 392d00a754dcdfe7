// Moving a man, the same on every board (served, static, puzzles): press
// on a man to pick it up, drag it or click its destination, and choose a
// promotion in a picker that shows each choice's picture and name.

import { $ } from "./dom.js";
import { pieceName, pieceSvg } from "./pieces.js";

// The promotion letter of a wire move ("c7d8g" -> "g"; "c7d8" -> "").
function promotionLetter(uci) {
  const m = /^[a-l]\d+[a-l]\d+([a-z]?)$/.exec(uci);
  return m ? m[1] : "";
}

// The destination square of a wire move ("c7d8g" -> "d8", "a10b9" -> "b9").
export function moveTarget(uci) {
  const m = /^[a-l]\d+([a-l]\d+)[a-z]?$/.exec(uci);
  return m ? m[1] : "";
}

// Offer `choices` (wire moves from one square to one square) in #promotion:
// each a picture with its name; a Frog's "stay" is the move without a
// letter. Resolves to the chosen move, or null on Cancel or Escape.
export function pickPromotionOf(choices, white) {
  return new Promise((resolve) => {
    const box = document.getElementById("promotion");
    box.innerHTML = "";
    const inner = document.createElement("div");
    inner.className = "promo-box";
    inner.setAttribute("role", "dialog");
    inner.setAttribute("aria-label", "Promote to");
    const close = (move) => {
      box.hidden = true;
      box.innerHTML = "";
      document.removeEventListener("keydown", onKey);
      resolve(move);
    };
    const onKey = (ev) => { if (ev.key === "Escape") close(null); };
    for (const uci of choices) {
      const letter = (promotionLetter(uci) || "f").toUpperCase();
      const shown = white ? letter : letter.toLowerCase();
      const name = promotionLetter(uci) ? pieceName(shown) : "Stay a Frog";
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.move = uci;
      b.dataset.promotion = promotionLetter(uci).toUpperCase();
      b.title = name;
      const label = promotionLetter(uci) ? name.replace(/^(White|Black) /, "") : "Stay";
      b.innerHTML = pieceSvg(shown) + `<span>${label}</span>`;
      b.addEventListener("click", () => close(uci));
      inner.appendChild(b);
    }
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "promo-cancel";
    cancel.textContent = "Cancel";
    cancel.addEventListener("click", () => close(null));
    inner.appendChild(cancel);
    box.appendChild(inner);
    box.hidden = false;
    document.addEventListener("keydown", onKey);
    inner.querySelector("button").focus();
  });
}

// Pointer input on #board. `hooks`:
//   targets(square) -> the squares the man there may go to ([] if none);
//   selected() / select(square|null) -> the picked-up man (select redraws);
//   move(from, to, dragged) -> play it (the board asks for a promotion);
//   press(square) -> true to take the press for something else (premoves).
// Moving more than a few pixels drags; a press and release on the same
// square keeps the man picked up for click-click.
export function attachBoardInput(hooks) {
  const boardEl = document.getElementById("board");
  let drag = null;
  boardEl.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0) return;
    const sq = ev.target.closest(".sq");
    if (hooks.press && hooks.press(sq && sq.dataset.square)) return;
    if (!sq) return;
    const name = sq.dataset.square;
    const from = hooks.selected();
    if (from && from !== name && hooks.targets(from).includes(name)) {
      hooks.move(from, name, false);
      return;
    }
    if (!hooks.targets(name).length) { hooks.select(null); return; }
    hooks.select(name);
    const piece = sq.querySelector(".piece");
    if (piece) drag = { from: name, piece, x: ev.clientX, y: ev.clientY, el: null };
    ev.preventDefault();
  });
  window.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    if (!drag.el && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 5) return;
    if (!drag.el) {
      const rect = drag.piece.getBoundingClientRect();
      drag.el = drag.piece.cloneNode(true);
      drag.el.classList.add("dragging");
      drag.el.style.width = rect.width + "px";
      drag.el.style.height = rect.height + "px";
      document.body.appendChild(drag.el);
      drag.piece.classList.add("ghost");
    }
    const w = parseFloat(drag.el.style.width);
    drag.el.style.left = ev.clientX - w / 2 + "px";
    drag.el.style.top = ev.clientY - w / 2 + "px";
  });
  window.addEventListener("pointerup", (ev) => {
    const d = drag;
    drag = null;
    if (!d || !d.el) return;
    d.el.remove();
    d.piece.classList.remove("ghost");
    const target = document.elementFromPoint(ev.clientX, ev.clientY);
    const sq = target && target.closest("#board .sq");
    if (sq && sq.dataset.square !== d.from && hooks.targets(d.from).includes(sq.dataset.square)) {
      hooks.move(d.from, sq.dataset.square, true);
    } else hooks.select(sq && sq.dataset.square === d.from ? d.from : null);
  });
  // The keyboard: Enter or Space on a focused square acts as a click.
  boardEl.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const sq = ev.target.closest(".sq");
    if (!sq) return;
    ev.preventDefault();
    const name = sq.dataset.square;
    if (hooks.press && hooks.press(name)) return;
    const from = hooks.selected();
    if (from && from !== name && hooks.targets(from).includes(name)) hooks.move(from, name, false);
    else hooks.select(hooks.targets(name).length ? name : null);
  });
}
