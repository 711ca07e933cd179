//! The local online judge: args → config → compile → run workers → checkers → verdicts → reports.
//!
//! OS-facing modules (`sys`, `sandbox`, `compile`) measure; everything else is pure and judges.
pub mod compile;
pub mod sandbox;
pub mod sys;
