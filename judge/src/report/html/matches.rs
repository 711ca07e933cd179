//! The page of a match.
