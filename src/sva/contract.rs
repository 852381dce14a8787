//! The output contract of one property (SCORING.md §3): synchronous records need the
//! program's clock event and `|->`; asynchronous records need no event and `|=>`.

use super::property::{ClockEvent, Implication, Property};

/// `Ok` when `property` meets the contract for a program clocked by `clock` (`None`:
/// asynchronous); otherwise what is wrong, in one line.
pub fn check_contract(property: &Property, clock: Option<&ClockEvent>) -> Result<(), String> {
    match (clock, &property.clock) {
        (Some(expected), None) => Err(format!(
            "no clock event, but a synchronous record needs {expected}"
        )),
        (Some(expected), Some(found)) if found != expected => Err(format!(
            "clock event {found} differs from the program clock {expected}"
        )),
        (None, Some(found)) => Err(format!(
            "has clock event {found}, but an asynchronous record has none"
        )),
        _ => match (clock.is_some(), property.implication) {
            (true, Implication::NonOverlapping) => {
                Err("uses |=> but a synchronous record needs |->".into())
            }
            (false, Implication::Overlapping) => {
                Err("uses |-> but an asynchronous record needs |=>".into())
            }
            _ => Ok(()),
        },
    }
}
