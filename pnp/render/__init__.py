"""The print engine: cards, tokens, boards and reference sheets as print-ready PDFs.

The engine knows no ruleset. A ruleset *declares* its kit and the engine
imposes it on paper (n-up, rotation, bleed, crop marks, duplex backs,
gutterfold, token sheets, tiled boards), sets its text and writes the PDFs.

Declaring a kit
===============

Optional fields of :class:`pnp.rulesets.Ruleset` plug a ruleset in (a
ruleset without them still works: ``pnp build`` says it has no kit yet):

``components(content) -> list[Component]``
    what to print, built from the loaded content: :class:`Card`,
    :class:`Token` and :class:`Board` values (sizes in mm, ``copies``, a
    ``face`` draw function and, for cards and double-sided tokens, a ``back``);
``icons``
    an :class:`IconSet` of vector icons, written ``[military]`` in text;
``reference_context(content) -> dict``
    extra variables for the reference template (see below);
``templates_dir``
    where that template lives, if not in ``templates/<content_folder>/``.

A draw function takes a :class:`Face`: points, origin at the trim's
lower-left corner, art bleeding ``face.bleed`` beyond the trim, helpers for
text, icons and images, and the raw reportlab canvas as ``face.canvas``.
Content strings are *plain text*: put them into markup with :func:`escape`,
so ``Squire & <Page>`` prints as itself. Give identical backs one shared
function object; every distinct side is drawn once per file and reused. A
draw function that raises is reported with its component and side, as is
any bad declaration (duplicate id, unknown size, negative copies …).

A complete example (the toy fixture in ``tests/fixtures/toy/`` is this)::

    from functools import partial
    from reportlab.graphics.shapes import Circle, Drawing
    from pnp.render import Board, Card, Face, IconSet, Token, escape, mm

    ICONS = IconSet()

    @ICONS.icon("gold", label="Gold")
    def gold(d: Drawing) -> None:
        d.add(Circle(50, 50, 45, fillColor="#d4a017", strokeColor=None))

    def unit_face(unit: Unit, face: Face) -> None:
        face.fill("#f4ecd8")                                   # bleeds to the edge
        box = face.safe_box()
        face.label(unit.name, box.x, box.top - 12, size=11, bold=True,
                   max_width=box.w - 14 * mm)                  # plain text, shrinks
        face.label(str(unit.cost), box.right, box.top - 12, size=12, align="right")
        face.text(f"Costs {unit.cost} [gold]. <i>{escape(unit.flavor)}</i>",
                  box.x, box.y, box.w, box.h / 2, size=9, min_size=6)

    def deck_back(face: Face) -> None:
        face.fill("#2b3a55")
        face.icon("gold", face.width / 2 - 10 * mm, face.height / 2 - 10 * mm, 20 * mm)

    def components(content: LoadedContent[ToyContent]) -> list[Component]:
        cards = [Card(id=u.id, name=u.name, copies=u.copies, size="poker",
                      face=partial(unit_face, u), back=deck_back)
                 for u in content.model.cards]
        return [*cards,
                Token(id="coin", shape="round", size=20, copies=12,
                      face=coin_face, back=coin_back),
                Board(id="arena", size=(600, 840), face=arena_face)]

    TOY = Ruleset(name="toy", ..., components=components, icons=ICONS,
                  reference_context=lambda content: {"glossary": GLOSSARY})

Faces as data: instead of a function, a :class:`Layout` of elements
(:class:`Fill`, :class:`Panel`, :class:`Text`, :class:`Label`,
:class:`IconAt`, :class:`Image`, :class:`Custom`) positioned in mm, whose
values are constants, ``"{field}"`` templates or functions of the content;
``UNIT_LAYOUT.bind(unit)`` is the draw function (see :mod:`pnp.render.layout`).

Where things go: cards go to ``cards.pdf``, tokens to ``tokens.pdf``, each
board to ``<id>.pdf`` (``file=`` picks another name; a file holds one kind).
``pnp build`` writes them to ``output/<ruleset>/`` with ``manifest.json``.

Sizes: cards ``"poker"`` 63×88, ``"bridge"`` 56×87, ``"mini"`` 44×63,
``"tarot"`` 70×120, ``"square"`` 70×70 mm, or ``(w, h)`` mm. Tokens:
``round`` (size = diameter), ``square`` (side) or pointy-top ``hex`` (width
across the flats); square and hex tokens share cut lines, so their art
stops at the cut. Boards: any ``(w, h)`` mm, tiled when larger than the paper.

Text markup
===========

``<b>…</b>``, ``<i>…</i>``, ``<br/>``, ``[icon]``, and the entities ``&amp;``
``&lt;`` ``&gt;`` ``&#91;`` ``&#93;``; in card text a newline breaks the line
and a blank line starts a paragraph. :meth:`Face.text` shrinks the text to
fit its box down to ``min_size``; what still overflows (and any character the
font lacks) is listed after the run, and ``--strict`` turns it into an error.

Reference sheets
================

``templates/<ruleset>/reference.xml.j2`` (or ``Ruleset.templates_dir``) is a
Jinja2 template, rendered sandboxed with autoescaping and StrictUndefined.
Its variables: ``ruleset`` (``name``, ``title``, ``players``), ``content`` (the
content model), ``icons`` (a list of ``name``/``label``) and whatever
``reference_context(content)`` returns. Every ``{{ value }}`` is escaped; pass
markup you trust with ``{{ text | markup }}``. It produces a small document
markup that the engine flows over as many pages as needed and also exports
as Markdown and standalone HTML (``pnp rules RULESET --format pdf|md|html``)::

    <h1>{{ ruleset.title }}</h1>
    <p>For {{ ruleset.players }} players. Gain <b>1</b> [gold] each round.</p>
    <h2>Phases</h2>
    <ol>{% for p in phases %}<li><b>{{ p.name }}</b>: {{ p.text }}</li>{% endfor %}</ol>
    <table><tr><th>Card</th><th>Cost</th></tr>
    {% for c in content.cards %}<tr><td>{{ c.name }}</td><td>{{ c.cost }}</td></tr>{% endfor %}
    </table>

Blocks: ``<h1>`` ``<h2>`` ``<h3>``, ``<p>``, ``<ul>``/``<ol>`` with ``<li>``
(nestable), ``<table>`` of ``<tr>`` rows of ``<th>``/``<td>`` cells, ``<hr/>``
and ``<pagebreak/>``; inside them the inline markup above.
"""

