"""Layouts: faces as data, with templates, functions, conditions and escaping."""

from __future__ import annotations

import pytest

from pnp.render import Card, Custom, Face, Fill, IconAt, Image, Label, Layout, Panel, Text, mm
from pnp.render.face import DrawContext
from pnp.render.layout import resolve
from pnp.render.pdf import new_canvas
from pnp.render.report import RenderError
from tests.fixtures.toy.kit import ICONS
from tests.render.pdfcheck import reader


class Unit:
    def __init__(self, name: str, cost: int, art: str | None = None) -> None:
        self.name, self.cost, self.art = name, cost, art


def draw(
    layout: Layout, data: object, context: DrawContext | None = None
) -> tuple[str, DrawContext]:
    canvas, buffer = new_canvas((595.0, 842.0), "layout")
    context = context or DrawContext(icons=ICONS)
    face = Face(
        canvas,
        width=63 * mm,
        height=88 * mm,
        bleed=3 * mm,
        component=Card(id="unit", face=lambda f: None),
        context=context,
    )
    layout.bind(data)(face)
    canvas.showPage()
    canvas.save()
    return reader(buffer.getvalue()).pages[0].extract_text(), context


def test_resolve() -> None:
    unit = Unit("Squire & <Page>", 2)
    assert resolve(5, unit) == 5
    assert resolve("{name} costs {cost}", unit) == "Squire & <Page> costs 2"
    assert resolve("<b>{name}</b>", unit, escape_values=True) == "<b>Squire &amp; &lt;Page&gt;</b>"
    assert resolve(lambda u: u.cost * 2, unit) == 4
    assert resolve("{name}", {"name": "from a dict"}) == "from a dict"
    with pytest.raises(RenderError, match="layout: Unit has no field 'house'"):
        resolve("{house}", unit)


def test_layout_draws_text_labels_and_icons() -> None:
    layout = Layout(
        Fill(lambda u: "#eee" if u.cost < 3 else "#fdd"),
        Panel(3, 3, 57, 82, fill="white", stroke="black", radius=2),
        Label("{name}", 5, 77, size=11, bold=True, max_width=45),
        Text("<b>{name}</b> costs {cost} [gold].", 5, 5, 53, 30, size=9),
        IconAt("military", 50, 60, 8),
        Label("cheap", 5, 70, when=lambda u: u.cost < 3),
        Label("dear", 5, 70, when=lambda u: u.cost >= 3),
        Custom(lambda face, u: face.label(f"custom {u.cost}", 5, 40)),
        Image("{art}", 5, 40, 20, 20),  # empty path: nothing drawn
    )
    text, context = draw(layout, Unit("Squire & <Page>", 2))
    assert "Squire & <Page> costs 2" in text
    assert "cheap" in text and "dear" not in text and "custom 2" in text
    assert context.report.problems == []


def test_layout_overflow_is_reported() -> None:
    layout = Layout(Text("{name} " * 80, 5, 5, 20, 5, size=8, min_size=7))
    _, context = draw(layout, Unit("Ser Long Name", 1))
    assert "overflows its box" in context.report.problems[0].message


def test_a_layout_without_data_is_a_draw_function() -> None:
    back = Layout(Fill("#234"), Label("BACK", 31.5, 44, align="center", color="white"))
    canvas, buffer = new_canvas((595.0, 842.0), "back")
    face = Face(canvas, width=63 * mm, height=88 * mm, bleed=0, component=Card(id="b", face=back))
    back(face)
    canvas.showPage()
    canvas.save()
    assert "BACK" in reader(buffer.getvalue()).pages[0].extract_text()


def test_layout_rejects_non_elements() -> None:
    with pytest.raises(TypeError, match="Layout takes elements"):
        Layout("not an element")  # type: ignore[arg-type]
