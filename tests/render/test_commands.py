"""The print commands end to end: files, manifest, determinism, atomic failure, errors."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pnp.render.build as build_module
import pnp.rulesets
from pnp.cli import app
from pnp.render import Card, Face
from tests.fixtures.toy import TOY
from tests.render.pdfcheck import page_sizes_mm, placements, text

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


def files_under(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One full toy build, shared by the read-only checks below."""
    out = tmp_path_factory.mktemp("build")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pnp.rulesets, "RULESETS", (TOY,))
        result = invoke(
            "build", "--out", str(out), "--content", str(Path("tests/fixtures/toy/content"))
        )
    assert result.exit_code == 0, result.output
    return out


def test_build_writes_the_kit_and_manifest(built: Path) -> None:
    names = sorted(p.name for p in (built / "toy").iterdir())
    assert names == [
        "arena.pdf",
        "cards.pdf",
        "manifest.json",
        "reference.html",
        "reference.md",
        "reference.pdf",
        "score.pdf",
        "tokens.pdf",
    ]
    manifest = json.loads((built / "toy" / "manifest.json").read_text())
    assert manifest["ruleset"] == "toy" and manifest["options"]["paper"] == "A4"
    entries = {e["id"]: e for e in manifest["components"]}
    assert set(entries) == {
        "fireball",
        "knight",
        "squire",
        "coin",
        "wound",
        "field",
        "arena",
        "score",
    }
    knight = entries["knight"]
    assert {k: knight[k] for k in ("kind", "copies", "file", "page")} == {
        "kind": "card",
        "copies": 2,
        "file": "cards.pdf",
        "page": 1,
    }
    assert knight["back_pages"] == [2]
    assert entries["arena"]["pages"] == list(range(2, 17))  # page 1 is the assembly map
    assert entries["coin"]["shape"] == "round"
    # the manifest agrees with the PDFs it describes
    data = (built / "toy" / "cards.pdf").read_bytes()
    faces = [p.component for p in placements(data)[0]]
    assert sum(e["copies"] for e in manifest["components"] if e["file"] == "cards.pdf") == len(
        faces
    )
    files = {f["file"]: f for f in manifest["files"]}
    for name, entry in files.items():
        if entry["kind"] != "reference":
            assert len(page_sizes_mm((built / "toy" / name).read_bytes())) == entry["pages"]


def test_build_is_byte_identical(
    built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pnp.rulesets, "RULESETS", (TOY,))
    result = invoke("build", "--out", str(tmp_path), "--content", "tests/fixtures/toy/content")
    assert result.exit_code == 0, result.output
    assert files_under(tmp_path) == files_under(built)


def test_build_renders_the_reference_template_once_for_its_three_formats(
    built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pnp.rulesets, "RULESETS", (TOY,))
    calls: list[str] = []
    real = build_module.build_reference

    def counting(ruleset, content):  # type: ignore[no-untyped-def]
        calls.append(ruleset.name)
        return real(ruleset, content)

    monkeypatch.setattr(build_module, "build_reference", counting)
    result = invoke("build", "--out", str(tmp_path), "--content", "tests/fixtures/toy/content")
    assert result.exit_code == 0, result.output
    assert calls == ["toy"]
    # one shared document gives what each format renders on its own (pnp rules)
    for fmt in ("pdf", "md", "html"):
        alone = tmp_path / f"alone-{fmt}"
        result = invoke(
            "rules",
            "toy",
            "--format",
            fmt,
            "--out",
            str(alone),
            "--content",
            "tests/fixtures/toy/content",
        )
        assert result.exit_code == 0, result.output
        written = (alone / "toy" / f"reference.{fmt}").read_bytes()
        assert written == (built / "toy" / f"reference.{fmt}").read_bytes()


def test_escaped_names_in_the_printed_cards(built: Path) -> None:
    pages = text((built / "toy" / "cards.pdf").read_bytes())
    assert "Squire & <Page>" in pages[0]
    assert "Squire & <Page>" in text((built / "toy" / "reference.pdf").read_bytes())[0]


