"""The low-ink variant: operators rewritten to tints and outlines, every word kept, and on
the shipped kits at least half the ink of every card PDF, still passing --strict."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas
from typer.testing import CliRunner

from pnp.cli import app
from pnp.render import lowink
from pnp.render.ink import image_ink, pixel_ink
from pnp.render.raster import open_pdf

runner = CliRunner()


def _words(pdf: bytes) -> list[list[str]]:
    """Each page's words, as PDFium extracts them."""
    with open_pdf(pdf) as doc:
        return [doc.text(i).split() for i in range(len(doc))]


def _ops(draw) -> list[str]:  # type: ignore[no-untyped-def]
    canvas = Canvas(io.BytesIO(), pagesize=(200, 300))
    start = len(canvas._code)
    draw(canvas)
    return canvas._code[start:]


def _colours(code: str, op: str) -> list[tuple[float, ...]]:
    return [
        tuple(float(v) for v in m.groups())
        for m in re.finditer(rf"([\d.]+) ([\d.]+) ([\d.]+) {op}\b", code)
    ]


def test_a_dark_background_becomes_a_tint_and_white_text_turns_dark() -> None:
    def draw(c: Canvas) -> None:
        c.setFillColorRGB(0.1, 0.1, 0.3)
        c.rect(-10, -10, 220, 320, stroke=0, fill=1)
        c.setFillColorRGB(1, 1, 1)
        c.setFont("Helvetica", 12)
        c.drawString(20, 150, "Winter is coming")

    (out,) = lowink.rewrite(_ops(draw), 200, 300)
    fills = _colours(out, "rg")
    painted = re.search(r"([\d.]+) ([\d.]+) ([\d.]+) rg -10 -10 220 320 re", out)
    assert painted is not None
    background = tuple(float(v) for v in painted.groups())  # set just before the fill
    assert lowink.luma(background) > 0.8  # a light tint of the dark blue
    assert background[2] > background[0]  # still bluish
    word = fills[-1]
    assert lowink.luma(word) <= lowink.DARK  # the white words now print dark
    assert "(Winter is coming) Tj" in out


