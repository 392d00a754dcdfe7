// `npm run build`: compile the rules (and the engine) to WebAssembly and
// generate their ES modules with wasm-bindgen. Needs Rust with the
// wasm32-unknown-unknown target and wasm-bindgen-cli 0.2.130 (README.md).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const target = path.join(root, 'target', 'wasm32-unknown-unknown', 'wasm');

function run(cmd, args) {
  try {
    execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
  } catch (e) {
    const hint = e.code === 'ENOENT' ? ` (${cmd} is not installed: see bindings/js/README.md)` : '';
    console.error(`build failed: ${cmd} ${args.join(' ')}${hint}`);
    process.exit(1);
  }
}

const crates = [
  ['humpty-js', 'humpty_js', 'humpty_rules'],
  ['humpty-js-engine', 'humpty_js_engine', 'humpty_engine'],
];
for (const [pkg] of crates) {
  run('cargo', ['build', '-p', pkg, '--target', 'wasm32-unknown-unknown', '--profile', 'wasm']);
}
for (const [, lib, name] of crates) {
  run('wasm-bindgen', ['--target', 'web', '--out-dir', path.join(here, 'pkg'), '--out-name', name,
    path.join(target, `${lib}.wasm`)]);
}
