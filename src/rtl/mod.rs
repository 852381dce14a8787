//! The sv-parser bridge: fragments wrapped into a module, assignment behaviors with
//! their path conditions, clocks, and a parse cache keyed by content hash.
