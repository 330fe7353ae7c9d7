"""The Iron Throne's icons and sigils (:mod:`pnp.rulesets.ironthrone.kit.icons`): a glyph for
every sigil a House may name, each icon drawable as SVG for the HTML reference.
"""

from __future__ import annotations

import re

from pnp.content import LoadedContent
from pnp.rulesets.ironthrone.kit.icons import GLYPHS, ICONS
from pnp.rulesets.ironthrone.model import IronThroneContent
from pnp.rulesets.ironthrone.sigils import SIGILS


def test_sigils_and_icons(content: LoadedContent[IronThroneContent]) -> None:
    assert set(SIGILS) <= set(ICONS)
    assert {h.sigil for h in content.model.houses} == set(SIGILS)
    assert set(GLYPHS) == set(ICONS)
    for name, icon in ICONS.items():
        svg = icon.svg_symbol()  # the HTML reference embeds every icon as SVG
        assert svg.startswith(f'<symbol id="pnp-icon-{name}"'), name
        assert len(SHAPE.findall(svg)) >= 2, name
        assert icon.label


SHAPE = re.compile(r"<(?:path|circle|ellipse|polygon|rect|line|polyline)\b")
