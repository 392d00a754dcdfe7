//! `humpty site DIR` served by Python's plain static file server, for the
//! browser tests of the static board: no humpty process runs.

use super::webdriver::{free_port, wait_for_port};
use std::process::{Child, Command, Stdio};

/// A site folder and the server of it, both gone when dropped.
pub struct StaticServer {
    child: Child,
    port: u16,
    dir: std::path::PathBuf,
}

impl StaticServer {
    /// Write the site (`humpty site DIR` and `extra` arguments) and serve it.
    pub fn start(extra: &[&std::ffi::OsStr]) -> StaticServer {
        let dir = std::env::temp_dir().join(format!("humpty-site-{}", free_port()));
        let status = Command::new(env!("CARGO_BIN_EXE_humpty"))
            .arg("site")
            .arg(&dir)
            .args(extra)
            .status()
            .expect("humpty site runs");
        assert!(
            status.success(),
            "humpty site failed (was bindings/js built?)"
        );
        let port = free_port();
        let child = Command::new("python3")
            .args([
                "-m",
                "http.server",
                &port.to_string(),
                "--bind",
                "127.0.0.1",
                "-d",
            ])
            .arg(&dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3");
        wait_for_port(port, "the static server");
        StaticServer { child, port, dir }
    }

    /// The site's address.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
