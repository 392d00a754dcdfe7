// The engine's levels in one list, grouped (beginner, club, strong, full
// strength) with each level's measured Elo in its label, and the
// newcomer's default chosen: the server's /api/levels, or the static
// site's data. Shared by the served board and the static site.
const LEVEL_GROUPS = { beginner: "Beginner", club: "Club", strong: "Strong", full: "Full strength" };

export function fillLevels(select, data) {
  select.innerHTML = "";
  for (const g of data.groups) {
    const group = document.createElement("optgroup");
    group.label = LEVEL_GROUPS[g] || g;
    for (const l of data.levels.filter((x) => x.group === g)) group.appendChild(new Option(l.label, l.name));
    select.appendChild(group);
  }
  select.value = data.default.name;
}
