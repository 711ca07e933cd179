//! Placeholder: the solution for poj1084-square-destroyer lands here.
fn main() {}
