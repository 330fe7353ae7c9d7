"""Setting text: shrink-to-fit, overflow reports, inline icons, escaping, fonts."""

from __future__ import annotations

import io
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from pnp.render import Card, Face, escape, mm
from pnp.render.face import DrawContext
from pnp.render.icons import ICON_DROP
from pnp.render.pdf import new_canvas
from pnp.render.report import RenderError
from pnp.render.textbox import TextStyle, draw, fit, layout, prepare
from tests.fixtures.toy import TOY
from tests.fixtures.toy.kit import ICONS
from tests.render.pdfcheck import reader

LOREM = (
    "Each time a knight of the realm rides out, the smallfolk gather to watch. "
    "Nobody remembers who first began the custom, but nobody dares to end it. "
)


def make_face(context: DrawContext | None = None) -> tuple[Face, Canvas, io.BytesIO]:
    canvas, buffer = new_canvas((595.0, 842.0), "test")
    card = Card(id="tester", face=lambda f: None)
    face = Face(
        canvas,
        width=63 * mm,
        height=88 * mm,
        bleed=3 * mm,
        component=card,
        context=context or DrawContext(icons=ICONS),
    )
    return face, canvas, buffer


def test_text_that_fits_keeps_its_size() -> None:
    face, _, _ = make_face()
    result = face.text("Short.", 0, 0, 50 * mm, 20 * mm, size=10)
    assert result.size == 10 and result.fits and result.lines == 1
    assert face.context.report.problems == []


def test_text_shrinks_to_fit() -> None:
    face, _, _ = make_face()
    result = face.text(LOREM, 0, 0, 50 * mm, 20 * mm, size=12, min_size=5)
    assert 5 <= result.size < 12 and result.fits
    # the size found is the largest that fits, to the quarter point
    prepared = prepare(LOREM, icons=ICONS)
    assert layout(prepared, result.size, 50 * mm, 1.2).height <= 20 * mm
    assert layout(prepared, result.size + 0.25, 50 * mm, 1.2).height > 20 * mm
    assert face.context.report.problems == []


@pytest.mark.parametrize(("size", "min_size"), [(6.4, 4.6), (6.6, 4.6), (6.0, 3.8)])
def test_shrinking_reaches_a_minimum_between_steps(size: float, min_size: float) -> None:
    """The minimum itself is tried even when it is not a whole number of steps below the
    size (6.4 to 4.6 goes 4.65, then 4.6): a word as wide as the box at exactly the
    minimum fits there, and is neither reported nor left at a larger size."""
    word = "Stormcrows"
    prepared = prepare(word, icons=ICONS)
    at_minimum = layout(prepared, min_size, 1000.0).lines[0].width
    width = at_minimum * (1 + 1e-4)  # the word fits at the minimum, not a quarter point above
    assert layout(prepared, min_size + 0.05, 1000.0).lines[0].width > width
    lay = fit(prepared, width, 50 * mm, TextStyle(size=size, min_size=min_size))
    assert lay.fits and lay.size == pytest.approx(min_size) and not lay.split_words
    face, _, _ = make_face()
    result = face.text(word, 0, 0, width, 50 * mm, size=size, min_size=min_size)
    assert result.fits and result.size == pytest.approx(min_size) and result.lines == 1
    assert face.context.report.problems == []


def test_overflow_is_reported_with_the_component() -> None:
    face, _, _ = make_face()
    result = face.text(LOREM * 4, 0, 0, 40 * mm, 10 * mm, size=9, min_size=6)
    assert not result.fits and result.size == 6
    (problem,) = face.context.report.problems
    assert problem.where == "card 'tester' (face)"
    assert "overflows its box at the minimum size 6 pt" in problem.message
    assert "has 10.0 mm" in problem.message


def test_overflow_quotes_the_words_not_the_markup() -> None:
    face, _, _ = make_face()
    face.text("<b>Response:</b> Fish &amp; chips. " + LOREM * 4, 0, 0, 40 * mm, 10 * mm)
    (problem,) = face.context.report.problems
    assert problem.message.startswith("text 'Response: Fish & chips. ")


def test_overflowing_text_draws_only_the_lines_that_fit() -> None:
    style = TextStyle(size=8, min_size=8)
    lay = fit(prepare(LOREM * 3), 40 * mm, 12 * mm, style)
    assert not lay.fits and len(lay.lines) > 3
    canvas = Canvas(io.BytesIO())
    drawn = draw(canvas, lay, 0, 0, 40 * mm, 12 * mm, style, lambda *a: None)
    assert 0 < drawn < len(lay.lines)
    assert lay.lines[drawn - 1].baseline + lay.height - lay.lines[-1].baseline <= 12 * mm


