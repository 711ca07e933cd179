//! Placeholder: the solution for poj2286-rotation-game lands here.
fn main() {}
