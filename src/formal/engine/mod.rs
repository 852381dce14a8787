//! The external engine: yosys builds one AIGER model per design (with every monitor),
//! ABC's PDR checks each property's output, and flipscope replays counterexamples
//! through the model itself. Each tool run has a time limit.

pub mod abc;
pub mod aiger;
pub mod enumerate;
pub mod estimate;
pub mod harness;
pub mod legacy;
pub mod limits;
pub mod netlist;
pub mod packages;
pub mod process;
pub mod profile;
pub mod simulate;
pub mod stage;
pub mod tools;
pub mod workdir;
pub mod yosys;