def test_marks_that_keep_their_contrast_keep_their_colour() -> None:
    def draw(c: Canvas) -> None:
        c.setFillColorRGB(0.96, 0.93, 0.85)  # parchment: already light
        c.rect(0, 0, 200, 300, stroke=0, fill=1)
        c.setFillColorRGB(0.6, 0.1, 0.1)  # a small red badge
        c.circle(50, 50, 6, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.drawString(20, 150, "Lord.")

    (out,) = lowink.rewrite(_ops(draw), 200, 300)
    fills = _colours(out, "rg")
    assert (0.6, 0.1, 0.1) in fills
    assert fills[-1] == (0.0, 0.0, 0.0)


def test_a_background_that_stood_out_gets_an_outline() -> None:
    def draw(c: Canvas) -> None:
        c.setFillColorRGB(0.5, 0.5, 0.5)  # its tint would hardly show on white paper
        c.rect(20, 20, 160, 260, stroke=0, fill=1)

    (out,) = lowink.rewrite(_ops(draw), 200, 300)
    assert re.search(r"q [\d. ]+ RG [\d.]+ w \[ ?\] 0 d [\d. ]+ rg .* re B\*? Q", out), out


def test_a_word_is_judged_by_all_that_lies_beneath_it_not_its_middle_alone() -> None:
    # a white name across a tinted sigil whose small dark nose sits under its middle
    # (Iron Throne's character tokens): the nose keeps its colour, the name must not
    def draw(c: Canvas) -> None:
        c.setFillColorRGB(0.55, 0.1, 0.1)
        c.rect(-10, -10, 220, 320, stroke=0, fill=1)
        c.setFillColorRGB(0.64, 0.27, 0.13)  # the sigil, a shade lighter
        c.rect(30, 100, 140, 120, stroke=0, fill=1)
        c.setFillColorRGB(0.3, 0.05, 0.05)  # its nose
        c.rect(95, 145, 10, 12, stroke=0, fill=1)
        c.setFillColorRGB(1, 1, 1)
        c.setFont("Helvetica", 9)
        c.drawCentredString(100, 150, "Tywin Lannister")

    (out,) = lowink.rewrite(_ops(draw), 200, 300)
    fills = _colours(out, "rg")
    assert (0.3, 0.05, 0.05) in fills  # the nose still stands out: kept
    assert lowink.luma(fills[-1]) <= lowink.DARK  # the name turned dark


def test_a_small_disc_on_a_big_board_is_what_its_number_sits_on() -> None:
    # a region's number: cream on a dark disc 11 mm across, on a board of 600 × 840 mm
    w, h = 600 * 72 / 25.4, 840 * 72 / 25.4

    def draw(c: Canvas) -> None:
        c.setFillColorRGB(0.8, 0.45, 0.4)  # the region: a large fill, tinted
        c.rect(0, 0, w, h, stroke=0, fill=1)
        c.setFillColorRGB(0.29, 0.07, 0.07)
        c.circle(300, 300, 16, stroke=0, fill=1)
        c.setFillColorRGB(0.95, 0.89, 0.78)
        c.setFont("Helvetica", 20)
        c.drawString(294, 293, "5")

    (out,) = lowink.rewrite(_ops(draw), w, h)
    fills = _colours(out, "rg")
    assert (0.29, 0.07, 0.07) in fills  # the disc still stands out: kept dark
    assert fills[-1] == (0.95, 0.89, 0.78)  # so its number stays light


def test_text_boxes_cover_each_line_shown() -> None:
    def draw(c: Canvas) -> None:
        c.saveState()
        c.translate(40, 60)
        c.setFont("Helvetica", 10)
        c.drawString(10, 20, "Winterfell")
        c.restoreState()
        c.drawString(100, 200, "Oldtown")

    boxes = lowink.text_boxes(_ops(draw), 200, 300)
    assert len(boxes) == 2
    (x0, y0, x1, y1), (u0, v0, _, v1) = boxes
    width = Canvas(io.BytesIO()).stringWidth("Winterfell", "Helvetica", 10)
    assert x0 == pytest.approx(50) and x1 >= 50 + width  # the translation applied
    assert y0 < 80 < 80 + 7 < y1  # baseline and capitals inside
    assert u0 == pytest.approx(100) and v0 < 200 < v1


def test_pixel_ink_separates_grey_into_black() -> None:
    assert pixel_ink(255, 255, 255) == 0
    assert pixel_ink(0, 0, 0) == 1
    assert pixel_ink(255, 0, 0) == pytest.approx(2)  # magenta and yellow, no black
    assert pixel_ink(128, 128, 128) == pytest.approx(1 - 128 / 255)


def test_image_ink_is_a_mean_over_pixels() -> None:
    from PIL import Image

    image = Image.new("RGB", (4, 1), (255, 255, 255))
    image.putpixel((0, 0), (0, 0, 0))
    assert image_ink(image) == pytest.approx(0.25)


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """The three shipped kits built normally and with --ink low --strict."""
    normal = tmp_path_factory.mktemp("normal")
    low = tmp_path_factory.mktemp("low")
    first = runner.invoke(app, ["build", "--out", str(normal)])
    assert first.exit_code == 0, first.output
    second = runner.invoke(app, ["build", "--ink", "low", "--strict", "--out", str(low)])
    assert second.exit_code == 0, second.output  # --strict: no text problem either
    return normal, low, second.output


def test_every_card_pdf_saves_at_least_half_the_ink(kits: tuple[Path, Path, str]) -> None:
    _, low, output = kits
    found = re.findall(
        r"^(\w+): --ink low: ([\w-]+\.pdf): ink ([\d.]+)% -> ([\d.]+)% .*\((\d+)% less\)$",
        output,
        re.MULTILINE,
    )
    card_files = set()
    for ruleset in ("thrones", "ironthrone", "fief"):
        manifest = json.loads((low / ruleset / "manifest.json").read_text())
        assert manifest["options"]["ink"] == "low"
        card_files |= {(ruleset, f["file"]) for f in manifest["files"] if f["kind"] == "card"}
    reported = {(r, f): (float(a), float(b)) for r, f, a, b, _ in found}
    assert card_files <= set(reported)
    for key in card_files:
        was, now = reported[key]
        assert now <= 0.5 * was, key


def test_low_ink_keeps_every_word(kits: tuple[Path, Path, str]) -> None:
    normal, low, _ = kits
    for ruleset in ("thrones", "ironthrone", "fief"):
        for pdf in sorted((normal / ruleset).glob("*.pdf")):
            if pdf.name == "reference.pdf":
                continue
            # the words, page by page (line breaks are the extractor's guess)
            words = _words(pdf.read_bytes())
            kept = _words((low / ruleset / pdf.name).read_bytes())
            assert kept == words, f"{ruleset}/{pdf.name}"


def _font_names(pdf: Path) -> set[str]:
    """Every font a PDF's pages and forms list, with whether it is embedded."""
    from pypdf import PdfReader

    found: set[str] = set()

    def walk(resources: Any) -> None:
        if resources is None:
            return
        resources = resources.get_object()
        for ref in resources.get("/Font", {}).values():
            font = ref.get_object()
            descendant = font.get("/DescendantFonts")
            program = descendant[0].get_object() if descendant else font
            descriptor = program.get("/FontDescriptor")
            embedded = descriptor is not None and "/FontFile2" in descriptor.get_object()
            found.add(f"{font['/BaseFont']}{'' if embedded else ' (not embedded)'}")
        for ref in resources.get("/XObject", {}).values():
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Form":
                walk(xobject.get("/Resources"))

    for page in PdfReader(pdf).pages:
        walk(page.get("/Resources"))
    return found


def test_every_font_of_every_kit_pdf_is_embedded(kits: tuple[Path, Path, str]) -> None:
    # print shops' preflight rejects an unembedded font, even one no text uses:
    # reportlab's icon renderer and table cells would list Helvetica
    normal, low, _ = kits
    for pdf in sorted([*normal.glob("*/*.pdf"), *low.glob("*/*.pdf")]):
        names = _font_names(pdf)
        assert names, pdf
        assert not [n for n in names if n.endswith("(not embedded)")], (pdf, names)
