"""Helpers for the designer-art tests of every ruleset: a content copy with pictures.

Pictures are small PNG/JPEG files drawn with pillow into the test's tmp folder,
so no binary is committed.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner, Result

from pnp.cli import app
from pnp.paths import default_content_root
from tests.render.pdfcheck import images

runner = CliRunner()


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


@dataclass(frozen=True)
class Art:
    """One entry given a picture: where it is written and where it must print."""

    #: the YAML file, relative to the ruleset's content folder
    file: str
    #: the entry's id
    entry: str
    #: the PDF (relative to the build's ruleset folder) and component ids that show it
    pdf: str
    components: tuple[str, ...]
    #: the picture file, in ``art/``: ``.png`` or ``.jpg``
    picture: str = "a.png"
    fit: str = ""


def content_with_art(ruleset: str, tmp: Path, entries: list[Art]) -> Path:
    """A content root (holding ``<ruleset>/``) where each of ``entries`` has ``art:``."""
    folder = content_copy(ruleset, tmp)
    picture(folder / "art" / "a.png", (300, 200))
    picture(folder / "art" / "b.jpg", (120, 200), fmt="JPEG")
    for e in entries:
        if e.fit:
            add_field(folder / e.file, e.entry, f"art_fit: {e.fit}")
        add_field(folder / e.file, e.entry, f"art: art/{e.picture}")
    return folder.parent


def build(ruleset: str, root: Path, out: Path) -> Result:
    """``pnp build RULESET --strict --content ROOT --out OUT``."""
    return runner.invoke(
        app, ["build", ruleset, "--strict", "--content", str(root), "--out", str(out)]
    )


def validate(ruleset: str, root: Path) -> Result:
    """``pnp validate RULESET --content ROOT``."""
    return runner.invoke(app, ["validate", ruleset, "--content", str(root)])


def drawn_pictures(folder: Path) -> set[tuple[str, str, str]]:
    """``(pdf, component, side)`` of every picture drawn in the PDFs of ``folder``."""
    return {
        (name, component, side)
        for name, data in pdf_files(folder).items()
        for page in images(data)
        for component, side in page
    }


def expected_pictures(entries: list[Art]) -> set[tuple[str, str, str]]:
    """What :func:`drawn_pictures` must find for ``entries``: each on its face only."""
    return {(e.pdf, c, "face") for e in entries for c in e.components}


def bad_pictures(ruleset: str, tmp: Path, file: str, entries: tuple[str, str, str]) -> str:
    """Give three entries of ``file`` a text file named ``x.png``, a path leaving the
    folder and a missing file; check ``validate`` and ``build`` fail cleanly, naming each
    at its line; return validate's error output for further checks."""
    folder = content_copy(ruleset, tmp)
    (folder / "art").mkdir()
    (folder / "art" / "x.png").write_text("not a picture\n")
    picture(tmp / "outside.png")
    bad = ("art/x.png", "../../outside.png", "art/missing.jpg")
    for entry, path in zip(entries, bad, strict=True):
        add_field(folder / file, entry, f"art: {path}")
    # where each landed, once all are in (a later insertion moves the lines below it)
    text = (folder / file).read_text(encoding="utf-8").splitlines()
    lines = [next(n for n, t in enumerate(text, 1) if f"art: {path}" in t) for path in bad]
    result = validate(ruleset, folder.parent)
    assert result.exit_code == 2, result.output
    errors = result.stderr
    assert "Traceback" not in result.output
    where = str(folder / file)
    for line, message in zip(
        lines,
        (
            "'art/x.png': not a PNG or JPEG picture",
            "path '../../outside.png' leaves the content folder",
            "no such file 'art/missing.jpg' in the content folder",
        ),
        strict=True,
    ):
        assert re.search(
            rf"^{re.escape(where)}:{line}:\d+: \S+\.art: {re.escape(message)}", errors, re.M
        ), (line, errors)
    assert "3 problems found." in errors
    out = tmp / "out"
    built = build(ruleset, folder.parent, out)
    assert built.exit_code == 2 and "Traceback" not in built.output
    assert not out.exists()
    return errors


class ArtKitTests:
    """The designer-art tests every ruleset runs: subclass as ``TestArt`` and set
    :attr:`RULESET`, :attr:`ENTRIES` (one entry of each kind that takes a picture) and
    :attr:`BAD` (a file and three of its entries to break)."""

    RULESET: str
    ENTRIES: list[Art]
    BAD: tuple[str, tuple[str, str, str]]

    @pytest.fixture(scope="class")
    @classmethod
    def art_root(cls, tmp_path_factory: pytest.TempPathFactory) -> Path:
        return content_with_art(cls.RULESET, tmp_path_factory.mktemp("art"), cls.ENTRIES)

    @pytest.fixture(scope="class")
    @classmethod
    def art_build(
        cls, art_root: Path, tmp_path_factory: pytest.TempPathFactory
    ) -> tuple[Path, str]:
        """``pnp build --strict`` of the content with pictures: the ruleset's kit folder
        and what the build said on stderr."""
        out = tmp_path_factory.mktemp("kit")
        result = build(cls.RULESET, art_root, out)
        assert result.exit_code == 0, result.output
        return out / cls.RULESET, result.stderr

    @pytest.fixture(scope="class")
    @classmethod
    def art_kit(cls, art_build: tuple[Path, str]) -> Path:
        return art_build[0]

    def test_each_kind_shows_its_picture_on_its_face_only(self, art_kit: Path) -> None:
        # nowhere else: not on backs, nor on the small tokens of the same character
        assert drawn_pictures(art_kit) == expected_pictures(self.ENTRIES)

    def test_a_kit_with_pictures_builds_byte_identical(
        self, art_root: Path, art_kit: Path, tmp_path: Path
    ) -> None:
        again = build(self.RULESET, art_root, tmp_path)
        assert again.exit_code == 0, again.output
        first, second = pdf_files(art_kit), pdf_files(tmp_path / self.RULESET)
        assert first.keys() == second.keys() and len(first) >= 5
        assert first == second

    def test_soft_pictures_are_listed_and_still_print(self, art_build: tuple[Path, str]) -> None:
        # the stand-ins are 300 x 200 and 120 x 200 px: too few for most boxes at 150 dpi;
        # --strict still builds (art_build asserts exit 0) and each listed face is ours
        stderr = art_build[1]
        lines = stderr.splitlines()
        heads = [i for i, line in enumerate(lines) if "soft picture" in line]
        assert len(heads) == 1, stderr
        listed = [line for line in lines[heads[0] + 1 :] if line.startswith("  ")]
        assert listed and all("dpi in its" in line for line in listed)
        ours = {c for e in self.ENTRIES for c in e.components}
        assert all(any(f"'{c}'" in line for c in ours) for line in listed)
        assert lines[heads[0]].startswith(f"{len(listed)} soft picture")

    def test_bad_pictures_fail_cleanly(self, tmp_path: Path) -> None:
        bad_pictures(self.RULESET, tmp_path, *self.BAD)
