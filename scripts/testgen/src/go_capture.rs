//! Reference solver for `go-capture` (independent of `problems/go-capture/src/main.rs`).
