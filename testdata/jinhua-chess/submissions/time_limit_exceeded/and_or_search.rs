// Habit: a Rust contestant's AND/OR search: whitespace tokens from one read_to_string, "can Bob force the goal?" with forced replies (win at once, block a single threat) and a direct-mapped Vec memo (2^16 slots, slot + tag = the exact question) shared by all cases; a HashMap memo with the default SipHash was 1.7 s here, past the limit. Must get: TLE, on random/06 (99,999 six-piece cases, every one a deepest tree: a search per goal without a symmetry-keyed memo needs 6-7 s of CPU there, the limit is 1 s); right answers everywhere (AC on every other case).
use std::io::{self, Read, Write};

const FULL: u32 = 0xFFFF;

struct Solver {
    /// comp[m]: the cells that would complete a line for a player holding the cells m
    comp: Vec<u16>,
    /// slot: the low 16 bits of a bijective mix of the 35-bit question; entry: tag << 2 | known << 1 | answer
    memo: Vec<u32>,
    goal: u8, // 0 win, 1 lose, 2 draw
}

impl Solver {
    fn new() -> Solver {
        let mut lines = Vec::new();
        for r in 0..4 {
            let (mut row, mut col) = (0u32, 0u32);
            for c in 0..4 {
                row |= 1 << (r * 4 + c);
                col |= 1 << (c * 4 + r);
            }
            lines.push(row);
            lines.push(col);
        }
        lines.push(1 | 1 << 5 | 1 << 10 | 1 << 15);
        lines.push(1 << 3 | 1 << 6 | 1 << 9 | 1 << 12);
        let mut comp = vec![0u16; 1 << 16];
        for (m, slot) in comp.iter_mut().enumerate() {
            for &l in &lines {
                let rest = l & !(m as u32);
                if rest != 0 && rest & (rest - 1) == 0 {
                    *slot |= rest as u16;
                }
            }
        }
        Solver {
            comp,
            memo: vec![0; 1 << 16],
            goal: 0,
        }
    }

    fn can(&mut self, bob: u32, opp: u32, bob_moves: bool) -> bool {
        if (bob | opp).count_ones() > 14 {
            return self.search(bob, opp, bob_moves); // near the end: cheaper to search
        }
        const M35: u64 = (1 << 35) - 1;
        let key = (self.goal as u64) << 33 | (bob_moves as u64) << 32 | (bob as u64) << 16 | opp as u64;
        let mut x = key.wrapping_mul(0x9E37_79B97) & M35; // odd multiplier: a bijection mod 2^35
        x ^= x >> 18; // an xorshift: a bijection too
        let slot = (x & 0xFFFF) as usize;
        let tag = ((x >> 16) as u32) << 2 | 2;
        if self.memo[slot] & !1 == tag {
            return self.memo[slot] & 1 == 1;
        }
        let r = self.search(bob, opp, bob_moves);
        self.memo[slot] = tag | r as u32;
        r
    }

    fn search(&mut self, bob: u32, opp: u32, bob_moves: bool) -> bool {
        let taken = bob | opp;
        let mut cand = !taken & FULL;
        let (mover, other) = if bob_moves { (bob, opp) } else { (opp, bob) };
        let wins = self.comp[mover as usize] as u32 & !taken;
        let threats = self.comp[other as usize] as u32 & !taken;
        let goal = self.goal;
        if bob_moves {
            if wins != 0 && goal == 0 {
                return true;
            }
            if goal != 0 {
                cand &= !wins; // winning would miss the goal
            }
            if threats != 0 && goal != 1 {
                if threats & (threats - 1) != 0 {
                    return false;
                }
                cand &= threats; // the opponent would complete next
            }
        } else {
            if wins != 0 && goal != 1 {
                return false;
            }
            if goal == 1 {
                cand &= !wins; // the opponent refuses to win
            }
            if threats != 0 && goal == 0 {
                if threats & (threats - 1) != 0 {
                    return true;
                }
                cand &= threats;
            }
        }
        if cand == 0 {
            if taken == FULL {
                return goal == 2;
            }
            return !bob_moves; // every move left ends the game badly for the mover's side
        }
        for c in 0..16 {
            let b = 1u32 << c;
            if cand & b == 0 {
                continue;
            }
            let r = if taken | b == FULL {
                goal == 2
            } else if bob_moves {
                self.can(bob | b, opp, false)
            } else {
                self.can(bob, opp | b, true)
            };
            if bob_moves && r {
                return true;
            }
            if !bob_moves && !r {
                return false;
            }
        }
        !bob_moves
    }
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_ascii_whitespace();
    let t: usize = tokens.next().unwrap().parse().unwrap();
    let mut solver = Solver::new();
    let mut out = String::with_capacity(t * 4);
    for _ in 0..t {
        solver.goal = match tokens.next().unwrap() {
            "win" => 0,
            "lose" => 1,
            _ => 2,
        };
        let (mut x, mut o) = (0u32, 0u32);
        for r in 0..4 {
            for (c, ch) in tokens.next().unwrap().bytes().enumerate().take(4) {
                match ch {
                    b'x' => x |= 1 << (r * 4 + c),
                    b'o' => o |= 1 << (r * 4 + c),
                    _ => {}
                }
            }
        }
        let (bob, opp) = if x.count_ones() == o.count_ones() { (x, o) } else { (o, x) };
        out.push_str(if solver.can(bob, opp, true) { "YES\n" } else { "NO\n" });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
