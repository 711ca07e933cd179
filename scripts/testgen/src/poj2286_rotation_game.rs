//! Reference solver for `poj2286-rotation-game` (independent of `problems/poj2286-rotation-game/src/main.rs`).
