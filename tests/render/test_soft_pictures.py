"""A designer's picture with too few pixels for its box is listed as soft, never failed.

The line is :data:`~pnp.render.report.SOFT_DPI` pixels per inch across the
picture as drawn: ``cover`` scales it up to fill the box, ``contain`` to fit
inside, ``stretch`` to the box (the direction stretched most counts).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.render import Card, Face
from pnp.render.face import DrawContext
from pnp.render.pdf import new_canvas
from pnp.render.report import SOFT_DPI, RenderReport
from tests.fixtures.toy.kit import ICONS
from tests.render.pdfcheck import reader
from tests.rulesets.art import picture

INCH = 72.0  # points


def _face(folder: Path) -> Face:
    canvas, _ = new_canvas((595.0, 842.0), "test")
    return _face_on(canvas, folder)


def _face_on(canvas: Canvas, folder: Path) -> Face:
    return Face(
        canvas,
        width=200.0,
        height=200.0,
        bleed=0.0,
        component=Card(id="tester", face=lambda f: None),
        context=DrawContext(icons=ICONS, content_folder=folder),
    )


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    picture(tmp_path / "art" / "square.png", (300, 300))  # 150 dpi across 2 inches
    picture(tmp_path / "art" / "wide.png", (300, 150))
    return tmp_path


@pytest.mark.parametrize(
    ("name", "box", "fit", "dpi"),
    [
        ("square.png", (2 * INCH, 2 * INCH), "cover", 150.0),
        ("square.png", (2.1 * INCH, 2 * INCH), "cover", 300 / 2.1),
        ("square.png", (2.1 * INCH, 2 * INCH), "contain", 150.0),  # fits the 2-inch side
        ("wide.png", (2 * INCH, 2 * INCH), "contain", 150.0),
        ("wide.png", (2 * INCH, 2 * INCH), "cover", 75.0),  # 150 px across 2 inches
        ("wide.png", (2 * INCH, 2 * INCH), "stretch", 75.0),
        ("wide.png", (1 * INCH, 0.5 * INCH), "stretch", 300.0),
    ],
)
def test_soft_is_under_the_line_as_drawn(
    folder: Path, name: str, box: tuple[float, float], fit: str, dpi: float
) -> None:
    face = _face(folder)
    face.image(f"art/{name}", 0, 0, *box, fit=fit)  # type: ignore[arg-type]
    soft = face.context.report.soft_pictures
    assert SOFT_DPI == 150
    assert len(soft) == (1 if dpi < SOFT_DPI else 0)
    if soft:
        assert f"{dpi:.0f} dpi" in soft[0].message
    assert face.context.report.problems == []  # never a text problem (never fails --strict)


@pytest.mark.parametrize("box", [(1 * INCH, 1 * INCH), (3 * INCH, 3 * INCH)])
@pytest.mark.parametrize("fit", ["cover", "contain"])
def test_only_cover_crops_to_its_box_sharp_or_soft(
    folder: Path, box: tuple[float, ...], fit: str
) -> None:
    # 300 px across 1 inch is sharp, across 3 inches soft: the crop must not depend on it
    canvas, buffer = new_canvas((595.0, 842.0), "test")
    face = _face_on(canvas, folder)
    face.image("art/square.png", 10, 10, *box, fit=fit)  # type: ignore[arg-type]
    canvas.showPage()
    canvas.save()
    stream = reader(buffer.getvalue()).pages[0].get_contents().get_data().decode("latin-1")
    clips = stream.count(" W n") + stream.count(" W* n")
    assert clips == (1 if fit == "cover" else 0), stream
    assert len(face.context.report.soft_pictures) == (1 if box[0] > 2 * INCH else 0)


def test_the_message_says_what_would_print_sharp(folder: Path) -> None:
    face = _face(folder)
    face.image("art/wide.png", 0, 0, 2 * INCH, 2 * INCH)
    face.image("art/wide.png", 0, 0, 2 * INCH, 2 * INCH)  # the same picture again: listed once
    (soft,) = face.context.report.soft_pictures
    assert soft.where == face.where
    assert soft.message == (
        "picture 'art/wide.png' is 300 × 150 px, 75 dpi in its 50.8 × 50.8 mm box; "
        "600 × 600 px would print sharp"
    )


def test_the_report_lists_soft_pictures_after_text_problems() -> None:
    report = RenderReport()
    assert report.lines() == []
    report.add_soft_picture("card 'a' (front)", "picture 'art/a.png' is small")
    assert report.lines() == [
        "1 soft picture (under 150 dpi; printed anyway):",
        "  card 'a' (front): picture 'art/a.png' is small",
    ]
    report.add("card 'b' (front)", "text overflows")
    other = RenderReport()
    other.add_soft_picture("card 'c' (back)", "picture 'art/c.png' is small")
    other.add_soft_picture("card 'a' (front)", "picture 'art/a.png' is small")
    report.extend(other)
    assert report.lines() == [
        "1 text problem:",
        "  card 'b' (front): text overflows",
        "2 soft pictures (under 150 dpi; printed anyway):",
        "  card 'a' (front): picture 'art/a.png' is small",
        "  card 'c' (back): picture 'art/c.png' is small",
    ]
