//! The host users a root judge's programs become: each sandbox alive at once gets one of its own (a
//! `Lease`, given back when the sandbox ends). The kernel keeps some things per user, whatever the
//! namespaces: keys (`/proc/keys`, `keyctl`: a key its user may read is read by every process of that
//! user) and their quota (200 keys and 20000 bytes for an ordinary user), the counts of inotify instances
//! and of pipe buffers. Two runs of one user at once — an interactor and its submission, two workers at
//! `-j 2` — could pass bytes through those and starve each other; runs of different users cannot.
//!
//! The ids come from a range no system gives anyone (from 2000000000, where this user namespace maps
//! them), in a block of `PER_JUDGE` ids chosen at random per judge process: two judges on one machine
//! almost surely get different blocks, and no run can learn the judge's pid from its user. An ordinary
//! user's judge has only its own user to give (its runs share it: what holds then is in SANDBOX.md).

use std::collections::hash_map::RandomState;
use std::fs;
use std::hash::{BuildHasher, Hasher};
use std::sync::{Mutex, OnceLock};

/// The first id of the runs' range, unless `JUDGE_SANDBOX_ID` names one.
const DEFAULT_FIRST_ID: u32 = 2_000_000_000;
/// Ids one judge process uses: more sandboxes alive at once than any `-j` starts (a worker keeps a cold
/// slot, its peer's, and up to six warm sandboxes).
const PER_JUDGE: u32 = 1024;

/// `count` users and groups from `uid` and `gid`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Range {
    uid: u32,
    gid: u32,
    count: u32,
}

/// A user and group of the range, the sandbox's own while it is held.
pub struct Lease {
    index: usize,
    pub ids: (u32, u32),
}

/// Which of the judge's `PER_JUDGE` ids are held.
static HELD: Mutex<Vec<bool>> = Mutex::new(Vec::new());

/// A user and group no other sandbox of this judge holds (past `PER_JUDGE` sandboxes at once, one shared
/// with another: more than any machine runs).
pub fn lease() -> Result<Lease, String> {
    let range = range()?;
    let block = *judge_block();
    let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
    let index = match held.iter().position(|&h| !h) {
        Some(free) => free,
        None => {
            held.push(false);
            held.len() - 1
        }
    };
    held[index] = true;
    let span = range.count.min(PER_JUDGE);
    let offset = match range.count / PER_JUDGE {
        0 | 1 => index as u32 % span,
        blocks => (block % u64::from(blocks)) as u32 * PER_JUDGE + index as u32 % span,
    };
    Ok(Lease {
        index,
        ids: (range.uid + offset, range.gid + offset),
    })
}

impl Drop for Lease {
    fn drop(&mut self) {
        let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(slot) = held.get_mut(self.index) {
            *slot = false;
        }
    }
}

/// This judge's random block of the range, drawn once (std's `RandomState` is seeded by the OS).
fn judge_block() -> &'static u64 {
    static BLOCK: OnceLock<u64> = OnceLock::new();
    BLOCK.get_or_init(|| {
        let mut hasher = RandomState::new().build_hasher();
        hasher.write_u32(std::process::id());
        hasher.finish()
    })
}

/// The runs' range: `JUDGE_SANDBOX_ID=UID[:GID]` (that one user alone), else from 2000000000 as far as
/// this user namespace maps ids (a root inside a container may have only a range of its own: then the top
/// of it).
fn range() -> Result<Range, String> {
    static RANGE: OnceLock<Result<Range, String>> = OnceLock::new();
    RANGE
        .get_or_init(|| {
            let map = |file: &str| fs::read_to_string(file).unwrap_or_default();
            match std::env::var("JUDGE_SANDBOX_ID") {
                Ok(text) if !text.is_empty() => parse_ids(&text)
                    .map(|(uid, gid)| Range { uid, gid, count: 1 })
                    .ok_or_else(|| format!("JUDGE_SANDBOX_ID={text}: expected UID or UID:GID")),
                _ => {
                    let uids = unprivileged_range(DEFAULT_FIRST_ID, &map("/proc/self/uid_map"));
                    let gids = unprivileged_range(DEFAULT_FIRST_ID, &map("/proc/self/gid_map"));
                    match (uids, gids) {
                        (Some((uid, uids)), Some((gid, gids))) => Ok(Range {
                            uid,
                            gid,
                            count: uids.min(gids),
                        }),
                        _ => Err(
                            "no unprivileged user for the runs here: set JUDGE_SANDBOX_ID=UID:GID"
                                .to_string(),
                        ),
                    }
                }
            }
        })
        .clone()
}

