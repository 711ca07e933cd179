//! Reference solver for `poj1376-robot` (independent of `problems/poj1376-robot/src/main.rs`).
