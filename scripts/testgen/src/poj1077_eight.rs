//! Reference solver for `poj1077-eight` (independent of `problems/poj1077-eight/src/main.rs`).
