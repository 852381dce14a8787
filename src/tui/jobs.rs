//! Background jobs, latest request wins (after gitui's `AsyncSingleJob`): one worker
//! thread per job kind runs one request at a time and keeps at most one pending, which a
//! newer request replaces. Requests carry the id the app gave them; results come back to
//! the main loop as `Action`s with that id, and the app drops those it no longer waits
//! for. The UI thread never waits on a job.

use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;

/// The kinds of background work, one worker each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum JobKind {
    /// Reading the study's files.
    Load,
    /// Syntax highlighting of RTL texts.
    Highlight,
    /// Fuzzy search for the finder.
    Find,
    /// Truth tables of the audit screen.
    Truth,
    /// Scoring a raw study's generations (under the current oracle).
    Score,
    /// The dashboard's metrics and bootstrap intervals.
    Metrics,
}

impl JobKind {
    pub fn name(self) -> &'static str {
        match self {
            JobKind::Load => "loading",
            JobKind::Highlight => "highlighting",
            JobKind::Find => "searching",
            JobKind::Truth => "truth table",
            JobKind::Score => "scoring",
            JobKind::Metrics => "computing metrics",
        }
    }
}

struct Slot<R> {
    pending: Option<R>,
    closed: bool,
}

struct Shared<R> {
    slot: Mutex<Slot<R>>,
    wake: Condvar,
}

/// What a running job can ask about its own request.
pub struct Ticket<R> {
    shared: Arc<Shared<R>>,
}

impl<R> Ticket<R> {
    /// Whether a newer request is waiting, so the running one may stop early.
    pub fn superseded(&self) -> bool {
        let slot = self
            .shared
            .slot
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        slot.pending.is_some() || slot.closed
    }
}

/// One worker thread for requests of type `R`.
pub struct Worker<R: Send + 'static> {
    shared: Arc<Shared<R>>,
    handle: Option<JoinHandle<()>>,
}

impl<R: Send + 'static> Worker<R> {
    /// Starts a worker that calls `run` for each request it takes.
    pub fn spawn(name: &str, mut run: impl FnMut(&Ticket<R>, R) + Send + 'static) -> Worker<R> {
        let shared = Arc::new(Shared {
            slot: Mutex::new(Slot {
                pending: None,
                closed: false,
            }),
            wake: Condvar::new(),
        });
        let ticket = Ticket {
            shared: Arc::clone(&shared),
        };
        let handle = std::thread::Builder::new()
            .name(format!("flipscope-{name}"))
            .spawn(move || {
                loop {
                    let request = {
                        let mut slot = ticket
                            .shared
                            .slot
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner);
                        loop {
                            if slot.closed {
                                return;
                            }
                            if let Some(r) = slot.pending.take() {
                                break r;
                            }
                            slot = ticket
                                .shared
                                .wake
                                .wait(slot)
                                .unwrap_or_else(PoisonError::into_inner);
                        }
                    };
                    run(&ticket, request);
                }
            })
            .expect("spawn a worker thread");
        Worker {
            shared,
            handle: Some(handle),
        }
    }

    /// Queues `request`, replacing any request still pending (not the running one).
    pub fn request(&self, request: R) {
        let mut slot = self
            .shared
            .slot
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        slot.pending = Some(request);
        self.shared.wake.notify_one();
    }
}

impl<R: Send + 'static> Drop for Worker<R> {
    fn drop(&mut self) {
        let mut slot = self
            .shared
            .slot
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        slot.closed = true;
        slot.pending = None;
        self.shared.wake.notify_one();
        drop(slot);
        // A job stuck in a long run is left to finish on its own: quitting never waits.
        if let Some(handle) = self.handle.take()
            && handle.is_finished()
        {
            let _ = handle.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn the_latest_request_wins() {
        let (gate_tx, gate_rx) = mpsc::channel::<()>();
        let (out_tx, out_rx) = mpsc::channel::<u32>();
        let worker = Worker::spawn("test", move |_t: &Ticket<u32>, n: u32| {
            if n == 1 {
                // Hold the first job until the test has queued the others.
                gate_rx.recv().unwrap();
            }
            out_tx.send(n).unwrap();
        });
        worker.request(1);
        // Wait until job 1 runs (the slot is empty again), then queue 2, 3, 4.
        while worker.shared.slot.lock().unwrap().pending.is_some() {
            std::thread::yield_now();
        }
        worker.request(2);
        worker.request(3);
        worker.request(4);
        gate_tx.send(()).unwrap();
        assert_eq!(out_rx.recv().unwrap(), 1);
        assert_eq!(out_rx.recv().unwrap(), 4);
        drop(worker);
        assert!(
            out_rx.recv().is_err(),
            "2 and 3 were replaced, nothing else runs"
        );
    }

    #[test]
    fn a_running_job_sees_that_it_is_superseded() {
        let (gate_tx, gate_rx) = mpsc::channel::<()>();
        let (out_tx, out_rx) = mpsc::channel::<(u32, bool)>();
        let worker = Worker::spawn("test", move |t: &Ticket<u32>, n: u32| {
            if n == 1 {
                gate_rx.recv().unwrap();
            }
            out_tx.send((n, t.superseded())).unwrap();
        });
        worker.request(1);
        while worker.shared.slot.lock().unwrap().pending.is_some() {
            std::thread::yield_now();
        }
        worker.request(2);
        gate_tx.send(()).unwrap();
        assert_eq!(out_rx.recv().unwrap(), (1, true));
        assert_eq!(out_rx.recv().unwrap(), (2, false));
    }
}
