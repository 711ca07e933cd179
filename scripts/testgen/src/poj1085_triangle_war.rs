//! Reference solver for `poj1085-triangle-war` (independent of `problems/poj1085-triangle-war/src/main.rs`).
