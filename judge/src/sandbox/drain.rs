//! A run's stdout and stderr are pipes the judge drains, never files the run holds: a file it held, the
//! run could `fallocate` (gigabytes of host disk reserved without growing past the output cap), `fchmod`
//! (an unreadable output, judged as the judge's own error) or lock. Through a pipe it can only write, and
//! the judge counts every byte: past the output cap the rest is discarded, and the run is stopped
//! (`Stop::Output`) or, a submission, left to end or meet its limits (`Limits::drain_past_cap`); either
//! way the count says it passed the cap, even if it ignores SIGXFSZ or exits 0 right after.
//!
//! One thread per run moves the bytes where the caller wants them: into a file the judge opened (the
//! output, with `splice`: no copy through user space), or into a bounded buffer (the first or last bytes:
//! compiler messages, the end of stderr), counting the rest.

use crate::sys;
use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Read, Write};
use std::process::Stdio;

/// Where a stream of the run goes.
pub enum Output {
    /// Into this file (at its offset; one the judge opened, never handed to the run), at most the output cap.
    File(File),
    /// Into memory: the first this many bytes (a compiler's messages begin with the first error).
    Head(usize),
    /// Into memory: the last this many bytes (a crash's message ends stderr).
    Tail(usize),
    /// Passed to the run as it is: `Stdio::null()`, `Stdio::piped()` (read by the caller through
    /// `Running::child`, who must bound what it keeps), or one end of a pipe to another sandbox.
    Pass(Stdio),
}

/// What the run wrote on a drained stream: how much in all, and what was kept in memory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Captured {
    pub bytes: u64,
    /// The `Head` or `Tail` bytes; empty for a file or a passed stream.
    pub kept: Vec<u8>,
}

/// A drained stream: its pipe and where its bytes go.
pub struct Stream {
    pipe: File,
    sink: Sink,
    captured: Captured,
    /// Past the end of its input.
    done: bool,
}

enum Sink {
    File(File),
    Head(usize),
    Tail(usize, VecDeque<u8>),
}

/// Bytes a pipe to a file may hold: a fast writer is not held up by every wake-up of the drain.
const FILE_PIPE_BYTES: usize = 1 << 20;
/// One read or splice at a time.
const CHUNK: usize = 1 << 16;

/// The run's end of `output`, and the judge's stream to drain (none for `Pass`).
pub fn prepare(output: Output) -> io::Result<(Stdio, Option<Stream>)> {
    match sink_of(output) {
        Err(stdio) => Ok((stdio, None)),
        Ok(sink) => {
            let (end, stream) = stream(sink)?;
            Ok((end.into(), Some(stream)))
        }
    }
}

/// The run's end of `output` as a file (passed to a warm sandbox), and the judge's stream to drain;
/// `None` for `Pass`, whose stream the caller keeps.
pub fn prepare_file(output: Output) -> io::Result<Option<(File, Stream)>> {
    match sink_of(output) {
        Err(_) => Ok(None),
        Ok(sink) => stream(sink).map(Some),
    }
}

fn sink_of(output: Output) -> Result<Sink, Stdio> {
    match output {
        Output::Pass(stdio) => Err(stdio),
        Output::File(file) => Ok(Sink::File(file)),
        Output::Head(bytes) => Ok(Sink::Head(bytes)),
        Output::Tail(bytes) => Ok(Sink::Tail(bytes, VecDeque::new())),
    }
}

/// A pipe for `sink`: the writing end (the run's), the stream the judge drains.
fn stream(sink: Sink) -> io::Result<(File, Stream)> {
    let (pipe, end) = sys::pipe()?;
    if matches!(sink, Sink::File(_)) {
        // Refused past /proc/sys/fs/pipe-max-size: the default 64 KiB then, only slower.
        let _ = sys::set_pipe_size(&pipe, FILE_PIPE_BYTES);
    }
    let stream = Stream {
        pipe,
        sink,
        captured: Captured::default(),
        done: false,
    };
    Ok((end, stream))
}

/// Drains `streams` to their end (every writer gone: the sandbox is over). Calls `over` once when one of
/// them passes `cap` bytes; reads on after it, discarding, until the run is stopped.
pub fn drain(mut streams: Vec<Stream>, cap: u64, over: impl Fn()) -> Vec<Captured> {
    let mut buffer = vec![0u8; CHUNK];
    let mut told = false;
    loop {
        let open: Vec<usize> = (0..streams.len()).filter(|&i| !streams[i].done).collect();
        if open.is_empty() {
            break;
        }
        let pipes: Vec<&File> = open.iter().map(|&i| &streams[i].pipe).collect();
        let Ok(ready) = sys::wait_readable(&pipes, -1) else {
            break;
        };
        for (&i, ready) in open.iter().zip(ready) {
            if !ready {
                continue;
            }
            let stream = &mut streams[i];
            match stream.step(cap, &mut buffer) {
                Ok(0) => stream.done = true,
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => stream.done = true,
            }
            if stream.captured.bytes > cap && !told {
                told = true;
                over();
            }
        }
    }
    streams.into_iter().map(Stream::finish).collect()
}

