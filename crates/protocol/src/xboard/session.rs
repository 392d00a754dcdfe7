//! An XBoard session: lines in, lines out, on a channel shared with search
//! results, driven in-process (tests, fuzzing) or from stdin.

use super::state::{Event, Xboard};
use crate::engine::Engine;
use crate::input::Input;
use crate::output::Output;
use std::sync::mpsc::{channel, Receiver};

/// An XBoard session driven in-process: lines in, lines out through the
/// session's `Output`. `run` drives one from a reader; tests and fuzzing
/// drive one line by line.
pub struct Session {
    xb: Xboard,
    events: Receiver<Event>,
}

impl Session {
    /// A new session writing to `out`, around `engine`.
    pub fn new(engine: Engine, out: Output) -> Session {
        let (tx, rx) = channel();
        let xb = Xboard::new(engine, tx, out);
        Session { xb, events: rx }
    }

    /// Handle one input line (and any search that finished meanwhile);
    /// false once the session has quit.
    pub fn input(&mut self, item: Input) -> bool {
        self.poll();
        self.line(item)
    }

    fn line(&mut self, item: Input) -> bool {
        match item {
            Input::Line(line) => self.xb.handle(&line),
            bad => {
                let what = bad.problem().unwrap_or("");
                self.xb.send(&format!("Error ({what}): line ignored"));
                true
            }
        }
    }

    /// Apply the results of searches that have finished.
    pub fn poll(&mut self) {
        while let Ok(event) = self.events.try_recv() {
            self.event(event);
        }
    }

    fn event(&mut self, event: Event) -> bool {
        match event {
            Event::Line(l) => self.xb.handle(&l),
            Event::Bad(item) => self.line(item),
            Event::Done(g, r) => {
                self.xb.search_done(g, r);
                true
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.xb.engine.stop();
    }
}

/// Run the CECP loop until `quit` or the end of `input`, writing to `out`.
/// Lines and finished searches arrive on one channel, so the engine can
/// play its own move as soon as a search ends.
pub fn run(input: impl Iterator<Item = Input> + Send + 'static, out: Output) {
    let mut session = Session::new(Engine::new(), out);
    let reader = session.xb.events.clone();
    std::thread::spawn(move || {
        for item in input {
            let event = match item {
                Input::Line(l) => Event::Line(l),
                bad => Event::Bad(bad),
            };
            if reader.send(event).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::Line("quit".into()));
    });
    while let Ok(event) = session.events.recv() {
        if !session.event(event) {
            break;
        }
    }
}
