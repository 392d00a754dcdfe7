//! The top of the server: the network side on hyper and tokio (`front`)
//! and the JSON API it hands each request to (`routes`). Nothing below
//! imports this folder.

pub(crate) mod front;
pub(crate) mod routes;
