//! Deep stacks for sv-parser: its parser, its preprocessor and the drop of its syntax
//! trees recurse once or more per level of nesting, so every parse runs on a thread
//! with a large stack (the limits of [`super::limits`] keep the depth bounded; this
//! keeps that bound far from the stack's end on every caller's thread, the TUI's
//! workers and a fuzzer's main thread included).

use std::cell::Cell;

/// Stack size of the threads that parse RTL (address space, committed only as used).
pub const STACK_BYTES: usize = 64 * 1024 * 1024;

thread_local! {
    static DEEP: Cell<bool> = const { Cell::new(false) };
}

/// Marks the current thread as having a stack of [`STACK_BYTES`] (a pool built with
/// that stack size calls this from its start handler).
pub fn mark_deep() {
    DEEP.with(|d| d.set(true));
}

/// Runs `f` on a stack of [`STACK_BYTES`]: here when this thread has one, else on a
/// scoped thread that has one (or here, when no thread can be started). A panic in
/// `f` is passed on to the caller.
pub fn on_deep_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    if DEEP.with(Cell::get) {
        return f();
    }
    let mut f = Some(f);
    let spawned = std::thread::scope(|scope| {
        let job = &mut f;
        let handle = std::thread::Builder::new()
            .name("flipscope-rtl".into())
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, move || {
                mark_deep();
                job.take().map(|f| f())
            });
        handle.ok().map(|h| match h.join() {
            Ok(value) => value,
            Err(panic) => std::panic::resume_unwind(panic),
        })
    });
    match (spawned.flatten(), f) {
        (Some(value), _) => value,
        (None, Some(f)) => f(),
        (None, None) => unreachable!("the job ran and returned a value"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth(n: usize) -> usize {
        let pad = std::hint::black_box([0u8; 512]);
        if n == 0 {
            pad[0] as usize
        } else {
            depth(n - 1) + 1
        }
    }

    #[test]
    fn runs_deep_recursion_off_a_small_stack() {
        let out = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(|| on_deep_stack(|| depth(20_000)))
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(out, 20_000);
    }

    #[test]
    fn a_marked_thread_runs_the_job_itself() {
        let here = std::thread::current().id();
        let ran_on = std::thread::spawn(move || {
            mark_deep();
            on_deep_stack(|| std::thread::current().id())
        })
        .join()
        .unwrap();
        assert_ne!(ran_on, here);
        let nested = on_deep_stack(|| {
            let outer = std::thread::current().id();
            on_deep_stack(move || std::thread::current().id() == outer)
        });
        assert!(nested, "a job on a deep stack runs nested jobs in place");
    }
}
