//! Reference solver for `poj1475-pushing-boxes` (independent of `problems/poj1475-pushing-boxes/src/main.rs`).
