//! The local online judge: args → config → compile → run workers → checkers → verdicts → reports.
//!
//! OS-facing modules (`sys`, `sandbox`, `compile`) measure; everything else is pure and judges. Only `sys`
//! may use `unsafe`.
#![deny(unsafe_code)]
pub mod checker;
pub mod cli;
pub mod compile;
pub mod engine;
pub mod export;
pub mod glob;
pub mod lang;
pub mod matches;
pub mod package;
pub mod plan;
pub mod report;
pub mod sandbox;
pub mod schedule;
pub mod source;
pub mod stress;
#[allow(unsafe_code)]
pub mod sys;
pub mod toml;
pub mod validate;
pub mod verdict;
pub mod yaml;