def test_a_word_wider_than_the_box_is_reported() -> None:
    face, _, _ = make_face()
    result = face.text(
        "Supercalifragilisticexpialidocious", 0, 0, 10 * mm, 30 * mm, size=9, min_size=7
    )
    assert not result.fits
    assert "has a word wider than its box" in face.context.report.problems[0].message


def test_icons_sit_on_the_baseline_at_text_size() -> None:
    calls = []
    style = TextStyle(size=10, min_size=10)
    lay = fit(prepare("Pay [gold] now", icons=ICONS), 60 * mm, 20 * mm, style)
    draw(Canvas(io.BytesIO()), lay, 0, 0, 60 * mm, 20 * mm, style, lambda *a: calls.append(a))
    ((name, x, y, height),) = calls
    baseline = 20 * mm - lay.lines[0].baseline
    assert name == "gold" and height == 10
    assert y == pytest.approx(baseline - ICON_DROP * 10)
    # the icon takes room in the line: "now" starts after it
    pieces = lay.lines[0].pieces
    assert [p.icon or p.text for p in pieces] == ["Pay", "gold", "now"]
    assert pieces[-1].x > x


def test_wide_icons_take_their_width() -> None:
    narrow = layout(prepare("[gold]", icons=ICONS), 10, 1000)
    wide = layout(prepare("[wide]", icons=ICONS), 10, 1000)
    assert wide.lines[0].width > 1.9 * narrow.lines[0].width


def test_unknown_icon_is_an_error() -> None:
    face, _, _ = make_face()
    with pytest.raises(
        RenderError, match=r"unknown icon \[militray\] \(known: gold, military, wide\)"
    ):
        face.text("Win a [militray] challenge", 0, 0, 50 * mm, 20 * mm)


def test_missing_glyphs_are_reported() -> None:
    face, _, _ = make_face()
    face.label("Go → north", 0, 0)
    face.text("Arrows ⇒ here", 0, 0, 50 * mm, 20 * mm)
    messages = [p.message for p in face.context.report.problems]
    assert messages == ["font 'sans' cannot draw '→'", "font 'sans' cannot draw '⇒'"]


def test_label_shrinks_to_its_width() -> None:
    face, _, _ = make_face()
    assert face.label("A name", 0, 0, size=10) == 10
    used = face.label("A much longer name than fits", 0, 0, size=10, max_width=30 * mm)
    assert 5 <= used < 10
    face.label(
        "An extremely long name that will never fit in so little room",
        0,
        0,
        size=10,
        max_width=10 * mm,
    )
    assert "is wider than 10.0 mm" in face.context.report.problems[0].message


def test_a_label_too_wide_even_at_its_smallest_is_cut_short() -> None:
    from pnp.render import fonts

    face, canvas, _ = make_face()
    drawn: list[str] = []
    draw = canvas.drawString
    canvas.drawString = lambda x, y, text, *a, **k: (drawn.append(text), draw(x, y, text))[1]
    name = "Rickon Stark, the Wildest Wolf of Winterfell and the North"
    used = face.label(name, 0, 0, size=10, max_width=30 * mm, min_size=6)
    # it ran on past its box (over the sigil, off the card) though reported
    (shown,) = drawn
    assert shown.endswith("…") and name.startswith(shown[:-1])
    font = fonts.family(fonts.DEFAULT_FAMILY).font(False, False)
    assert fonts.unit_width(font, shown) * used <= 30 * mm
    assert "is wider than 30.0 mm" in face.context.report.problems[0].message


def test_escaped_names_print_as_themselves() -> None:
    face, canvas, buffer = make_face()
    name = "Squire & <Page> [gold]"
    face.text(f"<b>{escape(name)}</b> joins.", 0, 0, 60 * mm, 20 * mm)
    canvas.showPage()
    canvas.save()
    assert "Squire & <Page> [gold] joins." in reader(buffer.getvalue()).pages[0].extract_text()


def test_unescaped_content_is_caught() -> None:
    face, _, _ = make_face()
    with pytest.raises(RenderError, match="bare '&'"):
        face.text("Squire & <Page>", 0, 0, 60 * mm, 20 * mm)


