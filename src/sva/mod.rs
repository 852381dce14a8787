//! Properties in generated text: extraction (strict and lenient), parsing, and the
//! output contract.
