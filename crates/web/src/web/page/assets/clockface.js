// How the two clocks beside the board read, the same on both boards:
// "White 4:59", in tenths under ten seconds, the running one marked and
// low time marked.

// A clock's time left (ms) as it reads: 4:59, or 0:09.4 under ten seconds.
function clockText(ms) {
  const tenths = ms < 10000;
  const s = tenths ? Math.floor(ms / 100) / 10 : Math.ceil(ms / 1000);
  const whole = Math.floor(s);
  const text = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
  return tenths ? `${text}.${Math.round((s - whole) * 10)}` : text;
}

// Fill #clock-top and #clock-bottom (White at the bottom unless
// `flipped`): `left(color)` is a side's time left in ms ("white" or
// "black"), `running` the side whose clock runs (or null).
export function drawClockFaces(flipped, left, running) {
  const bottom = flipped ? "black" : "white";
  for (const [id, color] of [["clock-bottom", bottom], ["clock-top", bottom === "white" ? "black" : "white"]]) {
    const ms = Math.max(0, left(color));
    const el = document.getElementById(id);
    el.textContent = `${color === "white" ? "White" : "Black"} ${clockText(ms)}`;
    el.classList.toggle("running", running === color);
    el.classList.toggle("low", ms < 10000);
  }
}
