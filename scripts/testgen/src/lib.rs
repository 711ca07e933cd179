//! Reference solvers and testdata generators.
//!
//! Each module `<problem>` holds an independent reference for one problem: a plain, obviously-correct method
//! (BFS table, plain minimax, brute force), written apart from `problems/<problem>/src/main.rs`. The solution's
//! integration test compares against it, and `src/bin/gen-<problem>.rs` uses it to write `testdata/<problem>/`.
//! Where the package has stress programs, the solving part is the package's own reference program,
//! `testdata/<problem>/generators/reference.rs` (one std-only file a judge compiles alone), which the module
//! includes with `#[path]` and re-exports; the module keeps what only the generator and the tests need
//! (named cases, input formatting, the seeded random cases the committed testdata comes from).
//! `tests/generators.rs` holds those programs and `generators/random.rs` to what `judge stress` relies on.
//! `harness` holds what those integration tests share: running the binary, reading committed testdata.
//! `validator` holds what the input-validator tests share: the committed cases with their group's flags,
//! and the package's validator compiled alone and run.
pub mod harness;
pub mod rng;
pub mod testdata;
pub mod validator;

pub mod go_capture;
pub mod gomoku;
pub mod jinhua_chess;
pub mod mnk_game;
pub mod poj1077_eight;
pub mod poj1084_square_destroyer;
pub mod poj1085_triangle_war;
pub mod poj1324_holedox_moving;
pub mod poj1376_robot;
pub mod poj1475_pushing_boxes;
pub mod poj1568_winning_move;
pub mod poj2286_rotation_game;
pub mod poj2449_remmarguts_date;
