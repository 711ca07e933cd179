//! Placeholder: the solution for go-capture lands here.
fn main() {}
