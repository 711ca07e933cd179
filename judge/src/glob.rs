//! `--case PATTERN`: shell-style globs over case names. `*` matches any run of characters (`/` included, so
//! `random*` selects `random/01`), `?` one character, everything else itself.

/// Does `pattern` match the whole of `name`?
pub fn matches(pattern: &str, name: &str) -> bool {
    let (p, n): (Vec<char>, Vec<char>) = (pattern.chars().collect(), name.chars().collect());
    // Classic two-pointer wildcard match: remember the last `*` and retry from one character further.
    let (mut i, mut j) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while j < n.len() {
        if i < p.len() && (p[i] == '?' || p[i] == n[j]) {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some((i, j));
            i += 1;
        } else if let Some((si, sj)) = star {
            i = si + 1;
            j = sj + 1;
            star = Some((si, sj + 1));
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn globs() {
        assert!(matches("01-sample", "01-sample"));
        assert!(!matches("01-sample", "01-sample2"));
        assert!(matches("*", "random/01"));
        assert!(matches("random*", "random/01"));
        assert!(matches("random/0?", "random/07"));
        assert!(!matches("random/0?", "random/10"));
        assert!(matches("*sample*", "01-sample"));
        assert!(matches("*1*1", "a1b1"));
        assert!(!matches("*1*1", "a1b2"));
        assert!(matches("", ""));
        assert!(!matches("", "a"));
        assert!(matches("**", ""));
    }
}
