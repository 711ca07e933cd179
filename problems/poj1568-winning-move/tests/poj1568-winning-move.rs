#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;
