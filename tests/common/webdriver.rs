//! A WebDriver client for the browser tests: chromedriver driving Debian's
//! chromium, headless (`apt-get install chromium chromium-driver`).

#![allow(dead_code)]

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A chromedriver process and one browser session in it.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
    /// A script whose answer a timed-out wait shows (what the page says).
    pub diagnostic: &'static str,
}

/// Wait (20 s at most) until something listens on `port` of loopback.
pub fn wait_for_port(port: u16, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "{what} did not start");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A free port on loopback.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// One WebDriver call; returns the `value` of the answer.
pub fn wd(port: u16, method: &str, path: &str, body: Option<Value>) -> Value {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    if std::env::var_os("HUMPTY_WD_TRACE").is_some() {
        eprintln!(
            "wd {method} {path} {}",
            body.chars().take(120).collect::<String>()
        );
    }
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("chromedriver answers");
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let rest = read_answer(&mut s);
    let v: Value = serde_json::from_str(&rest).unwrap_or_else(|e| panic!("{e}: {rest}"));
    if let Some(err) = v["value"]["error"].as_str() {
        panic!(
            "WebDriver {method} {path}: {err}: {}",
            v["value"]["message"]
        );
    }
    v["value"].clone()
}

/// Read one HTTP answer's body: by Content-Length, chunked, or to the end.
fn read_answer(s: &mut TcpStream) -> String {
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        let n = s.read(&mut buf).unwrap();
        raw.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&raw).into_owned();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let lower = head.to_ascii_lowercase();
            let length = lower
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse::<usize>().ok());
            match length {
                Some(len) if body.len() >= len => return body[..len].to_string(),
                None if lower.contains("transfer-encoding: chunked")
                    && body.ends_with("0\r\n\r\n") =>
                {
                    return dechunk(body)
                }
                _ => {}
            }
        }
        if n == 0 {
            let text = String::from_utf8_lossy(&raw).into_owned();
            return text
                .split_once("\r\n\r\n")
                .map_or(String::new(), |x| x.1.to_string());
        }
    }
}

fn dechunk(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&tail[..n]);
        rest = &tail[n + 2..];
    }
    out
}

impl Browser {
    /// Start chromedriver and a headless chromium session.
    pub fn start() -> Browser {
        let port = free_port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver (apt-get install chromium chromium-driver)");
        wait_for_port(port, "chromedriver");
        let mut options = json!({"args": [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--window-size=1400,1000", "--hide-scrollbars"
        ]});
        if std::path::Path::new("/usr/bin/chromium").exists() {
            options["binary"] = json!("/usr/bin/chromium");
        }
        let caps = json!({"capabilities": {"alwaysMatch": {"goog:chromeOptions": options}}});
        let v = wd(port, "POST", "/session", Some(caps));
        let session = v["sessionId"].as_str().expect("a session").to_string();
        Browser {
            driver,
            port,
            session,
            diagnostic: "return document.title",
        }
    }

    /// A call on this session.
    pub fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        wd(
            self.port,
            method,
            &format!("/session/{}{path}", self.session),
            body,
        )
    }

    /// Run `script` in the page; its answer.
    pub fn js(&self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
    }

    /// Wait until `script` returns something truthy; returns it.
    pub fn wait_for(&self, what: &str, script: &str) -> Value {
        self.wait_for_within(what, script, Duration::from_secs(30))
    }

    /// `wait_for` with its own patience (long work: a review).
    pub fn wait_for_within(&self, what: &str, script: &str, patience: Duration) -> Value {
        let deadline = Instant::now() + patience;
        loop {
            let v = self.js(script);
            if !(v.is_null() || v == json!(false) || v == json!(0) || v == json!("")) {
                return v;
            }
            if Instant::now() >= deadline {
                let page = self.js(self.diagnostic);
                panic!("timed out waiting for {what}; the page shows {page}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Save what the page shows as `name` (a PNG) in the tests' folder
    /// (`CARGO_TARGET_TMPDIR`), to be looked at.
    pub fn save_screenshot(&self, name: &str) {
        let shot = self.call("GET", "/screenshot", None);
        let png = decode_base64(shot.as_str().unwrap_or_default());
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
        std::fs::write(dir.join(name), &png).expect("the screenshot is written");
    }

    /// Click the element matching `css`.
    pub fn click(&self, css: &str) {
        let el = self.call(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        let id = el
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .expect("element id")
            .to_string();
        self.call("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    /// Drag from the centre of one element to the centre of another with
    /// the mouse (WebDriver actions: press, move in steps, release).
    pub fn drag(&self, from_css: &str, to_css: &str) {
        let centre = |css: &str| {
            let v = self.js(&format!(
                "const r = document.querySelector(\"{css}\").getBoundingClientRect(); return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)]"
            ));
            (v[0].as_i64().unwrap(), v[1].as_i64().unwrap())
        };
        let ((x0, y0), (x1, y1)) = (centre(from_css), centre(to_css));
        let mut steps = vec![
            json!({"type": "pointerMove", "x": x0, "y": y0, "duration": 0}),
            json!({"type": "pointerDown", "button": 0}),
        ];
        for i in 1..=5 {
            steps.push(json!({"type": "pointerMove", "duration": 20,
                "x": x0 + (x1 - x0) * i / 5, "y": y0 + (y1 - y0) * i / 5}));
        }
        steps.push(json!({"type": "pointerUp", "button": 0}));
        let actions = json!({"actions": [{"type": "pointer", "id": "mouse",
            "parameters": {"pointerType": "mouse"}, "actions": steps}]});
        self.call("POST", "/actions", Some(actions));
        self.call("DELETE", "/actions", None);
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = std::panic::catch_unwind(|| {
            wd(
                self.port,
                "DELETE",
                &format!("/session/{}", self.session),
                None,
            )
        });
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// A screenshot's base64 as bytes.
pub fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let digits: Vec<u8> = text.bytes().filter_map(value).collect();
    digits
        .chunks(4)
        .flat_map(|c| {
            let n = c.iter().fold(0u32, |acc, &d| acc << 6 | d as u32) << (6 * (4 - c.len()));
            let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
            bytes[..c.len().saturating_sub(1)].to_vec()
        })
        .collect()
}
