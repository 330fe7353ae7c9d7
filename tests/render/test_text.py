"""Setting text: shrink-to-fit, overflow reports, inline icons, escaping, fonts."""

from __future__ import annotations

import io
import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from pnp.render import Card, Face, escape, fonts, mm
from pnp.render.face import DrawContext
from pnp.render.icons import ICON_DROP, ICON_GAP
from pnp.render.markup import Run, Space, Token
from pnp.render.pdf import new_canvas
from pnp.render.report import RenderError
from pnp.render.textbox import TextLayout, TextStyle, draw, fit, layout, prepare
from tests.fixtures.toy import TOY
from tests.fixtures.toy.kit import ICONS
from tests.render.pdfcheck import Fragment, fragments, reader

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


# --- the textbox API: sizes, spaces, cut words, drawing (issue 36) ----------------------

SANS = fonts.family()


def line_texts(lay: TextLayout) -> list[str]:
    """Each line's text, pieces joined (icons by name)."""
    return ["".join(p.text or f"[{p.icon}]" for p in line.pieces) for line in lay.lines]


def test_a_style_accepts_every_alignment_and_a_minimum_under_one_point() -> None:
    for align in ("left", "center", "right"):
        for valign in ("top", "middle", "bottom"):
            assert TextStyle(align=align, valign=valign).valign == valign
    assert TextStyle(size=0.8, min_size=0.5).min_size == 0.5


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"size": 8, "min_size": 0}, "text size 8 and minimum 0: need 0 < minimum <= size"),
        ({"size": 6, "min_size": 7}, "text size 6 and minimum 7: need 0 < minimum <= size"),
        ({"align": "centre"}, "align must be left, center or right, got 'centre'"),
        ({"valign": "centre"}, "valign must be top, middle or bottom, got 'centre'"),
    ],
)
def test_a_bad_style_says_what_is_wrong(kw: dict, message: str) -> None:
    with pytest.raises(RenderError) as error:
        TextStyle(**kw)
    assert str(error.value) == message


def test_prepare_measures_with_the_family_asked_for() -> None:
    prepared = prepare("Knight")
    assert prepared.family == SANS
    assert prepared.ascent == fonts.ascent(SANS.regular) > 0
    assert prepared.descent == fonts.descent(SANS.regular) > 0
    # so one line is as tall as the font's ascent and descent at the size
    lay = layout(prepared, 10, 1000)
    assert lay.height == pytest.approx(10 * (prepared.ascent + prepared.descent))


def test_all_the_missing_characters_are_listed_once() -> None:
    assert prepare("Go → north ⇒ and → back").missing == "→⇒"


def test_an_unknown_icon_with_no_icons_registered_says_so() -> None:
    with pytest.raises(RenderError) as error:
        prepare("Pay [gold]")
    assert str(error.value) == "unknown icon [gold] (known: none are registered)"


def test_an_icon_is_as_wide_as_its_aspect_and_the_gap_after_it() -> None:
    lay = layout(prepare("[gold]", icons=ICONS), 10, 1000)
    assert lay.lines[0].width == pytest.approx(10 * (ICONS["gold"].aspect + ICON_GAP))


def test_without_newlines_a_blank_line_is_a_space() -> None:
    lay = layout(prepare("Knight\n\nrides", newlines=False), 10, 1000)
    assert line_texts(lay) == ["Knight rides"]
    assert line_texts(layout(prepare("Knight\n\nrides"), 10, 1000)) == ["Knight", "rides"]


def test_words_of_one_font_on_a_line_are_one_piece() -> None:
    lay = layout(prepare("Knights ride out <b>now</b> and <b>then</b>"), 10, 1000)
    assert [p.text for p in lay.lines[0].pieces] == ["Knights ride out", "now", "and", "then"]
    (first, now, _, _) = lay.lines[0].pieces
    space = fonts.unit_width(SANS.regular, " ") * 10
    assert now.x == pytest.approx(first.x + first.width + space)


def test_spaces_that_meet_count_once_at_the_widest() -> None:
    """A bold space then a plain one (``a<b> </b> b``) leave one space as wide as the
    bold one between the words, on the line and when deciding where it breaks."""
    bold_space = fonts.unit_width(SANS.bold, " ")
    plain_space = fonts.unit_width(SANS.regular, " ")
    assert bold_space > plain_space
    prepared = prepare("a<b> </b> b")
    lay = layout(prepared, 10, 1000)
    (a, b) = lay.lines[0].pieces
    assert b.x == pytest.approx(a.width + 10 * bold_space)
    a_w, b_w = fonts.unit_width(SANS.regular, "a"), fonts.unit_width(SANS.regular, "b")
    # wide enough with the plain space, not with the bold one: "b" goes on the next line
    between = 10 * (a_w + b_w + (plain_space + bold_space) / 2)
    assert line_texts(layout(prepared, 10, between)) == ["a", "b"]


