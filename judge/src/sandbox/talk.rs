//! Talking to running programs line by line, as a match talks to its engines and referee and an
//! interactive problem's runner will talk to its interactor and solution: one place for the pipes, the
//! bounded queue of lines, and (with `Killer::freeze`) holding the program whose turn it is not.
//!
//! A program may write without end (a flood of empty lines) while nobody asks it anything: what waits for
//! the judge is bounded — `QUEUE_LINES` lines of at most `MAX_LINE_BYTES` — and the reader then stops
//! reading, so the program blocks on its full pipe instead of growing the judge. Control characters of
//! what it says are escaped as the line arrives: a move or a reason shown on a terminal is never obeyed
//! by it.

use crate::checker::notes::visible;
use crate::sys;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Instant;

/// A line longer than this is cut (the rest comes as the next line).
pub const MAX_LINE_BYTES: u64 = 1 << 16;
/// Lines read ahead of the judge at most.
pub const QUEUE_LINES: usize = 64;

/// What came back from a program by a deadline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    Line(String),
    /// Its output closed (it exited or crashed).
    Closed,
    TimedOut,
}

/// The lines a program writes, read ahead by a thread of their own into a bounded queue.
pub struct Lines {
    /// Each line, trimmed and escaped, with the moment the reader thread got it.
    queue: Receiver<(Instant, String)>,
    /// When the line `receive` returned last arrived.
    arrived: Option<Instant>,
}

impl Lines {
    /// Starts reading `output` (a program's stdout). The thread ends at the end of `output` (at the latest
    /// when the program's sandbox ends) or when these `Lines` are dropped and it has a line to give.
    pub fn read(output: impl Read + Send + 'static) -> Lines {
        let (sender, queue) = mpsc::sync_channel(QUEUE_LINES);
        thread::spawn(move || {
            let mut reader = BufReader::new(output);
            loop {
                let mut line = Vec::new();
                match (&mut reader)
                    .take(MAX_LINE_BYTES)
                    .read_until(b'\n', &mut line)
                {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let text = visible(String::from_utf8_lossy(&line).trim());
                        // Stamped here, not when the judge's thread wakes: on a busy machine that thread
                        // may be scheduled late, and its delay must not count as the program's time.
                        if sender.send((Instant::now(), text)).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Lines {
            queue,
            arrived: None,
        }
    }

    /// The next line, waiting until `deadline` at most. A line that arrived by the deadline counts even
    /// if this thread wakes after it.
    pub fn receive(&mut self, deadline: Instant) -> Received {
        let wait = deadline.saturating_duration_since(Instant::now());
        let got = match self.queue.recv_timeout(wait) {
            Err(RecvTimeoutError::Timeout) => match self.queue.try_recv() {
                Ok((arrived, line)) if arrived <= deadline => Ok((arrived, line)),
                _ => return Received::TimedOut,
            },
            other => other,
        };
        match got {
            Ok((arrived, line)) => {
                self.arrived = Some(arrived);
                Received::Line(line)
            }
            Err(_) => Received::Closed,
        }
    }

    /// When the line `receive` returned last reached the judge.
    pub fn last_arrival(&self) -> Option<Instant> {
        self.arrived
    }
}

/// A pipe to connect two sandboxes (an interactor's stdout to a solution's stdin): (reading end, writing
/// end), both close-on-exec in the judge. Pass them as `Stdio::from(end)` / `Output::Pass(end.into())`
/// and drop the judge's own copies once both are started.
pub fn pipe() -> io::Result<(File, File)> {
    sys::pipe()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::time::Duration;

    #[test]
    fn lines_arrive_trimmed_and_escaped_then_closed() {
        let (reading, mut writing) = pipe().unwrap();
        let mut lines = Lines::read(reading);
        writing.write_all(b"  7,7 \r\nMESSAGE \x1b[2Jhi\n").unwrap();
        drop(writing);
        let soon = || Instant::now() + Duration::from_secs(5);
        assert_eq!(lines.receive(soon()), Received::Line("7,7".into()));
        assert_eq!(
            lines.receive(soon()),
            Received::Line("MESSAGE \\u{1b}[2Jhi".into())
        );
        assert_eq!(lines.receive(soon()), Received::Closed);
    }

    #[test]
    fn a_flood_waits_in_the_pipe_not_in_the_judge() {
        let (reading, writing) = pipe().unwrap();
        let _lines = Lines::read(reading);
        // Non-blocking writes: how much the reader takes before it stops reading.
        let writer = thread::spawn(move || {
            let mut writing = writing;
            let mut written = 0usize;
            let started = Instant::now();
            while started.elapsed() < Duration::from_millis(500) {
                match writing.write(&[b'\n'; 4096]) {
                    Ok(n) => written += n,
                    Err(_) => break,
                }
                if written > 64 << 20 {
                    break;
                }
            }
            written
        });
        thread::sleep(Duration::from_millis(700));
        // The writer blocks once the queue and the pipe are full: it cannot have got far.
        assert!(!writer.is_finished(), "a flood of 64 MiB was taken in");
    }
}
