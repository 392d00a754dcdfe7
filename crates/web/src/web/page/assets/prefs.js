// What a player sets once and finds again: the board's colours and the
// sounds, remembered in this browser (localStorage).

import { $ } from "./dom.js";

const THEMES = ["wood", "blue", "green"];

// The saved choice, or the default when storage is off or holds nothing.
function pref(key, fallback) {
  try { return localStorage.getItem(key) ?? fallback; } catch (e) { return fallback; }
}

function savePref(key, value) {
  try { localStorage.setItem(key, value); } catch (e) { /* private mode: not kept */ }
}

function applyTheme(name) {
  const theme = THEMES.includes(name) ? name : THEMES[0];
  document.documentElement.dataset.theme = theme;
  return theme;
}

function soundsOn() { return pref("humpty-sounds", "on") === "on"; }

// Short tones drawn by the browser (no sound files): a move, a capture
// (lower), a check (higher, twice), the end of the game (a falling pair).
const TONES = {
  move: [[520, 0.07]],
  capture: [[330, 0.1]],
  check: [[880, 0.06], [880, 0.06]],
  end: [[660, 0.12], [440, 0.2]],
};
let audio = null;

export function playSound(kind) {
  if (!soundsOn() || !TONES[kind]) return;
  document.body.dataset.lastSound = kind;
  // A browser driven by automation has no one listening, and headless
  // Chromium without a sound device stalls on an audio context.
  if (navigator.webdriver) return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    let t = audio.currentTime;
    for (const [freq, len] of TONES[kind]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.15, t);
      gain.gain.exponentialRampToValueAtTime(0.001, t + len);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + len);
      t += len + 0.03;
    }
  } catch (e) { /* no audio here */ }
}

// The sound for a state that follows `before`: only when a move was added.
export function soundFor(before, after) {
  if (!before || before.id !== after.id || after.moves.length !== before.moves.length + 1) return null;
  if (after.status.over) return "end";
  const san = after.moves[after.moves.length - 1].san || "";
  if (/[+#]$/.test(san)) return "check";
  return san.includes("x") ? "capture" : "move";
}

// Leaving the page closes the audio, so nothing holds a reload up.
window.addEventListener("pagehide", () => {
  if (audio) audio.close();
  audio = null;
});

export function wirePrefs() {
  const theme = document.getElementById("theme");
  theme.value = applyTheme(pref("humpty-theme", THEMES[0]));
  theme.onchange = () => savePref("humpty-theme", applyTheme(theme.value));
  const sounds = document.getElementById("sounds");
  sounds.checked = soundsOn();
  sounds.onchange = () => savePref("humpty-sounds", sounds.checked ? "on" : "off");
}