impl Stream {
    /// Moves what the pipe holds (at most a chunk); the bytes moved, 0 at its end.
    fn step(&mut self, cap: u64, buffer: &mut [u8]) -> io::Result<usize> {
        let room = cap.saturating_sub(self.captured.bytes);
        let moved = match &mut self.sink {
            Sink::File(file) if room > 0 => {
                let wanted = CHUNK.min(room as usize);
                match sys::splice_to(&self.pipe, file, wanted) {
                    // A file system without splice: through user space.
                    Err(e) if e.raw_os_error() == Some(22) => {
                        let n = self.pipe.read(&mut buffer[..wanted])?;
                        file.write_all(&buffer[..n])?;
                        n
                    }
                    other => other?,
                }
            }
            // Past the cap (the run is being stopped) or into memory: read, keep what is wanted.
            sink => {
                let n = self.pipe.read(buffer)?;
                match sink {
                    Sink::Head(limit) => {
                        let keep = (*limit).saturating_sub(self.captured.kept.len()).min(n);
                        self.captured.kept.extend_from_slice(&buffer[..keep]);
                    }
                    Sink::Tail(limit, tail) => {
                        tail.extend(&buffer[..n]);
                        let excess = tail.len().saturating_sub(*limit);
                        tail.drain(..excess);
                    }
                    Sink::File(_) => {}
                }
                n
            }
        };
        self.captured.bytes += moved as u64;
        Ok(moved)
    }

    fn finish(self) -> Captured {
        let mut captured = self.captured;
        if let Sink::Tail(_, tail) = self.sink {
            captured.kept = tail.into();
        }
        captured
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Seek, SeekFrom};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::thread;

    /// Writes `bytes` into each stream's run end from threads, drains them with `cap`.
    fn drained(outputs: Vec<Output>, bytes: &[u8], cap: u64) -> (Vec<Captured>, usize) {
        let mut streams = Vec::new();
        let mut writers = Vec::new();
        for output in outputs {
            let Ok(sink) = sink_of(output) else {
                panic!("a passed stream is not drained");
            };
            let (mut end, stream) = stream(sink).unwrap();
            streams.push(stream);
            let bytes = bytes.to_vec();
            writers.push(thread::spawn(move || {
                let _ = end.write_all(&bytes);
            }));
        }
        let overs = AtomicUsize::new(0);
        let captured = drain(streams, cap, || {
            overs.fetch_add(1, Ordering::SeqCst);
        });
        for writer in writers {
            writer.join().unwrap();
        }
        (captured, overs.into_inner())
    }

    #[test]
    fn heads_and_tails_keep_their_ends_and_count_everything() {
        let text: Vec<u8> = (0..200_000u32).map(|i| b'a' + (i % 26) as u8).collect();
        let (captured, overs) = drained(vec![Output::Head(10), Output::Tail(5)], &text, 1 << 20);
        assert_eq!(overs, 0);
        assert_eq!(captured[0].bytes, 200_000);
        assert_eq!(captured[0].kept, &text[..10]);
        assert_eq!(captured[1].kept, &text[200_000 - 5..]);
    }

    #[test]
    fn a_file_gets_the_bytes_up_to_the_cap_and_more_is_told_once() {
        let path = std::env::temp_dir().join(format!("judge-drain-{}", std::process::id()));
        let file = File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)
            .unwrap();
        let text = vec![b'7'; 300_000];
        let copy = file.try_clone().unwrap();
        let (captured, overs) = drained(vec![Output::File(copy)], &text, 250_000);
        assert_eq!(overs, 1);
        assert!(captured[0].bytes > 250_000, "{}", captured[0].bytes);
        let mut file = file;
        file.seek(SeekFrom::Start(0)).unwrap();
        let mut written = Vec::new();
        file.read_to_end(&mut written).unwrap();
        assert_eq!(written.len(), 250_000);
        std::fs::remove_file(&path).unwrap();
        let (captured, overs) = drained(vec![Output::Head(4)], b"abc", 3);
        assert_eq!(
            (captured[0].bytes, overs),
            (3, 0),
            "exactly the cap is allowed"
        );
    }
}
