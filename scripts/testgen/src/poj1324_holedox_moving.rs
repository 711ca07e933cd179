//! Reference solver for `poj1324-holedox-moving` (independent of `problems/poj1324-holedox-moving/src/main.rs`).
