//! Reference solver for `poj2449-remmarguts-date` (independent of `problems/poj2449-remmarguts-date/src/main.rs`).
