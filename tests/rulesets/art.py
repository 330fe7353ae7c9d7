"""Helpers for the designer-art tests of every ruleset: a content copy with pictures.

Pictures are small PNG/JPEG files drawn with pillow into the test's tmp folder,
so no binary is committed.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from PIL import Image

from pnp.paths import default_content_root


def picture(path: Path, size: tuple[int, int] = (90, 60), *, fmt: str = "PNG") -> None:
    """Write a small picture to ``path``: a diagonal gradient, so a crop shows."""
    w, h = size
    img = Image.new("RGB", size)
    img.putdata([(40 + 200 * x // w, 60 + 150 * y // h, 120) for y in range(h) for x in range(w)])
    path.parent.mkdir(parents=True, exist_ok=True)
    img.save(path, fmt)


def content_copy(ruleset: str, tmp: Path) -> Path:
    """A copy of the shipped content of ``ruleset`` under ``tmp``; returns its folder."""
    folder = tmp / "content" / ruleset
    shutil.copytree(default_content_root() / ruleset, folder)
    return folder


def add_field(file: Path, entry: str, field: str, *, key: str = "id") -> int:
    """Add ``field`` (``art: art/x.png``) to the entry ``- <key>: <entry>`` of ``file``.

    The entry may be a block mapping (the field goes on a line of its own) or
    a flow mapping ``- {id: …, …}`` (it goes after the id). Returns the
    1-based line number the field landed on, for error messages.
    """
    lines = file.read_text(encoding="utf-8").splitlines(keepends=True)
    block = re.compile(rf"^(\s*)- {key}: {re.escape(entry)}\s*$")
    flow = re.compile(rf"^(\s*- \{{{key}: {re.escape(entry)},)")
    for n, text in enumerate(lines):
        if m := block.match(text):
            lines.insert(n + 1, f"{m.group(1)}  {field}\n")
            line = n + 2
            break
        if m := flow.match(text):
            lines[n] = f"{m.group(1)} {field},{text[m.end() :]}"
            line = n + 1
            break
    else:
        raise AssertionError(f"no entry '- {key}: {entry}' in {file}")
    file.write_text("".join(lines), encoding="utf-8")
    return line


def pdf_files(out: Path) -> dict[str, bytes]:
    """Every PDF under ``out``, by path relative to it."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*.pdf"))}
