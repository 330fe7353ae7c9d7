"""How the code is shaped: lines per ruleset, the longest functions, function-local imports.

Issue 25 asks for these figures before and after the rulesets take one shape;
this script prints them for any checkout, so the two can be compared::

    python bench/shape.py                 # this checkout
    python bench/shape.py --root /other/checkout --longest 10

Lines are physical lines of the ``.py`` files (blank lines and comments
included, as ``wc -l`` counts them). A function's length runs from its ``def``
to its last line. A function-local import is an ``import`` statement inside
a function body (often a way around an import cycle, sometimes a deliberate
delay of a heavy import); those under ``if TYPE_CHECKING:`` at module level
are not in functions and are not counted.
"""

from __future__ import annotations

import argparse
import ast
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Function:
    """One function or method and where it is."""

    path: str
    name: str
    line: int
    length: int


def python_files(folder: Path) -> list[Path]:
    """Every ``.py`` file under ``folder``, in a stable order."""
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def functions(path: Path, root: Path) -> list[Function]:
    """Every function and method of one file with its length in lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[Function] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            end = node.end_lineno or node.lineno
            found.append(
                Function(str(path.relative_to(root)), node.name, node.lineno, end - node.lineno + 1)
            )
    return found


def local_imports(path: Path) -> int:
    """How many import statements sit inside function bodies in one file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    count = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            count += sum(isinstance(inner, ast.Import | ast.ImportFrom) for inner in ast.walk(node))
    return count


def main() -> None:
    """Print the figures for one checkout."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--longest", type=int, default=5, help="functions listed per ruleset")
    args = parser.parse_args()
    root: Path = args.root
    package = root / "pnp"
    rulesets = sorted(
        p for p in (package / "rulesets").iterdir() if p.is_dir() and (p / "__init__.py").exists()
    )
    print(f"{'part':<22}{'files':>7}{'lines':>9}{'local imports':>15}")
    parts = [
        *rulesets,
        *(
            p
            for p in sorted(package.iterdir())
            if p.is_dir() and p.name != "rulesets" and (p / "__init__.py").exists()
        ),
    ]
    for part in parts:
        files = python_files(part)
        lines = sum(len(f.read_text(encoding="utf-8").splitlines()) for f in files)
        local = sum(local_imports(f) for f in files)
        print(f"{part.relative_to(package)!s:<22}{len(files):>7}{lines:>9}{local:>15}")
    every = python_files(package)
    print(
        f"{'pnp (all)':<22}{len(every):>7}"
        f"{sum(len(f.read_text(encoding='utf-8').splitlines()) for f in every):>9}"
        f"{sum(local_imports(f) for f in every):>15}"
    )
    for ruleset in rulesets:
        found = [fn for f in python_files(ruleset) for fn in functions(f, root)]
        found.sort(key=lambda fn: (-fn.length, fn.path, fn.line))
        print(f"\nlongest functions in {ruleset.name}:")
        for fn in found[: args.longest]:
            print(f"  {fn.length:>5}  {fn.path}:{fn.line} {fn.name}")


if __name__ == "__main__":
    main()
