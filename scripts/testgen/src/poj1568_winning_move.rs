//! Reference solver for `poj1568-winning-move` (independent of `problems/poj1568-winning-move/src/main.rs`).
