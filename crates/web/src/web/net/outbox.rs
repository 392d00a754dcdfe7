//! The queue of one event stream to its client, bounded in bytes: a page
//! that stops reading (a sleeping laptop, a hostile script) holds at most
//! `MAX_STREAM_BYTES` of the server's memory. Past the bound the stream is
//! closed; a page reconnects on its own and is sent the whole state.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::mpsc;
use tokio_stream::Stream;

/// Most bytes an event stream keeps waiting for its client.
pub(crate) const MAX_STREAM_BYTES: usize = 1 << 20;

/// The client of a stream has left, or fell too far behind.
#[derive(Debug)]
pub(crate) struct ClientLeft;

/// The writing end of a stream.
pub(crate) struct Outbox {
    tx: mpsc::Sender<String>,
    queued: Arc<AtomicUsize>,
}

/// The end the network side sends from.
pub(crate) struct Inbox {
    rx: mpsc::Receiver<String>,
    queued: Arc<AtomicUsize>,
}

/// A stream of at most `events` waiting events and `MAX_STREAM_BYTES`.
pub(crate) fn outbox(events: usize) -> (Outbox, Inbox) {
    let (tx, rx) = mpsc::channel(events.max(1));
    let queued = Arc::new(AtomicUsize::new(0));
    let inbox = Inbox {
        rx,
        queued: Arc::clone(&queued),
    };
    (Outbox { tx, queued }, inbox)
}

impl Outbox {
    /// Count `n` more bytes waiting, unless that passes the bound.
    fn reserve(&self, n: usize) -> Result<(), ClientLeft> {
        let before = self.queued.fetch_add(n, Ordering::SeqCst);
        if before + n > MAX_STREAM_BYTES {
            self.queued.fetch_sub(n, Ordering::SeqCst);
            return Err(ClientLeft);
        }
        Ok(())
    }

    /// Queue one event (from async code), waiting while the queue is full.
    pub(crate) async fn send(&self, text: String) -> Result<(), ClientLeft> {
        self.reserve(text.len())?;
        self.tx.send(text).await.map_err(|_| ClientLeft)
    }

    /// Queue one event from a blocking thread.
    pub(crate) fn blocking_send(&self, text: String) -> Result<(), ClientLeft> {
        self.reserve(text.len())?;
        self.tx.blocking_send(text).map_err(|_| ClientLeft)
    }

    /// Bytes waiting now (what the tests watch).
    #[cfg(test)]
    pub(crate) fn queued(&self) -> usize {
        self.queued.load(Ordering::SeqCst)
    }
}

impl Inbox {
    /// The events as the network side takes them; each stops counting
    /// once taken.
    pub(crate) fn into_stream(self) -> impl Stream<Item = Vec<u8>> + Send + 'static {
        use tokio_stream::StreamExt;
        let queued = self.queued;
        tokio_stream::wrappers::ReceiverStream::new(self.rx).map(move |text| {
            queued.fetch_sub(text.len(), Ordering::SeqCst);
            text.into_bytes()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reader_that_never_reads_holds_at_most_the_bound() {
        let (out, _inbox) = outbox(1000);
        let event = "x".repeat(100_000);
        let mut sent = 0;
        while out.blocking_send(event.clone()).is_ok() {
            sent += 1;
            assert!(sent < 1000, "the bound never came");
        }
        assert_eq!(sent, MAX_STREAM_BYTES / 100_000);
        assert!(out.queued() <= MAX_STREAM_BYTES);
    }

    #[test]
    fn taken_events_free_their_bytes() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        rt.block_on(async {
            use tokio_stream::StreamExt;
            let (out, inbox) = outbox(4);
            let mut stream = Box::pin(inbox.into_stream());
            for _ in 0..50 {
                out.send("y".repeat(300_000)).await.unwrap();
                assert_eq!(stream.next().await.unwrap().len(), 300_000);
            }
            assert_eq!(out.queued(), 0);
        });
    }
}
