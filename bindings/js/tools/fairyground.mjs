// Runs fairyground (ianfab/fairyground) built on humpty's ffish-es6-shaped
// package in headless chromium and plays humpty in it by clicks, checking
// what the page shows against the package itself (issue 47's target):
//   - the page loads with no JavaScript error;
//   - for every move, the legal-square marks fairyground draws after a
//     click on the man equal the package's legal moves from that square;
//   - the move lands (the page's men equal the package's board after it);
//   - in check, the square fairyground marks is the checked King's.
//
// Usage (docs/bindings.md has the whole recipe):
//   node tools/fairyground.mjs FAIRYGROUND_DIR [--plies N] [--seed S] [--shot FILE.png]
// FAIRYGROUND_DIR is a fairyground checkout built with its own
// `npm run build` after `node_modules/ffish-es6` was replaced by
// bindings/js/dist/ffish-es6. Needs chromium and chromedriver.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Browser, serveFolder } from './webdriver.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
// Fairy-Stockfish's own definition of the game, for fairyground's engine
// (it lists the variant from it; the rules on the board are humpty's).
const INI = path.resolve(here, '..', '..', 'python', 'tests', 'data', 'humpty.ini');

function options(argv) {
  const o = { dir: null, plies: 60, seed: 1, shot: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--plies') o.plies = Number(argv[++i]);
    else if (a === '--seed') o.seed = Number(argv[++i]);
    else if (a === '--shot') o.shot = argv[++i];
    else o.dir = a;
  }
  if (!o.dir || !Number.isInteger(o.plies) || o.plies < 1) {
    console.error('usage: node tools/fairyground.mjs FAIRYGROUND_DIR [--plies N] [--seed S] [--shot FILE.png]');
    process.exit(2);
  }
  return o;
}

// In the page: the main board's geometry and marks, and a reference board
// of the package (window.ffishlib is the module fairyground loaded).
const PAGE = `
  const board = document.querySelector('.cg-wrap.manipulable cg-board');
  const keys = (sel) => [...board.querySelectorAll(sel)].map((e) => e.cgKey).filter(Boolean).sort();
  // Fairyground's men carry more classes than colour and role: those two.
  const men = [...board.querySelectorAll('piece')]
    .filter((e) => e.cgKey && !e.classList.contains('ghost') && !e.classList.contains('anim'))
    .map((e) => e.cgKey + ':' + (e.className.match(/\\b(white|black)\\b/) || [''])[0] + ' '
      + (e.className.match(/\\b[a-z+]+-piece\\b/) || [''])[0])
    .sort();
  return { rect: board.getBoundingClientRect().toJSON(), dests: keys('square.move-dest'),
    check: keys('square.check'), men };
`;

// The package's men by square, in fairyground's class names.
const REF_MEN = `
  const rows = window.__ref.fen().split(' ')[0].split('/');
  const out = [];
  rows.forEach((row, r) => {
    let file = 0;
    for (const part of row.match(/\\d+|[^\\d]/g)) {
      if (/\\d/.test(part)) { file += Number(part); continue; }
      const color = part === part.toUpperCase() ? 'white' : 'black';
      out.push(String.fromCharCode(97 + file) + (8 - r) + ':' + color + ' ' + part.toLowerCase() + '-piece');
      file++;
    }
  });
  return out.sort();
`;

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function center(rect, square) {
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square.slice(1));
  return [rect.x + (file + 0.5) * (rect.width / 12), rect.y + (8 - rank + 0.5) * (rect.height / 8)];
}

async function setUp(b, url) {
  await b.go(url);
  await b.until('return !!window.ffishlib && !!window.stockfish && !!document.querySelector("cg-board")',
    'fairyground to load ffish and its engine', 60000);
  // Both sides by hand (no engine moves), moved by click-click.
  await b.run('for (const id of ["playwhite", "playblack"]) { const c = document.getElementById(id); if (c.checked) c.click(); }');
  await b.run('const c = document.getElementById("clickclickmove"); if (!c.checked) c.click();');
  await b.type('#variants-ini', INI);
  await b.until('return [...document.getElementById("dropdown-variant").options].some((o) => o.value === "humpty")',
    'humpty in the variant list', 30000);
  await b.run('const d = document.getElementById("dropdown-variant"); d.value = "humpty"; d.dispatchEvent(new Event("change"));');
  await b.until('return document.querySelectorAll(".cg-wrap.manipulable cg-board piece").length >= 48', 'the board', 10000);
  // The package's own board, moved alongside the page's.
  await b.run('window.__ref = new window.ffishlib.Board("humpty")');
}

