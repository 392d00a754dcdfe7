//! What both puzzle pages must show the same way (the served trainer and
//! the static one, issue 45): the states' buttons, the themes by name with
//! their lines, plain facts not in error red, and the rating chart.

use super::webdriver::Browser;
use serde_json::json;

/// The colour of an element's text, as Chromium computes it.
fn color_of(browser: &Browser, id: &str) -> String {
    browser
        .js(&format!(
            "return getComputedStyle(document.getElementById('{id}')).color"
        ))
        .as_str()
        .unwrap()
        .to_string()
}

/// The error red of `.message` (rgb(187, 0, 0)) is only for what went wrong.
pub fn is_not_red(browser: &Browser, id: &str) {
    let color = color_of(browser, id);
    assert_ne!(color, "rgb(187, 0, 0)", "#{id} is a plain fact in red");
}

/// An attempt that is over: Hint and the solution are disabled, Retry is
/// offered, no hint mark stays, the themes are listed by name with a line
/// each (no theme code shows).
pub fn over_state_is_shown(browser: &Browser) {
    let state = browser.js(
        "return [document.getElementById('p-hint').disabled, document.getElementById('p-solution').disabled, document.getElementById('p-retry').hidden]",
    );
    assert_eq!(state, json!([true, true, false]), "hint, solution, retry");
    let themes = browser.js(
        "return [...document.querySelectorAll('#p-themes li')].map(li => [li.querySelector('b').textContent, li.textContent])",
    );
    let themes = themes.as_array().unwrap();
    assert!(!themes.is_empty(), "the themes are listed");
    for t in themes {
        let (name, line) = (t[0].as_str().unwrap(), t[1].as_str().unwrap());
        assert!(
            name.starts_with(|c: char| c.is_ascii_uppercase()),
            "a name, not a code: {name}"
        );
        assert!(
            line.len() > name.len() + 10,
            "a line of description: {line}"
        );
    }
    is_not_red(browser, "p-about");
}

/// A new or retried attempt: no hint mark, no old message, no themes.
pub fn fresh_state_is_shown(browser: &Browser) {
    let stale = browser.js(
        "return [document.querySelectorAll('#board .sq.selected').length, document.getElementById('p-message').textContent, document.querySelectorAll('#p-themes li').length]",
    );
    assert_eq!(stale, json!([0, "", 0]), "marks, message, themes");
}

/// The rating chart: one point per rated attempt, each with its value on
/// hover, and the axes' labels.
pub fn rating_chart_has(browser: &Browser, attempts: usize) {
    browser.wait_for(
        "the rating chart",
        &format!("return document.querySelectorAll('#p-plot circle').length === {attempts}"),
    );
    let labels = browser.js(
        "return [[...document.querySelectorAll('#p-plot circle title')].map(t => t.textContent), [...document.querySelectorAll('#p-plot text')].map(t => t.textContent)]",
    );
    let hover = labels[0].as_array().unwrap();
    for (i, t) in hover.iter().enumerate() {
        let t = t.as_str().unwrap();
        assert!(t.starts_with(&format!("Attempt {}: ", i + 1)), "{t}");
    }
    let axis = labels[1].as_array().unwrap();
    let count = if attempts == 1 {
        "1 rated attempt".to_string()
    } else {
        format!("{attempts} rated attempts")
    };
    assert!(axis.contains(&json!(count)), "{axis:?}");
    let size = browser.js("const r = document.getElementById('p-plot').getBoundingClientRect(); return [r.width, r.height]");
    assert!(size[0].as_f64().unwrap() >= 200.0, "chart of {size}");
}