/// `UID` or `UID:GID` (the group then the same number).
fn parse_ids(text: &str) -> Option<(u32, u32)> {
    let (uid, gid) = text.split_once(':').unwrap_or((text, text));
    let id = |s: &str| s.parse::<u32>().ok().filter(|&n| n != 0 && n != u32::MAX);
    Some((id(uid)?, id(gid)?))
}

/// The ids from `wanted` on that this user namespace maps (`uid_map` text: `inside outside count` lines),
/// as (first, count); where `wanted` is not mapped, the top `PER_JUDGE` ids of the highest range (never 0).
fn unprivileged_range(wanted: u32, map: &str) -> Option<(u32, u32)> {
    let ranges: Vec<(u64, u64)> = map
        .lines()
        .filter_map(|line| {
            let mut numbers = line.split_whitespace().map(|n| n.parse::<u64>().ok());
            let (first, _, count) = (numbers.next()??, numbers.next()??, numbers.next()??);
            // u32::MAX is no id (it means "unchanged" to setresuid).
            Some((first, (first + count).min(u64::from(u32::MAX))))
        })
        .collect();
    let wanted = u64::from(wanted);
    if let Some(&(_, end)) = ranges.iter().find(|&&(a, b)| (a..b).contains(&wanted)) {
        return Some((
            wanted as u32,
            (end - wanted).min(u64::from(u32::MAX)) as u32,
        ));
    }
    let &(start, end) = ranges.iter().max_by_key(|&&(_, end)| end)?;
    let first = start.max(1).max(end.saturating_sub(u64::from(PER_JUDGE)));
    (first < end).then_some((first as u32, (end - first) as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_given_as_uid_or_uid_and_gid() {
        assert_eq!(parse_ids("1234"), Some((1234, 1234)));
        assert_eq!(parse_ids("1234:99"), Some((1234, 99)));
        for bad in ["0", "x", "1:0", "", "4294967295"] {
            assert_eq!(parse_ids(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_range_is_what_this_namespace_maps_above_the_default() {
        let host = "         0          0 4294967295\n";
        assert_eq!(
            unprivileged_range(DEFAULT_FIRST_ID, host),
            Some((DEFAULT_FIRST_ID, u32::MAX - DEFAULT_FIRST_ID))
        );
        // Root of a rootless container: 65536 ids mapped, the default not among them: the top 1024.
        let container = "         0       1000          1\n         1     100000      65536\n";
        assert_eq!(
            unprivileged_range(DEFAULT_FIRST_ID, container),
            Some((65537 - 1024, 1024))
        );
        assert_eq!(unprivileged_range(DEFAULT_FIRST_ID, "0 1000 1\n"), None);
        assert_eq!(
            unprivileged_range(DEFAULT_FIRST_ID, "0 1000 3\n"),
            Some((1, 2))
        );
    }

    #[test]
    fn sandboxes_at_once_hold_different_ids_and_give_them_back() {
        let a = lease().unwrap();
        let b = lease().unwrap();
        assert_ne!(a.ids, b.ids);
        let a_ids = a.ids;
        drop(a);
        let c = lease().unwrap();
        assert_eq!(c.ids, a_ids, "a freed id is taken again");
        assert_ne!(c.ids, b.ids);
    }
}