import importlib
from typing import TYPE_CHECKING, Any

# The names below are imported on first use (PEP 562): importing a light part of
# the engine (``pnp.render.options``, ``pnp.render.units``) must not load
# reportlab, so ``pnp --help`` and the referee's commands start without it.
_WHERE = {
    "Board": "components",
    "Card": "components",
    "Component": "components",
    "Draw": "components",
    "Token": "components",
    "check_components": "components",
    "DrawContext": "face",
    "Face": "face",
    "TextFit": "face",
    "Box": "geometry",
    "Icon": "icons",
    "IconSet": "icons",
    "Custom": "layout",
    "Fill": "layout",
    "IconAt": "layout",
    "Image": "layout",
    "Label": "layout",
    "Layout": "layout",
    "Panel": "layout",
    "Text": "layout",
    "MarkupError": "markup",
    "escape": "markup",
    "RenderError": "report",
    "RenderReport": "report",
    "CARD_SIZES": "units",
    "PAPERS": "units",
    "inch": "units",
    "mm": "units",
    "pt": "units",
}

if TYPE_CHECKING:
    from pnp.render.components import Board, Card, Component, Draw, Token, check_components
    from pnp.render.face import DrawContext, Face, TextFit
    from pnp.render.geometry import Box
    from pnp.render.icons import Icon, IconSet
    from pnp.render.layout import Custom, Fill, IconAt, Image, Label, Layout, Panel, Text
    from pnp.render.markup import MarkupError, escape
    from pnp.render.report import RenderError, RenderReport
    from pnp.render.units import CARD_SIZES, PAPERS, inch, mm, pt


def __getattr__(name: str) -> Any:
    """Import one of the package's names from its module on first use."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # later uses find it directly
    return value


__all__ = [
    "CARD_SIZES",
    "PAPERS",
    "Board",
    "Box",
    "Card",
    "Component",
    "Custom",
    "Draw",
    "DrawContext",
    "Face",
    "Fill",
    "Icon",
    "IconAt",
    "IconSet",
    "Image",
    "Label",
    "Layout",
    "MarkupError",
    "Panel",
    "RenderError",
    "RenderReport",
    "Text",
    "TextFit",
    "Token",
    "check_components",
    "escape",
    "inch",
    "mm",
    "pt",
]