async function play(b, o, report) {
  const next = rng(o.seed);
  for (let ply = 0; ply < o.plies; ply++) {
    const legal = (await b.run('return window.__ref.legalMoves()'))
      .split(' ').filter(Boolean);
    if (legal.length === 0) break;
    // No promotions (they open fairyground's chooser); checks first, so
    // the check mark is seen.
    const plain = legal.filter((m) => m.length === 4);
    const checks = await b.run(`return arguments[0].filter((m) => { const t = new window.ffishlib.Board('humpty', window.__ref.fen());
      t.push(m); const c = t.isCheck(); t.delete(); return c; })`, plain);
    const pool = checks.length && next() < 0.7 ? checks : plain;
    if (pool.length === 0) break;
    const move = pool[Math.floor(next() * pool.length)];
    const [from, to] = [move.slice(0, 2), move.slice(2, 4)];
    let state = await b.run(PAGE);
    await b.click(...center(state.rect, from));
    // The marks are drawn once the page has handled the click.
    await b.until(`return document.querySelectorAll('.cg-wrap.manipulable cg-board square.move-dest').length > 0`,
      'legal-square marks', 3000).catch(() => {});
    state = await b.run(PAGE);
    const want = [...new Set(legal.filter((m) => m.startsWith(from)).map((m) => m.slice(2, 4)))].sort();
    if (JSON.stringify(state.dests) !== JSON.stringify(want)) {
      report.problems.push(`ply ${ply} ${from}: marks ${state.dests.join(',')} but legal ${want.join(',')}`);
    }
    report.destsCompared += 1;
    await b.click(...center(state.rect, to));
    await b.run('window.__ref.push(arguments[0])', move);
    // Wait for the page to settle: its men as the package's, and the check
    // mark drawn when there is a check (chessground draws after animating).
    await b.until(`const page = (() => { ${PAGE} })();
      const want = (() => { ${REF_MEN} })();
      return JSON.stringify(page.men) === JSON.stringify(want)
        && (page.check.length > 0) === window.__ref.isCheck()`,
      `the board after ${move}`, 3000).catch(() => {});
    state = await b.run(PAGE);
    const refMen = await b.run(REF_MEN);
    if (JSON.stringify(state.men) !== JSON.stringify(refMen)) {
      report.problems.push(`ply ${ply} after ${move}: the page's men differ from the package's`);
    }
    report.moves.push(move);
    if (await b.run('return window.__ref.isCheck()')) {
      const king = await b.run('return window.__ref.checkedPieces()');
      report.checks += 1;
      if (JSON.stringify(state.check) !== JSON.stringify([king])) {
        report.problems.push(`ply ${ply} after ${move}: check marked on ${state.check.join(',') || 'nothing'}, King on ${king}`);
      }
    }
  }
}

async function main() {
  const o = options(process.argv.slice(2));
  const srv = await serveFolder(path.join(o.dir, 'public'));
  const b = await Browser.start({ width: 1400, height: 1400 });
  const report = { moves: [], destsCompared: 0, checks: 0, problems: [], pageErrors: [], missingFiles: [] };
  try {
    await setUp(b, `${srv.url}index.html`);
    report.variants = await b.run('return window.ffishlib.variants()');
    await b.run('document.querySelector(".cg-wrap.manipulable").scrollIntoView()');
    await play(b, o, report);
    report.fen = await b.run('return window.__ref.fen()');
    for (const e of await b.logs()) {
      if (e.level !== 'SEVERE') continue;
      if (e.source === 'network') report.missingFiles.push(e.message);
      else report.pageErrors.push(e.message);
    }
    if (o.shot) writeFileSync(o.shot, await b.screenshot());
  } finally {
    await b.quit();
    srv.close();
  }
  console.log(JSON.stringify(report, null, 1));
  const ok = report.problems.length === 0 && report.pageErrors.length === 0 && report.moves.length > 0;
  console.log(ok ? `fairyground played ${report.moves.length} plies on humpty's package: legal marks equal the package's on ${report.destsCompared} clicks, ${report.checks} checks marked on the King`
    : 'fairyground differs from the package: see problems and pageErrors above');
  process.exit(ok ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
