//! Placeholder: the solution for poj1077-eight lands here.
fn main() {}
