//! Placeholder: the solution for poj1475-pushing-boxes lands here.
fn main() {}
