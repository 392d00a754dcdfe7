//! Embed the WebAssembly builds of bindings/js (the rules and the worker
//! engine) in the binary when they have been built (`cd bindings/js && npm
//! run build`), so `humpty site` can write a board that needs no server and
//! `humpty serve` can offer analysis in the browser. Without them the
//! binary builds as before and says how to get them.
//!
//! The page's own files are listed here too, from the folder that holds
//! them (src/web/page/assets, and its site/ for the static board), so no
//! hand-kept list can miss one.

use std::fmt::Write as _;
use std::path::Path;

/// The generated files of `npm run build`, by their name in `pkg/`.
const PKG: [&str; 4] = [
    "humpty_rules.js",
    "humpty_rules_bg.wasm",
    "humpty_engine.js",
    "humpty_engine_bg.wasm",
];

/// `page_assets.rs`: every file of the assets folder (`PAGE_FILES`) and of
/// its site/ folder (`SITE_FILES`), as (name, bytes), sorted by name.
fn list_page_assets(manifest: &Path, out: &Path) {
    let assets = manifest.join("src/web/page/assets");
    println!("cargo:rerun-if-changed={}", assets.display());
    let mut code = String::new();
    for (name, dir) in [
        ("PAGE_FILES", assets.clone()),
        ("SITE_FILES", assets.join("site")),
    ] {
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
            .flatten()
            .filter(|e| e.path().is_file())
            .filter_map(|e| e.file_name().to_str().map(String::from))
            .collect();
        files.sort();
        let _ = writeln!(code, "/// The files of `{}`: (name, bytes).", dir.display());
        let _ = writeln!(code, "pub(crate) const {name}: &[(&str, &[u8])] = &[");
        for f in files {
            let path = dir.join(&f).display().to_string();
            let _ = writeln!(code, "    ({f:?}, include_bytes!({path:?})),");
        }
        code.push_str("];\n");
    }
    if let Err(e) = std::fs::write(out.join("page_assets.rs"), code) {
        panic!("cannot write page_assets.rs: {e}");
    }
}

fn main() {
    let out_dir = std::env::var("OUT_DIR").unwrap_or_default();
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    list_page_assets(Path::new(&manifest_dir), Path::new(&out_dir));
    // This crate is crates/web; the package is at the workspace's root.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let root = Path::new(&manifest).join("../..");
    let pkg = root.join("bindings/js/pkg");
    // Cargo counts a path that does not exist as changed, so watching the
    // missing pkg/ made every build of a fresh clone run this again and
    // relink. Without it, the folder that will hold it is watched (its
    // scan sees pkg/ appear); with it, pkg/ and its files.
    if pkg.is_dir() {
        println!("cargo:rerun-if-changed={}", pkg.display());
    } else {
        println!(
            "cargo:rerun-if-changed={}",
            root.join("bindings/js").display()
        );
    }
    let present = PKG.iter().all(|f| pkg.join(f).is_file());
    let mut code =
        String::from("/// The WebAssembly package's built files: (name in pkg/, bytes).\n");
    code.push_str("pub(crate) const WASM_PKG: &[(&str, &[u8])] = &[\n");
    for f in PKG {
        let path = pkg.join(f);
        if path.is_file() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
        if present {
            let _ = writeln!(
                code,
                "    ({f:?}, include_bytes!({:?})),",
                path.display().to_string()
            );
        }
    }
    code.push_str("];\n");
    let out = std::env::var("OUT_DIR").unwrap_or_default();
    if let Err(e) = std::fs::write(Path::new(&out).join("wasm_pkg.rs"), code) {
        panic!("cannot write wasm_pkg.rs: {e}");
    }
}
