#!/usr/bin/env python3
"""The pyslang anchor of the scale bench's `audit` row (benches/scale/run.sh).

    slang_anchor.py VERT.json...

parses every record's `Code` of the given VERT files with slang (pyslang), wrapped
the way flipscope wraps a fragment (`module flipscope_fragment; always begin ... end
endmodule`, src/rtl/source.rs), one syntax tree per fragment, and prints how many
fragments were parsed and how many had syntax diagnostics. It is the front-end work
only (parsing), which is what `flipscope audit` with an empty cache spends its time on.
"""

import json
import sys

from pyslang.syntax import SyntaxTree

PREFIX = "module flipscope_fragment;\nalways begin\n"
SUFFIX = "\nend\nendmodule\n"


def main():
    parsed = with_errors = 0
    for path in sys.argv[1:]:
        with open(path) as f:
            records = json.load(f)
        for record in records:
            text = PREFIX + record["Code"] + SUFFIX
            tree = SyntaxTree.fromText(text)
            parsed += 1
            if len(tree.diagnostics) > 0:
                with_errors += 1
    print(json.dumps({"fragments": parsed, "with_syntax_diagnostics": with_errors}))


if __name__ == "__main__":
    main()
