//! Placeholder: the solution for poj1085-triangle-war lands here.
fn main() {}
