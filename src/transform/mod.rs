//! The semantics-preserving rewrites T1 (operand reordering), T2 (identifier
//! renaming) and T3 (redundant parentheses), and their validation.
