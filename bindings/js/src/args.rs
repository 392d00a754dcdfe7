//! Arguments as JavaScript sends them: any value at all. A parameter
//! declared `&str` let wasm-bindgen's glue read a number, object, Symbol or
//! BigInt as a string's memory and end in a trap, and read a function as
//! ""; so every string arrives as a `JsValue`, and anything but a string is
//! a `TypeError` naming the argument and what it was.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// JavaScript's own `TypeError`.
    #[wasm_bindgen(js_name = TypeError)]
    pub type TypeError;

    #[wasm_bindgen(constructor, js_class = "TypeError")]
    fn new(message: &str) -> TypeError;

    /// `Reflect.get`, to read an enum object's `value`.
    #[wasm_bindgen(js_namespace = Reflect, js_name = get, catch)]
    fn reflect_get(target: &JsValue, key: &JsValue) -> Result<JsValue, JsValue>;
}

/// A `TypeError` with this message, to throw.
pub(crate) fn type_error(message: &str) -> JsValue {
    TypeError::new(message).into()
}

/// The string `value`, or a `TypeError` naming `what`.
pub(crate) fn text(value: &JsValue, what: &str) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| {
        let kind = value.js_typeof().as_string().unwrap_or_default();
        let kind = if value.is_null() { "null" } else { &kind };
        type_error(&format!("{what} must be a string, not {kind}"))
    })
}

/// A string that may be left out (`undefined` or `null`).
pub(crate) fn optional_text(value: &JsValue, what: &str) -> Result<Option<String>, JsValue> {
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else {
        text(value, what).map(Some)
    }
}

/// A variant argument: left out, `""` (ffish's default variant) or
/// `"humpty"`; another name is an `Error` naming the variants known.
pub(crate) fn check_variant(value: &JsValue) -> Result<(), JsValue> {
    let name = optional_text(value, "variant")?.filter(|v| !v.is_empty());
    humpty_compat::check_variant(name.as_deref().unwrap_or(humpty_compat::VARIANT))
        .map_err(|e| crate::js_error(e).into())
}

/// A notation argument as ffish clients pass it: left out (ffish's
/// default argument, SAN), a code, or one of ffish's enum objects
/// (`Notation.SAN`, whose `value` is the code).
pub(crate) fn notation_code(value: &JsValue) -> Result<i64, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(1);
    }
    let code = if value.is_object() {
        reflect_get(value, &JsValue::from_str("value"))?
    } else {
        value.clone()
    };
    match code.as_f64() {
        Some(n) if n.fract() == 0.0 && (-1e9..=1e9).contains(&n) => Ok(n as i64),
        _ => Err(type_error(
            "notation must be a Notation (ffish's enum object) or its code",
        )),
    }
}
