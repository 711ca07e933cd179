//! Placeholder: the solution for poj1568-winning-move lands here.
fn main() {}
