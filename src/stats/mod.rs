//! Counts, rates, program-clustered bootstrap intervals, paired tests, the filter
//! language and exports.
