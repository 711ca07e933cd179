//! Reference solver for `jinhua-chess` (independent of `problems/jinhua-chess/src/main.rs`).