def test_an_empty_text_lays_out_as_nothing_and_fits_any_box() -> None:
    empty = TextLayout(10, [], 0.0, True, False)
    assert layout(prepare(""), 10, 100) == empty
    lay = fit(prepare(""), 50, 0.0, TextStyle(size=10, min_size=5))
    assert lay == empty
    assert draw(Canvas(io.BytesIO()), lay, 0, 0, 50, 0, TextStyle(), lambda *a: None) == 0


def test_a_layout_that_fits_says_so() -> None:
    lay = layout(prepare("Knight rides"), 10, 1000)
    assert lay.fits is True and lay.split_words is False


@pytest.mark.parametrize(
    ("size", "min_size", "target"),
    [
        (12, 5, 12),
        (12, 5, 11.75),
        (12, 5, 11.5),
        (12, 5, 9),
        (12, 5, 7.25),
        (12, 5, 5.25),
        (12, 5, 5),
        (8, 7.75, 7.75),
        (8, 7.5, 7.75),
    ],
)
@pytest.mark.parametrize("text", ["Knight", "Knight rides\n\nout\nat dawn\n\nalone"])
def test_fit_finds_the_size_whose_height_is_the_box(
    size: float, min_size: float, target: float, text: str
) -> None:
    """A box exactly as tall as the text at one of the sizes tried gets that size: the
    height counts the font's descent and the half lines between paragraphs at the style's
    leading, and every quarter point from the size down to the minimum is tried."""
    style = TextStyle(size=size, min_size=min_size, leading=1.5)
    prepared = prepare(text)
    height = layout(prepared, target, 1000, 1.5).height
    lay = fit(prepared, 1000, height, style)
    assert lay.fits is True and lay.size == target
    assert lay.height == pytest.approx(height)
    assert [round(line.baseline, 6) for line in lay.lines] == [
        round(line.baseline, 6) for line in layout(prepared, target, 1000, 1.5).lines
    ]
    if target > min_size:
        assert fit(prepared, 1000, height * 0.999, style).size < target


def test_text_taller_than_its_box_at_the_minimum_does_not_fit() -> None:
    lay = fit(prepare("Knight"), 1000, 1.0, TextStyle(size=10, min_size=8))
    assert lay.fits is False and lay.size == 8 and line_texts(lay) == ["Knight"]


def test_a_text_can_start_with_a_word_too_wide_for_the_box() -> None:
    lay = layout(prepare("Supercalifragilistic rides"), 10, 30)
    texts = line_texts(lay)
    assert all(texts) and "".join(texts) == "Supercalifragilisticrides"
    assert texts[-1] == "rides" and lay.split_words and not lay.fits


def test_a_word_cut_over_lines_keeps_all_its_fonts_and_fills_each_line() -> None:
    prepared = prepare("<b>Super</b>cali[gold]fragilistic", icons=ICONS)
    lay = layout(prepared, 10, 30)
    texts = line_texts(lay)
    assert "".join(texts) == "Supercali[gold]fragilistic" and len(texts) > 2
    for line, after in itertools.pairwise(lay.lines):
        assert line.width <= 30 + 1e-6
        # the next line's first piece would not have fitted at the end of this one
        first = after.pieces[0]
        unit = (
            fonts.unit_width(first.font, (first.text or "")[0]) * 10 if first.text else first.width
        )
        assert line.width + unit > 30


def test_a_box_narrower_than_a_letter_gets_a_letter_a_line() -> None:
    assert line_texts(layout(prepare("Mmm"), 10, 3)) == ["M", "m", "m"]


def test_a_paragraph_gap_comes_before_a_cut_word() -> None:
    lay = layout(prepare("Knight\n\nSupercalifragilistic"), 10, 40, 1.2)
    steps = [b.baseline - a.baseline for a, b in itertools.pairwise(lay.lines)]
    assert len(steps) > 2
    assert steps[0] == pytest.approx(1.5 * 12)
    assert steps[1:] == pytest.approx([12] * (len(steps) - 1))


# drawing, read back from the page


def drawn_fragments(
    lay: TextLayout, box: tuple[float, float, float, float], style: TextStyle
) -> tuple[list[Fragment], list[tuple]]:
    """The text pieces ``draw`` put on a page, and the icons it asked to paint."""
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(300, 300))
    icons: list[tuple] = []
    draw(canvas, lay, *box, style, lambda *a: icons.append(a))
    canvas.showPage()
    canvas.save()
    return fragments(out.getvalue())[0], icons


@pytest.mark.parametrize("valign", ["top", "middle", "bottom"])
@pytest.mark.parametrize("align", ["left", "center", "right"])
def test_a_text_that_fits_sits_where_its_style_puts_it(align: str, valign: str) -> None:
    style = TextStyle(size=10, min_size=10, align=align, valign=valign)  # type: ignore[arg-type]
    x, y, w, h = 20.0, 30.0, 150.0, 80.0
    lay = fit(prepare("Knight rides\nout"), w, h, style)
    assert lay.fits and lay.height < h
    placed, _ = drawn_fragments(lay, (x, y, w, h), style)
    assert [f.text for f in placed] == ["Knight rides", "out"]
    top = {"top": y + h, "middle": y + (h + lay.height) / 2, "bottom": y + lay.height}[valign]
    for fragment, line in zip(placed, lay.lines, strict=True):
        left = {"left": x, "center": x + (w - line.width) / 2, "right": x + w - line.width}
        assert fragment.x == pytest.approx(left[align], abs=1e-3)
        assert fragment.y == pytest.approx(top - line.baseline, abs=1e-3)


