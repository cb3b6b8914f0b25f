"""Each environment module's extra installs everything the module imports
(the `pettingzoo` extra once lacked Gymnasium), and the README names them."""

import ast
import pathlib
import re
import tomllib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PYTHON = ROOT / "python"

# The distribution that provides an imported top-level module.
PROVIDES = {"numpy": "numpy", "gymnasium": "gymnasium", "pettingzoo": "pettingzoo", "ray": "ray"}

MODULES = {"pettingzoo.py": "pettingzoo", "gym.py": "gym", "distributed.py": "ray"}


def project():
    return tomllib.loads((PYTHON / "pyproject.toml").read_text())["project"]


def names(requirements):
    return {re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0].strip().lower() for r in requirements}


def third_party_imports(path):
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return {m for m in found if m in PROVIDES}


@pytest.mark.parametrize("module,extra", sorted(MODULES.items()))
def test_the_extra_installs_what_the_module_imports(module, extra):
    p = project()
    installed = names(p["dependencies"]) | names(p["optional-dependencies"][extra])
    needed = {PROVIDES[m] for m in third_party_imports(PYTHON / "plateau" / module)}
    assert needed <= installed, f"[{extra}] lacks {needed - installed}"
    assert names(p["optional-dependencies"][extra]) <= names(p["optional-dependencies"]["all"])


def test_the_readme_lists_each_extra():
    readme = (ROOT / "README.md").read_text()
    for extra in set(MODULES.values()) | {"all"}:
        assert f'pip install "./python[{extra}]"' in readme, extra