def test_fonts_are_embedded_truetype() -> None:
    face, canvas, buffer = make_face()
    face.text("<b>Bold</b> and <i>italic</i> and plain", 0, 0, 60 * mm, 20 * mm)
    canvas.showPage()
    canvas.save()
    page = reader(buffer.getvalue()).pages[0]
    fonts = page["/Resources"]["/Font"]
    names = set()
    for ref in fonts.values():
        font = ref.get_object()
        descendant = font.get("/DescendantFonts")
        font = descendant[0].get_object() if descendant else font
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor  # an embedded TrueType program
        names.add(str(font["/BaseFont"]).split("+")[-1])
    assert names == {
        "BitstreamVeraSans-Roman",
        "BitstreamVeraSans-Bold",
        "BitstreamVeraSans-Oblique",
    }


def test_image_must_stay_in_the_content_folder(toy_content) -> None:
    context = DrawContext(icons=ICONS, content_folder=toy_content.folder)
    face, _, _ = make_face(context)
    face.image("art/knight.png", 0, 0, 20 * mm, 20 * mm)
    with pytest.raises(RenderError, match="leaves the content folder"):
        face.image("../../kit.py", 0, 0, 10, 10)
    with pytest.raises(RenderError, match="no such file"):
        face.image("art/none.png", 0, 0, 10, 10)


@settings(max_examples=40, deadline=None)
@given(
    words=st.lists(
        st.sampled_from(["a", "knight", "[gold]", "<b>rides</b>", "out,", "and"]), max_size=60
    ),
    width=st.floats(min_value=15, max_value=80),
    height=st.floats(min_value=5, max_value=60),
)
def test_fitted_text_fits_or_is_at_the_minimum(
    words: list[str], width: float, height: float
) -> None:
    style = TextStyle(size=11, min_size=5)
    lay = fit(prepare(" ".join(words), icons=ICONS), width * mm, height * mm, style)
    if lay.fits:
        assert lay.height <= height * mm + 1e-6
        assert all(line.width <= width * mm + 1e-6 for line in lay.lines)
    else:
        assert lay.size == 5


def test_toy_kit_text_draws_with_the_ruleset_icons() -> None:
    assert set(TOY.icons) == {"gold", "military", "wide"}


# --- layout invariants over any text (issue 36) ----------------------------------------

WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzMW", min_size=1, max_size=40)
GAPS = st.sampled_from([" ", "  ", "\n", "\n\n"])


@settings(max_examples=150, deadline=None)
@given(
    words=st.lists(st.tuples(WORDS, GAPS), min_size=1, max_size=25),
    width=st.floats(min_value=20.0, max_value=200.0),
    size=st.floats(min_value=5.0, max_value=14.0),
    leading=st.sampled_from([1.0, 1.2, 1.5]),
)
def test_any_layout_keeps_its_words_width_and_line_spacing(
    words: list[tuple[str, str]], width: float, size: float, leading: float
) -> None:
    """Every word comes out in order; no line is wider than the box; lines step down by
    the leading, half a line more after a blank line (a paragraph); the height runs from
    the first line's ascent to the last line's descent; a word wider than the box is cut
    over several lines and the layout says it does not fit."""
    text = "".join(word + gap for word, gap in words).rstrip()
    prepared = prepare(text)
    laid = layout(prepared, size, width, leading)
    shown = "".join(p.text or "" for line in laid.lines for p in line.pieces)
    assert shown.replace(" ", "") == "".join(word for word, _ in words)
    assert all(line.pieces for line in laid.lines)  # no blank line: no two breaks meet
    assert all(line.width <= width + 1e-6 for line in laid.lines)
    assert all(
        p.x >= 0.0 and p.x + p.width <= line.width + 1e-6
        for line in laid.lines
        for p in line.pieces
    )
    step = size * leading
    baselines = [line.baseline for line in laid.lines]
    assert baselines[0] == pytest.approx(prepared.ascent * size)
    steps = [b - a for a, b in itertools.pairwise(baselines)]
    assert all(s == pytest.approx(step) or s == pytest.approx(1.5 * step) for s in steps)
    paragraphs = sum(1 for _, gap in words[:-1] if gap == "\n\n")
    assert sum(1 for s in steps if s == pytest.approx(1.5 * step)) == paragraphs
    assert laid.height == pytest.approx(baselines[-1] + prepared.descent * size)
    too_wide = any(prepare(word).items[0][1] * size > width + 1e-9 for word, _ in words)
    assert laid.fits is not too_wide and laid.split_words is too_wide
