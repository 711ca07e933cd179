//! Proves an empty m,n,k board a draw (issue 20's moonshot: 8,8,5), first move by first move, with the
//! solution's own search. Not a test, not a CI step: a benchmark (`scripts/bench-mnk --885`).
//!
//! The proof: for one first move of each symmetry class, the second player holds a draw (the search shows
//! "x cannot win after it"). So no first move wins; and none loses (strategy stealing: an extra stone
//! never hurts its owner, so x after any first move gets at least what o would get moving first on the
//! empty board, which is what x gets there, with colours swapped: at most a draw for the second player
//! means at least a draw for the first). Hence the value is a draw and every cell is `D`.
//!
//! Usage: prove-draw [m n k] [--table-mib N] [--checkpoint FILE] [--first ROW,COL]...
//!   --table-mib N    the transposition table's memory, at most 4096 (default 256): the largest power of
//!                    two of 40-byte slots that fits
//!   --checkpoint F   after each first move and every --save-every-s seconds (default 600), writes the
//!                    proven first moves and the table to F; a later run with the same F (same game, same
//!                    table size, same solution source) resumes from it
//!   --first R,C      prove only these first moves (repeatable): a sub-problem to iterate on
//! Prints each first move proved, with nodes, wall and CPU seconds, and a line every 2^20 nodes' worth of
//! `--report-every-s` (default 60) seconds; at the end the totals and the peak memory (VmHWM).
//! Compile it as the judge compiles the solution: `rustc --edition 2021 -O problems/mnk-game/examples/prove-draw.rs`.
#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

use solution::board::Game;
use solution::search::{Slot, Solver, DRAW, LOSS};
use std::cell::Cell;
use std::fs;
use std::io::{BufReader, BufWriter, Read, Write};
use std::rc::Rc;
use std::time::Instant;

/// The solution's source: a checkpoint's table is only valid for the program that wrote it.
const SOURCE: &str = include_str!("../src/main.rs");

struct Options {
    m: usize,
    n: usize,
    k: usize,
    table_mib: u64,
    checkpoint: Option<String>,
    first: Vec<(usize, usize)>,
    save_every_s: f64,
    report_every_s: f64,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        m: 8,
        n: 8,
        k: 5,
        table_mib: 256,
        checkpoint: None,
        first: Vec::new(),
        save_every_s: 600.0,
        report_every_s: 60.0,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut numbers = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let value = || args.get(i + 1).ok_or(format!("{} needs a value", args[i]));
        let bad = |what: &str| format!("bad {what}");
        match args[i].as_str() {
            "--table-mib" => {
                options.table_mib = value()?.parse().map_err(|_| bad("--table-mib"))?
            }
            "--checkpoint" => options.checkpoint = Some(value()?.clone()),
            "--save-every-s" => {
                options.save_every_s = value()?.parse().map_err(|_| bad("--save-every-s"))?
            }
            "--report-every-s" => {
                options.report_every_s = value()?.parse().map_err(|_| bad("--report-every-s"))?
            }
            "--first" => {
                let (r, c) = value()?.split_once(',').ok_or(bad("--first ROW,COL"))?;
                let cell = (
                    r.parse().map_err(|_| bad("row"))?,
                    c.parse().map_err(|_| bad("col"))?,
                );
                options.first.push(cell);
            }
            number => {
                numbers.push(
                    number
                        .parse::<usize>()
                        .map_err(|_| format!("unknown argument {number:?}"))?,
                );
                i -= 1;
            }
        }
        i += 2;
    }
    if let [m, n, k] = numbers[..] {
        (options.m, options.n, options.k) = (m, n, k);
    } else if !numbers.is_empty() {
        return Err("expected m n k".into());
    }
    let (m, n, k) = (options.m, options.n, options.k);
    if !(1..=8).contains(&m) || !(1..=8).contains(&n) || !(1..=m.max(n)).contains(&k) {
        return Err(format!(
            "{m},{n},{k}: expected 1 <= m, n <= 8 and 1 <= k <= max(m, n)"
        ));
    }
    if !(1..=4096).contains(&options.table_mib) {
        return Err("--table-mib: expected 1..=4096".into());
    }
    if options.first.iter().any(|&(r, c)| r >= m || c >= n) {
        return Err("--first: a cell off the board".into());
    }
    Ok(options)
}

