// A small W3C WebDriver client over fetch (node >= 18), enough to drive
// headless chromium through chromedriver: used by tools/fairyground.mjs.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A chromedriver process and one headless chromium session. */
export class Browser {
  /** `mobile: { width, height }` emulates a phone's viewport (chromium's
   * windows are at least 500 px wide). */
  static async start({ width = 1400, height = 1000, mobile = null } = {}) {
    const port = await freePort();
    const driver = spawn('chromedriver', [`--port=${port}`], { stdio: 'ignore' });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/status`)).ok) break;
      } catch {
        if (i > 100) throw new Error('chromedriver did not start');
      }
      await sleep(100);
    }
    const caps = {
      browserName: 'chrome',
      'goog:chromeOptions': {
        binary: process.env.CHROMIUM || '/usr/bin/chromium',
        args: ['--headless=new', '--no-sandbox', '--disable-gpu', `--window-size=${width},${height}`],
        ...(mobile ? { mobileEmulation: { deviceMetrics: { ...mobile, pixelRatio: 1, touch: true } } } : {}),
      },
      'goog:loggingPrefs': { browser: 'ALL' },
    };
    const b = new Browser(driver, base);
    const res = await b.call('POST', '/session', { capabilities: { alwaysMatch: caps } });
    b.session = `/session/${res.sessionId}`;
    return b;
  }

  constructor(driver, base) {
    this.driver = driver;
    this.base = base;
  }

  async call(method, path, body) {
    const res = await fetch(this.base + path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json.value)}`);
    return json.value;
  }

  go(url) {
    return this.call('POST', `${this.session}/url`, { url });
  }

  /** Runs `script` (a function body) in the page with `args`. */
  run(script, ...args) {
    return this.call('POST', `${this.session}/execute/sync`, { script, args });
  }

  /** Waits until `script` returns something truthy; returns it. */
  async until(script, what, ms = 20000) {
    const end = Date.now() + ms;
    for (;;) {
      const v = await this.run(script);
      if (v) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await sleep(100);
    }
  }

  /** A left click at page coordinates. */
  click(x, y) {
    const pointer = {
      type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' },
      actions: [
        { type: 'pointerMove', duration: 0, x: Math.round(x), y: Math.round(y), origin: 'viewport' },
        { type: 'pointerDown', button: 0 },
        { type: 'pointerUp', button: 0 },
      ],
    };
    return this.call('POST', `${this.session}/actions`, { actions: [pointer] });
  }

  /** The browser console's entries since the last call (chromedriver's log). */
  logs() {
    return this.call('POST', `${this.session}/se/log`, { type: 'browser' });
  }

  /** A PNG screenshot of the window, as a Buffer. */
  async screenshot() {
    return Buffer.from(await this.call('GET', `${this.session}/screenshot`), 'base64');
  }

  async quit() {
    try {
      await this.call('DELETE', this.session);
    } finally {
      this.driver.kill();
    }
  }
}

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.nnue': 'application/octet-stream',
};

/**
 * Serves `dir` on 127.0.0.1 with the cross-origin isolation headers that
 * pages using SharedArrayBuffer need (fairyground's serve.json sets them).
 * Resolves to { url, close }.
 */
export async function serveFolder(dir) {
  const { createServer: httpServer } = await import('node:http');
  const { readFile } = await import('node:fs/promises');
  const path = await import('node:path');
  const root = path.resolve(dir);
  const server = httpServer(async (req, res) => {
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(root, rel.endsWith('/') ? `${rel}index.html` : rel);
    const headers = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    };
    if (!file.startsWith(root)) {
      res.writeHead(403, headers).end();
      return;
    }
    try {
      const body = await readFile(file);
      headers['content-type'] = TYPES[path.extname(file)] || 'application/octet-stream';
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404, headers).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

/** The WebDriver id of the first element matching a CSS selector. */
Browser.prototype.find = async function find(css) {
  const el = await this.call('POST', `${this.session}/element`, { using: 'css selector', value: css });
  return Object.values(el)[0];
};

/** Types `text` into an element (a file path for `<input type=file>`). */
Browser.prototype.type = async function type(css, text) {
  const id = await this.find(css);
  return this.call('POST', `${this.session}/element/${id}/value`, { text });
};
