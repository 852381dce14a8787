//! Verdicts: behaviors of a reference, matching properties to behaviors, failure
//! categories, and pairs of original and transformed verdicts.