def test_an_inline_icon_is_painted_half_a_gap_into_its_room() -> None:
    style = TextStyle(size=10, min_size=10)
    lay = fit(prepare("Pay [gold] now", icons=ICONS), 150, 50, style)
    placed, icons = drawn_fragments(lay, (20, 30, 150, 50), style)
    ((name, ix, _, _),) = icons
    gold = lay.lines[0].pieces[1]
    assert name == "gold" and gold.x > 0
    assert ix == pytest.approx(20 + gold.x + 10 * ICON_GAP / 2)
    assert placed[0].x == pytest.approx(20, abs=1e-3)


@pytest.mark.parametrize("valign", ["top", "middle", "bottom"])
def test_overflowing_text_starts_at_the_top_and_keeps_a_line_that_just_fits(
    valign: str,
) -> None:
    style = TextStyle(size=8, min_size=8, valign=valign)  # type: ignore[arg-type]
    lay = fit(prepare(LOREM * 3), 40 * mm, 12 * mm, style)
    assert lay.fits is False
    descent = lay.height - lay.lines[-1].baseline
    height = lay.lines[2].baseline + descent  # the third line reaches the bottom exactly
    placed, _ = drawn_fragments(lay, (10, 10, 40 * mm, height), style)
    assert len(placed) == 3
    assert placed[0].y == pytest.approx(10 + height - lay.lines[0].baseline, abs=1e-3)


def test_lines_wrap_break_and_part_as_written() -> None:
    """A wrapped line starts with its word (not the space before it) one leading down; a
    line break is one leading, a too-wide word right after it starts on the next line,
    and a paragraph break adds half a leading."""
    width = 10 * fonts.unit_width(SANS.regular, "rides out") + 0.5
    lay = layout(prepare("Knight rides out\nSupercalifragilistic\n\nalone"), 10, width, 1.2)
    texts = line_texts(lay)
    assert texts[:2] == ["Knight", "rides out"] and texts[-1] == "alone"
    assert all(texts) and "".join(texts[2:-1]) == "Supercalifragilistic"
    steps = [b.baseline - a.baseline for a, b in itertools.pairwise(lay.lines)]
    assert steps == pytest.approx([12.0] * (len(steps) - 1) + [18.0])


@pytest.mark.parametrize(
    ("markup", "pieces"),
    [
        # a plain run after a bold one: the words after it join it across their spaces
        ("<b>Bold</b> plain text here", [("Bold", True), ("plain text here", False)]),
        # an empty italic run inside a word: its two halves join with no space
        ("x <i>it</i> y<i></i>z w", [("x", False), ("it", False), ("yz w", False)]),
        # two bold runs given apart inside one word (a token list), after a plain one
        (
            [Run("c"), Space(), Run("a", bold=True), Run("b", bold=True)],
            [("c", False), ("ab", True)],
        ),
        # a word whose first part joins the run before it keeps its bold second part
        ("a b<b>c</b> d", [("a b", False), ("c", True), ("d", False)]),
    ],
)
def test_joined_pieces_are_as_wide_as_their_text(
    markup: str | list[Token], pieces: list[Any]
) -> None:
    """Runs of one font are drawn as one piece: each piece holds its text whole, starts
    where the one before it ends (plus a space), and is exactly as wide as its text
    measures in its font, wherever on the line it starts."""
    (line,) = layout(prepare(markup, icons=ICONS), 10, 400).lines
    assert [p.text for p in line.pieces] == [text for text, _ in pieces]
    assert [p.font.endswith("-Bold") for p in line.pieces] == [bold for _, bold in pieces]
    for piece in line.pieces:
        assert piece.text is not None
        assert piece.width == pytest.approx(stringWidth(piece.text, piece.font, 10), abs=1e-9)
    assert line.pieces[-1].x + line.pieces[-1].width == pytest.approx(line.width, abs=1e-9)


def test_a_cut_word_keeps_the_letters_that_fill_the_width_exactly() -> None:
    """A word wider than its box is cut after the last letter that still fits: letters
    that fill the width exactly stay on the line."""
    size = 10.0
    width = fonts.unit_width(fonts.family(fonts.DEFAULT_FAMILY).regular, "abc") * size
    lay = layout(prepare("abcdefgh"), size, width)
    assert lay.split_words
    assert [p.text for line in lay.lines for p in line.pieces][:1] == ["abc"]


def test_layout_leads_lines_at_1_2_times_the_size_by_default() -> None:
    """Without a leading, lines are 1.2 times the size apart (the style's default)."""
    prepared = prepare("one two three four five six seven eight nine ten")
    assert layout(prepared, 10, 60).height == layout(prepared, 10, 60, 1.2).height
    assert layout(prepared, 10, 60).height != layout(prepared, 10, 60, 2.2).height
