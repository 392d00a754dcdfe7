// The move list's controls, one for both boards: a click on a move (a
// main-line ply, a variation's node, or a review's better move), the
// |< < > >| buttons, the arrow keys, Home and End, and the variation
// tools. Each board says where it stands and how to go (`nav`):
//   shown(): { ply, plies, variation }: the main line's ply shown, its
//     length, and the variation move shown ({ back, forward }, each
//     { ply } or { node }) or null;
//   goPly(n), goNode(n): show that position;
//   change(action): "promote", "main-line" or "delete" the variation
//     move shown.
export function wireMoveNavigation(nav) {
  const go = (to) => (to.node !== undefined ? nav.goNode(to.node) : nav.goPly(to.ply));
  const step = (where) => {
    const { ply, plies, variation } = nav.shown();
    // In a variation, back and forward follow it.
    if (variation && (where === "back" || where === "forward")) {
      if (variation[where]) go(variation[where]);
      return;
    }
    const to = { start: 0, back: Math.max(0, ply - 1), forward: Math.min(plies, ply + 1), end: plies }[where];
    if (to !== ply || variation) nav.goPly(to);
  };
  document.getElementById("moves").addEventListener("click", (e) => {
    const { ply, node } = e.target.dataset;
    if (node !== undefined) nav.goNode(+node);
    else if (ply !== undefined) nav.goPly(+ply);
  });
  for (const [id, action] of [["var-promote", "promote"], ["var-main", "main-line"], ["var-delete", "delete"]]) {
    document.getElementById(id).onclick = () => { if (nav.shown().variation) nav.change(action); };
  }
  document.querySelectorAll("[data-nav]").forEach((b) => (b.onclick = () => step(b.dataset.nav)));
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select")) return;
    const keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };
    if (keys[e.key]) { step(keys[e.key]); e.preventDefault(); }
  });
}
