//! Placeholder: the solution for poj2449-remmarguts-date lands here.
fn main() {}
