//! The network's edge, below every game: HTTP replies and API errors
//! (`http`), the bounded per-page queues that stream events (`outbox`), and
//! who may ask what how often (`guard`).

pub(crate) mod guard;
pub(crate) mod http;
pub(crate) mod outbox;
