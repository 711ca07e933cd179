//! Reference solver for `poj1084-square-destroyer` (independent of `problems/poj1084-square-destroyer/src/main.rs`).
