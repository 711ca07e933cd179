//! Placeholder: the solution for poj1376-robot lands here.
fn main() {}
