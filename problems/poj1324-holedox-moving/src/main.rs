//! Placeholder: the solution for poj1324-holedox-moving lands here.
fn main() {}