def test_render_options_reach_the_pdf(toy_registry: None, toy_root: Path, tmp_path: Path) -> None:
    result = invoke(
        "render",
        "toy",
        "--paper",
        "Letter",
        "--duplex",
        "short",
        "--bleed",
        "0",
        "--back-offset",
        "1,-2",
        "--content",
        str(toy_root),
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 0, result.output
    assert "toy: wrote" in result.stdout and "cards.pdf" in result.stdout
    data = (tmp_path / "toy" / "cards.pdf").read_bytes()
    assert page_sizes_mm(data) == [(215.9, 279.4)] * 2
    manifest = json.loads((tmp_path / "toy" / "manifest.json").read_text())
    assert manifest["options"]["duplex"] == "short" and manifest["options"]["back_offset_mm"] == [
        1,
        -2,
    ]
    assert not (tmp_path / "toy" / "reference.pdf").exists()  # render prints the kit only
    result = invoke(
        "render", "toy", "--duplex", "none", "--content", str(toy_root), "--out", str(tmp_path)
    )
    assert "toy: --duplex none: the backs of 5 components are not printed" in result.stdout


def test_a_back_offset_that_moves_backs_off_the_paper_is_reported(
    toy_registry: None, toy_root: Path, tmp_path: Path
) -> None:
    def render(offset: str) -> str:
        result = invoke(
            "render", "toy", "--back-offset", offset, "--content", str(toy_root),
            "--out", str(tmp_path),
        )  # fmt: skip
        assert result.exit_code == 0, result.output  # a note, not an error
        return result.stdout

    assert "past the paper's edge" not in render("1,-1")
    out = render("19,0")
    assert "toy: --back-offset 19,0 puts " in out
    assert "past the paper's edge, where the printer cuts them short (cards.pdf from page 2" in out
    assert "measure the offset again with pnp calibrate" in out


def test_build_without_rulesets_writes_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(pnp.rulesets, "RULESETS", ())
    result = invoke("build", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0
    assert "No rulesets are registered; nothing to build." in result.stdout
    assert not (tmp_path / "out").exists()


def test_ruleset_without_a_kit_says_so(
    monkeypatch: pytest.MonkeyPatch, toy_root: Path, tmp_path: Path
) -> None:
    bare = dataclasses.replace(TOY, components=None, templates_dir=tmp_path / "no-templates")
    monkeypatch.setattr(pnp.rulesets, "RULESETS", (bare,))
    result = invoke("build", "--content", str(toy_root), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert "toy: no print kit yet" in result.stdout
    assert "toy: no reference template yet" in result.stdout
    assert "toy: nothing to build yet" in result.stdout
    assert not (tmp_path / "out").exists()
    rendered = invoke("render", "toy", "--content", str(toy_root), "--out", str(tmp_path / "out"))
    assert rendered.exit_code == 2 and "toy: no print kit yet" in rendered.stderr


def overflowing(ruleset, card_id: str = "crammed"):
    """The toy ruleset plus one card whose text cannot fit."""

    def crammed(face: Face) -> None:
        face.text("far too many words " * 60, 0, 0, face.width, 10, size=8, min_size=6)

    def components(content):
        return [*ruleset.components(content), Card(id=card_id, face=crammed)]

    return dataclasses.replace(ruleset, components=components)


def test_overflow_is_listed_and_strict_fails(
    monkeypatch: pytest.MonkeyPatch, toy_root: Path, tmp_path: Path
) -> None:
    monkeypatch.setattr(pnp.rulesets, "RULESETS", (overflowing(TOY),))
    out = tmp_path / "out"
    result = invoke("render", "toy", "--content", str(toy_root), "--out", str(out))
    assert result.exit_code == 0
    assert "1 text problem:" in result.stderr
    assert "toy/cards.pdf: card 'crammed' (face): text 'far too many words" in result.stderr
    assert (out / "toy" / "cards.pdf").exists()
    strict_out = tmp_path / "strict"
    result = invoke(
        "render", "toy", "--strict", "--content", str(toy_root), "--out", str(strict_out)
    )
    assert result.exit_code == 2
    # listed once, by the error that fails the run
    assert result.stderr.count("card 'crammed' (face)") == 1
    assert result.stderr.count("1 text problem:") == 1
    assert (
        "--strict: failing because of the text problems above; nothing was written."
        in result.stderr
    )
    assert "Traceback" not in result.output
    assert not strict_out.exists()


def test_a_text_problem_names_the_content_entry_to_edit(
    monkeypatch: pytest.MonkeyPatch, toy_root: Path, tmp_path: Path
) -> None:
    # the second copy of the knight: its entry is cards/units.yaml line 3
    monkeypatch.setattr(pnp.rulesets, "RULESETS", (overflowing(TOY, "knight-2"),))
    result = invoke("render", "toy", "--content", str(toy_root), "--out", str(tmp_path / "o"))
    assert result.exit_code == 0
    assert "toy/cards.pdf: card 'knight-2' (face) from " in result.stderr
    assert "toy/cards/units.yaml:3: text 'far too many words" in result.stderr


def test_a_failing_render_leaves_earlier_output_untouched(
    monkeypatch: pytest.MonkeyPatch, toy_root: Path, tmp_path: Path
) -> None:
    monkeypatch.setattr(pnp.rulesets, "RULESETS", (TOY,))
    out = tmp_path / "out"
    assert invoke("build", "--content", str(toy_root), "--out", str(out)).exit_code == 0
    before = files_under(out)

    def broken(face: Face) -> None:
        raise ZeroDivisionError("division by zero")

    def components(content):
        # the failure comes in the last file, after the others were drawn
        return [*TOY.components(content), Card(id="broken", face=broken, file="late")]

    monkeypatch.setattr(
        pnp.rulesets, "RULESETS", (dataclasses.replace(TOY, components=components),)
    )
    result = invoke("build", "--content", str(toy_root), "--out", str(out), "--paper", "Letter")
    assert result.exit_code == 2
    assert (
        "toy/late.pdf: card 'broken' (face): the draw function failed: "
        "ZeroDivisionError: division by zero"
    ) in result.stderr
    assert "Traceback" not in result.output
    assert files_under(out) == before  # same files, same bytes, no temporary leftovers


def test_unwritable_output_is_a_clean_error(
    toy_registry: None, toy_root: Path, tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = invoke("render", "toy", "--content", str(toy_root), "--out", str(blocker))
    assert result.exit_code == 2
    assert result.stderr == f"bad --out value '{blocker}': dir '{blocker}' is a file\n"
    # the ruleset's own folder is a file: caught when writing, nothing half-written
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "toy").write_text("in the way")
    result = invoke("render", "toy", "--content", str(toy_root), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert "cannot write to" in result.stderr and "Traceback" not in result.output
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["toy"]
    assert blocker.read_text() == "not a folder"


def test_stale_kit_files_are_removed(
    monkeypatch: pytest.MonkeyPatch, toy_root: Path, tmp_path: Path
) -> None:
    monkeypatch.setattr(pnp.rulesets, "RULESETS", (TOY,))
    out = tmp_path / "out"
    assert invoke("build", "--content", str(toy_root), "--out", str(out)).exit_code == 0
    (out / "toy" / "mine.txt").write_text("keep me")

    def fewer(content):
        return [c for c in TOY.components(content) if c.kind != "board"]

    monkeypatch.setattr(pnp.rulesets, "RULESETS", (dataclasses.replace(TOY, components=fewer),))
    assert invoke("render", "toy", "--content", str(toy_root), "--out", str(out)).exit_code == 0
    names = sorted(p.name for p in (out / "toy").iterdir())
    assert "arena.pdf" not in names and "score.pdf" not in names
    assert {"mine.txt", "reference.pdf", "reference.md", "reference.html"} <= set(names)
    manifest = json.loads((out / "toy" / "manifest.json").read_text())
    assert "reference.pdf" in [f["file"] for f in manifest["files"]]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["render", "toy", "--paper", "A5"], "unknown paper 'A5'"),
        (
            ["render", "toy", "--duplex", "sideways"],
            "unknown duplex 'sideways' (known: long, short, none)",
        ),
        (["render", "toy", "--layout", "Fan"], "unknown layout 'Fan' (known: grid, gutterfold)"),
        (
            ["render", "toy", "--layout", "gutterfold", "--duplex", "long"],
            "--duplex does not apply",
        ),
        (["render", "toy", "--back-offset", "1"], "--back-offset: cannot read '1'"),
        # an offset where no back page is printed used to be dropped without a word
        (
            ["render", "toy", "--layout", "gutterfold", "--back-offset", "1,0"],
            "--back-offset shifts the back pages of a duplex print; --layout gutterfold prints "
            "backs beside their fronts",
        ),
        (
            ["build", "--duplex", "none", "--back-offset", "0,-0.5"],
            "--back-offset shifts the back pages of a duplex print; --duplex none prints no backs",
        ),
        (["render", "toy", "--bleed", "-2"], "--bleed must be between 0 and 10 mm"),
        (["render", "nope"], "unknown ruleset 'nope'"),
        (["rules", "toy", "--format", "DOCX"], "unknown format 'DOCX' (known: pdf, md, html)"),
        (["rules", "toy", "--out", "-"], "--out - prints Markdown or HTML only"),
        (["calibrate", "--duplex", "none"], "unknown duplex 'none' (known: long, short)"),
        (["build", "--overlap", "70"], "--overlap must be between 0 and 50 mm"),
    ],
)
def test_bad_options_exit_2(
    toy_registry: None, toy_root: Path, tmp_path: Path, args: list[str], message: str
) -> None:
    extra = [] if args[0] == "calibrate" else ["--content", str(toy_root)]
    if "--out" not in args:
        extra += ["--out", str(tmp_path / "o")]
    result = invoke(*args, *extra)
    assert result.exit_code == 2, result.output
    assert message in unboxed(result.stderr)
    assert "Traceback" not in result.output
    assert not (tmp_path / "o").exists()


def unboxed(stderr: str) -> str:
    """A usage error's text without the box and line wrapping it is printed in."""
    return " ".join(stderr.replace("│", " ").split())


def test_choice_options_and_ruleset_names_ignore_case(
    toy_registry: None, toy_root: Path, tmp_path: Path
) -> None:
    result = invoke(
        "rules", "TOY", "--format", "MD", "--content", str(toy_root), "--out", str(tmp_path)
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "toy" / "reference.md").read_text().startswith("# Toy fixture game")
    for layout in (["--duplex", "LONG"], ["--layout", "Gutterfold"]):
        out = tmp_path / layout[1]
        result = invoke("render", "Toy", *layout, "--content", str(toy_root), "--out", str(out))
        assert result.exit_code == 0, result.output
        manifest = json.loads((out / "toy" / "manifest.json").read_text())
        assert manifest["options"][layout[0][2:]] == layout[1].lower()
    result = invoke("calibrate", "--duplex", "Short", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "calibration-a4-short.pdf").is_file()


def test_rules_pdf_to_stdout_is_refused_before_the_content_is_read(
    toy_registry: None, tmp_path: Path
) -> None:
    missing = tmp_path / "no-content"
    result = invoke("rules", "toy", "--out", "-", "--content", str(missing))
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("--out - prints Markdown or HTML only")
    assert "no such content folder" not in result.stderr


def test_content_errors_exit_2_and_write_nothing(
    toy_registry: None, toy_root: Path, tmp_path: Path
) -> None:
    units = toy_root / "toy" / "cards" / "units.yaml"
    units.write_text(units.read_text().replace("cost: 3", "cost: -3"))
    for command in (["render", "toy"], ["build"], ["rules", "toy"]):
        result = invoke(*command, "--content", str(toy_root), "--out", str(tmp_path / "o"))
        assert result.exit_code == 2
        assert "cards[0].cost: Input should be greater than or equal to 0" in result.stderr
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("fmt", ["pdf", "md", "html"])
def test_rules_formats(toy_registry: None, toy_root: Path, tmp_path: Path, fmt: str) -> None:
    result = invoke(
        "rules", "toy", "--format", fmt, "--content", str(toy_root), "--out", str(tmp_path)
    )
    assert result.exit_code == 0, result.output
    data = (tmp_path / "toy" / f"reference.{fmt}").read_bytes()
    assert data.startswith(
        {"pdf": b"%PDF", "md": b"# Toy fixture game", "html": b"<!DOCTYPE html>"}[fmt]
    )


def test_rules_refuses_a_file_as_its_folder_before_rendering(
    toy_registry: None, toy_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(build_module, "build_reference", lambda *a: pytest.fail("rendered"))
    afile = tmp_path / "afile"
    afile.write_text("keep")
    result = invoke("rules", "toy", "--content", str(toy_root), "--out", str(afile))
    assert result.exit_code == 2
    assert result.stderr == f"bad --out value '{afile}': dir '{afile}' is a file\n"
    assert afile.read_text() == "keep"


def test_rules_to_stdout(toy_registry: None, toy_root: Path) -> None:
    result = invoke("rules", "toy", "--format", "md", "--content", str(toy_root), "--out", "-")
    assert result.exit_code == 0
    assert result.stdout.startswith("# Toy fixture game")


def test_calibrate(tmp_path: Path) -> None:
    result = invoke("calibrate", "--paper", "Letter", "--duplex", "short", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    data = (tmp_path / "calibration-letter-short.pdf").read_bytes()
    assert page_sizes_mm(data) == [(215.9, 279.4)] * 2
    pages = text(data)
    assert "Duplex calibration: Letter, flip on the short edge" in pages[0]
    assert "--back-offset X,Y" in pages[1]


def test_calibrate_help_says_where_the_sheet_goes() -> None:
    # the sheet belongs to no ruleset: no "<ruleset> sub-folder" as render and build say
    result = invoke("calibrate", "--help")
    assert result.exit_code == 0
    assert "calibration PDF" in result.stdout
    assert "sub-folder" not in result.stdout


def test_render_draws_an_earlier_builds_reference_again_for_its_paper(
    monkeypatch: pytest.MonkeyPatch, toy_root: Path, tmp_path: Path
) -> None:
    monkeypatch.setattr(pnp.rulesets, "RULESETS", (TOY,))
    out = tmp_path / "out"
    assert invoke("build", "--content", str(toy_root), "--out", str(out)).exit_code == 0
    folder = out / "toy"
    assert page_sizes_mm((folder / "reference.pdf").read_bytes())[0] == (210.0, 297.0)
    result = invoke(
        "render", "toy", "--paper", "Letter", "--content", str(toy_root), "--out", str(out)
    )
    assert result.exit_code == 0, result.output
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["options"]["paper"] == "Letter"
    # the kit and the reference the manifest lists are all Letter now
    for name in ("cards.pdf", "reference.pdf"):
        assert {size for size in page_sizes_mm((folder / name).read_bytes())} == {(215.9, 279.4)}
    listed = [f["file"] for f in manifest["files"] if f["kind"] == "reference"]
    assert listed == ["reference.pdf", "reference.md", "reference.html"]
    # and render run where no build was makes no reference
    fresh = tmp_path / "fresh"
    assert invoke("render", "toy", "--content", str(toy_root), "--out", str(fresh)).exit_code == 0
    assert not list((fresh / "toy").glob("reference.*"))


def test_crop_marks_only_a_printer_cannot_reach_are_reported(
    toy_registry: None, toy_root: Path, tmp_path: Path
) -> None:
    def render(*extra: str) -> str:
        result = invoke(
            "render", "toy", *extra, "--content", str(toy_root), "--out", str(tmp_path)
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        return result.stdout

    assert "crop mark" not in render("--paper", "A4")
    letter = render("--paper", "Letter")
    assert "toy: --paper Letter: " in letter
    assert "(cards.pdf) lie within 5 mm of the paper's edge, where many printers print" in letter
    assert "crop mark" not in render("--paper", "Letter", "--cut-lines")
