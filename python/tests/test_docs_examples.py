"""Every Python example of the README and of the package's docstrings runs
as written (the README's example once failed: an MCTS agent on Stratego)."""

import ast
import importlib.util
import pathlib
import re
import textwrap

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "python" / "plateau"


def readme_examples():
    text = (ROOT / "README.md").read_text()
    return [("README.md", i, block) for i, block in enumerate(re.findall(r"```python\n(.*?)```", text, re.S))]


def docstring_examples():
    """The indented blocks of each module's docstring that import something:
    the examples (the rest are prose and lists)."""
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        doc = ast.get_docstring(ast.parse(path.read_text())) or ""
        for i, paragraph in enumerate(re.split(r"\n\s*\n", doc)):
            lines = paragraph.split("\n")
            if all(line.startswith("    ") or not line.strip() for line in lines):
                code = textwrap.dedent(paragraph)
                if re.search(r"^(import|from) ", code, re.M):
                    found.append((path.name, i, code))
    return found


EXAMPLES = readme_examples() + docstring_examples()


def test_the_examples_are_found():
    names = {name for name, _, _ in EXAMPLES}
    assert {"README.md", "__init__.py", "selfplay.py", "gym.py", "pettingzoo.py", "distributed.py"} <= names, names


@pytest.mark.parametrize("name,index,code", EXAMPLES, ids=[f"{n}#{i}" for n, i, _ in EXAMPLES])
def test_example_runs_as_written(name, index, code, capsys):
    if "import ray" in code and importlib.util.find_spec("ray") is None:
        pytest.skip("ray is not installed (pip install './python[ray]')")
    namespace: dict = {}
    try:
        exec(compile(code, f"{name} example {index}", "exec"), namespace)
    finally:
        if "import ray" in code:
            import ray

            ray.shutdown()
