"""No function in src/ is over 100 lines (issue 30: readable engines and a server in rooms): the
games, the bots, the arena, the server (its migrations included), the integrations and the CLI."""

import ast
from pathlib import Path

import heliopolis

LIMIT = 100


def long_functions(root: Path, limit: int = LIMIT) -> list[str]:
    out = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > limit:
                    out.append(f"{path.relative_to(root)}::{node.name} ({n} lines)")
    return out


def test_no_function_in_src_is_over_100_lines():
    assert long_functions(Path(heliopolis.__file__).parent) == []


def test_the_length_check_sees_a_long_function(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(LIMIT))
    (tmp_path / "m.py").write_text(f"def short():\n    pass\n\n\ndef long():\n{body}\n", encoding="utf-8")
    assert long_functions(tmp_path) == [f"m.py::long ({LIMIT + 1} lines)"]