/// CPU seconds (user + sys) of this process so far, from /proc/self/stat (clock ticks of 1/100 s).
fn cpu_seconds() -> f64 {
    let stat = fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0 // utime, stime: fields 14 and 15 of the whole line
}

/// The peak resident memory so far (VmHWM), in MiB.
fn peak_mib() -> f64 {
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .unwrap_or("");
    let kib: f64 = line
        .split_whitespace()
        .nth(1)
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    kib / 1024.0
}

/// FNV-1a of the solution's source and the game: the checkpoint's fingerprint.
fn fingerprint(options: &Options, bits: u32) -> u64 {
    let text = format!("{SOURCE}{} {} {} {bits}", options.m, options.n, options.k);
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

/// What a checkpoint holds besides the table: the first moves already proved and the totals so far.
#[derive(Default)]
struct Progress {
    proved: Vec<usize>,
    nodes: u64,
    cpu_s: f64,
    wall_s: f64,
}

fn save(path: &str, stamp: u64, progress: &Progress, table: &[Slot]) -> std::io::Result<()> {
    let partial = format!("{path}.partial");
    let mut out = BufWriter::with_capacity(1 << 20, fs::File::create(&partial)?);
    let proved: Vec<String> = progress.proved.iter().map(|c| c.to_string()).collect();
    writeln!(
        out,
        "mnk-game prove-draw checkpoint {stamp:016x} {}",
        table.len()
    )?;
    writeln!(out, "proved {}", proved.join(","))?;
    writeln!(
        out,
        "totals {} {} {}",
        progress.nodes, progress.cpu_s, progress.wall_s
    )?;
    for slot in table {
        for word in slot {
            out.write_all(&word.to_le_bytes())?;
        }
    }
    out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    fs::rename(&partial, path) // a checkpoint is replaced whole or not at all
}

/// Reads a checkpoint into `table` if it matches (game, table size, program); `None` otherwise.
fn load(path: &str, stamp: u64, table: &mut [Slot]) -> Option<Progress> {
    let mut input = BufReader::with_capacity(1 << 20, fs::File::open(path).ok()?);
    let mut header = Vec::new();
    let mut byte = [0u8];
    while header.iter().filter(|&&b| b == b'\n').count() < 3 {
        input.read_exact(&mut byte).ok()?;
        header.push(byte[0]);
    }
    let header = String::from_utf8(header).ok()?;
    let lines: Vec<&str> = header.lines().collect();
    if lines[0]
        != format!(
            "mnk-game prove-draw checkpoint {stamp:016x} {}",
            table.len()
        )
    {
        eprintln!("{path}: written for another game, table size or program; starting afresh");
        return None;
    }
    let proved = lines[1].strip_prefix("proved ")?;
    let proved = proved
        .split(',')
        .filter(|c| !c.is_empty())
        .map(|c| c.parse().ok())
        .collect::<Option<_>>()?;
    let totals: Vec<&str> = lines[2].strip_prefix("totals ")?.split(' ').collect();
    let mut word = [0u8; 8];
    for slot in table.iter_mut() {
        for value in slot.iter_mut() {
            input.read_exact(&mut word).ok()?;
            *value = u64::from_le_bytes(word);
        }
    }
    Some(Progress {
        proved,
        nodes: totals.first()?.parse().ok()?,
        cpu_s: totals.get(1)?.parse().ok()?,
        wall_s: totals.get(2)?.parse().ok()?,
    })
}

/// One cell of each symmetry class, lowest cell first (the smallest image of each cell).
fn first_moves(game: &Game) -> Vec<usize> {
    let mut classes: Vec<usize> = (0..game.m * game.n)
        .map(|cell| {
            game.symmetries
                .iter()
                .map(|image| image[cell])
                .min()
                .unwrap_or(cell)
        })
        .collect();
    classes.sort_unstable();
    classes.dedup();
    classes
}

fn main() {
    let options = parse_options().unwrap_or_else(|message| {
        eprintln!("prove-draw: {message}");
        std::process::exit(2);
    });
    let (m, n, k) = (options.m, options.n, options.k);
    let bits = 63 - (options.table_mib * (1 << 20) / 40).leading_zeros();
    let mut solver = Solver::with_table(Game::new(m, n, k), bits);
    let stamp = fingerprint(&options, bits);
    let table_mib = (40u64 << bits) as f64 / (1 << 20) as f64;
    println!(
        "{m},{n},{k}: proving the empty board a draw; table 2^{bits} slots ({table_mib:.0} MiB)"
    );
    let mut progress = Progress::default();
    if let Some(path) = &options.checkpoint {
        if let Some(saved) = load(path, stamp, solver.table_mut()) {
            let cells: Vec<String> = saved
                .proved
                .iter()
                .map(|&c| format!("({},{})", c / n, c % n))
                .collect();
            println!(
                "resumed from {path}: {} first moves proved [{}], {} nodes, {:.1} s CPU so far",
                cells.len(),
                cells.join(" "),
                saved.nodes,
                saved.cpu_s
            );
            progress = saved;
        }
    }
    let classes = first_moves(&solver.game);
    let wanted: Vec<usize> = if options.first.is_empty() {
        classes.clone()
    } else {
        options.first.iter().map(|&(r, c)| r * n + c).collect()
    };
    let (start, cpu_start) = (Instant::now(), cpu_seconds());
    let (wall0, cpu0, nodes0) = (progress.wall_s, progress.cpu_s, progress.nodes);
    let elapsed = move || {
        (
            wall0 + start.elapsed().as_secs_f64(),
            cpu0 + cpu_seconds() - cpu_start,
        )
    };
    for (number, &cell) in wanted.iter().enumerate() {
        let name = format!(
            "first move {} of {} at ({},{})",
            number + 1,
            wanted.len(),
            cell / n,
            cell % n
        );
        if progress.proved.contains(&cell) {
            println!("{name}: proved before");
            continue;
        }
        // Every 2^20 nodes: a progress line now and then, the table saved now and then.
        let (last_report, last_save) = (Rc::new(Cell::new(0.0)), Rc::new(Cell::new(elapsed().0)));
        let (report_every, save_every) = (options.report_every_s, options.save_every_s);
        let checkpoint = options.checkpoint.clone();
        let saved_proved = progress.proved.clone();
        let base_nodes = progress.nodes;
        let label = name.clone();
        solver.watcher = Some(Box::new(move |solver: &Solver| {
            let (wall, cpu) = elapsed();
            if wall - last_report.get() >= report_every {
                last_report.set(wall);
                println!(
                    "  {label}: {} nodes so far; {wall:.0} s wall, {cpu:.0} s CPU, peak {:.0} MiB",
                    solver.nodes,
                    peak_mib()
                );
            }
            if let Some(path) = checkpoint
                .as_deref()
                .filter(|_| wall - last_save.get() >= save_every)
            {
                last_save.set(wall);
                let snapshot = Progress {
                    proved: saved_proved.clone(),
                    nodes: base_nodes + solver.nodes,
                    cpu_s: cpu,
                    wall_s: wall,
                };
                match save(path, stamp, &snapshot, solver.table()) {
                    Ok(()) => println!("  checkpoint written to {path}"),
                    Err(e) => eprintln!("  cannot write {path}: {e}"),
                }
            }
        }));
        solver.nodes = 0;
        let holds = solver.bound(1 << cell, 0, LOSS, DRAW) >= DRAW; // o to move: at least a draw?
        solver.watcher = None;
        progress.nodes += solver.nodes;
        let (wall, cpu) = elapsed();
        (progress.wall_s, progress.cpu_s) = (wall, cpu);
        if !holds {
            println!(
                "{name}: x WINS ({} nodes): the empty board is a first-player win",
                solver.nodes
            );
            std::process::exit(1);
        }
        progress.proved.push(cell);
        println!(
            "{name}: o holds the draw; {} nodes; total {} nodes, {wall:.1} s wall, {cpu:.1} s CPU",
            solver.nodes, progress.nodes
        );
        if let Some(path) = &options.checkpoint {
            if let Err(e) = save(path, stamp, &progress, solver.table()) {
                eprintln!("cannot write {path}: {e}");
            }
        }
    }
    let (wall, cpu) = elapsed();
    let all = classes.iter().all(|c| progress.proved.contains(c));
    println!(
        "{}: {} of {} first-move classes proved; {} nodes ({} this run), {wall:.1} s wall, {cpu:.1} s CPU, peak {:.0} MiB",
        if all { "DRAW" } else { "partial" },
        classes.iter().filter(|c| progress.proved.contains(c)).count(),
        classes.len(),
        progress.nodes,
        progress.nodes - nodes0,
        peak_mib()
    );
    if all {
        println!("{m},{n},{k} is a draw: no first move wins, and (strategy stealing) none loses; every cell is D");
        assert_eq!(DRAW, 0);
    }
}
