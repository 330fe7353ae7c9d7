"""Print legibility of the thrones kit (QA3): names that wrap instead of shrinking, a
readable type line, plots that show their House by crest, readable inks."""

from __future__ import annotations

import pytest

from pnp.content import LoadedContent
from pnp.render import Component, escape
from pnp.render.colours import contrast_ratio
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.kit import drawing as dr
from pnp.rulesets.thrones.kit.components import plot_art
from pnp.rulesets.thrones.kit.faces import NAME_MIN, TYPE_SIZE
from pnp.rulesets.thrones.kit.markup import rules_markup
from tests.render.recording import RecordingFace
from tests.rulesets.thrones.kit.conftest import model


def drawn(component: Component) -> RecordingFace:
    face = RecordingFace(component, RULESET.icons)
    component.face(face)
    return face


@pytest.fixture(scope="module")
def kit(content: LoadedContent) -> dict[str, Component]:
    assert RULESET.components is not None
    return {c.id: c for c in RULESET.components(content)}


def test_card_names_wrap_rather_than_shrink_and_the_type_line_reads(
    kit: dict[str, Component], content: LoadedContent
) -> None:
    """No card or plot name prints under 7 pt (Grand Maester Pycelle was 5.7 pt): a long
    one takes two lines; the type line is 6.5 pt (it was 5.6 pt)."""
    m = model(content)
    names = {c.id: c.name for c in m.cards}
    names.update({f"plot-{p.id}": p.name for p in m.plots})
    wrapped = 0
    for cid, name in names.items():
        face = drawn(kit[cid])
        shown = (name, f"<b>{escape(name)}</b>")
        lines = [d for d in [*face.of("label"), *face.of("text")] if d.what in shown]
        assert lines, cid
        assert all(d.size >= NAME_MIN for d in lines), (cid, [d.size for d in lines])
        wrapped += any(d.kind == "text" for d in lines)
        types = [d for d in face.of("label") if d.what.isupper() and d.size < 9]
        assert types and all(d.size >= TYPE_SIZE >= 6.5 for d in types), cid
    assert wrapped >= 1  # Grand Maester Pycelle


def test_every_house_plot_carries_its_house_shield(content: LoadedContent) -> None:
    """A House's plots show its shield (Greyjoy's and Targaryen's frames are nearly the
    same dark); shared plots have none and say on the type line that any House uses them."""
    m = model(content)
    houses = {h.id: h for h in m.houses}
    shared = 0
    for plot in m.plots:
        art = plot_art(plot, houses)
        owner = plot.house_only or plot.house
        if owner:
            assert [s[0] for s in art.heraldry.shields] == [houses[owner].sigil], plot.id
            assert art.subtitle == houses[owner].name.upper()
        else:
            shared += 1
            assert art.heraldry.neutral and art.subtitle == "ANY HOUSE", plot.id
    assert shared >= 1


def test_title_markers_and_first_player_print_at_the_floor(kit: dict[str, Component]) -> None:
    """Lord Commander of the Kingsguard was 5.25 pt, First player 5.6 pt."""
    tokens = [c for cid, c in kit.items() if cid.startswith("marker-") or "first-player" in cid]
    assert len(tokens) >= 6
    for token in tokens:
        face = drawn(token)
        for d in [*face.of("label"), *face.of("text")]:
            assert d.size >= 6.5, (token.id, d.what, d.size)


def test_challenge_icons_in_card_text_are_followed_by_their_word() -> None:
    """An inline icon is only text-high: the kit names the challenge after it."""
    assert rules_markup("After you win a [power] challenge") == (
        "After you win a [power] power challenge"
    )
    assert rules_markup("Gain 1 [gold].") == "Gain 1 [gold]."


def test_house_words_read_on_the_colour_painted(
    kit: dict[str, Component], content: LoadedContent
) -> None:
    """HOUSE and the name on every House card, and the words on every banner's pennant,
    reach 4.5:1 (Martell's HOUSE was light ink at 3.39:1)."""
    for house in model(content).houses:
        face = drawn(kit[f"house-{house.id}"])
        for d in face.of("label"):
            assert contrast_ratio(d.color, house.color) >= 4.5, (house.id, d.what)
        pennant = dr.mix(house.color, "#000000", 0.18)
        assert contrast_ratio(dr.ink_on(pennant), pennant) >= 4.5, house.id


def test_the_first_player_raven_keeps_a_dark_outline_in_low_ink() -> None:
    """The raven is a large dark fill the low-ink kit tints pale (1.4:1, visual QA): it is
    outlined in its own ink, which low ink keeps dark."""
    from reportlab.graphics.shapes import Polygon

    from pnp.rulesets.thrones.kit.icons import ICONS

    drawing = ICONS["raven"].drawing()
    polygons = [s for s in drawing.contents if isinstance(s, Polygon) and s.fillColor]
    body = max(polygons, key=lambda p: len(p.points))
    assert body.strokeColor == body.fillColor and body.strokeWidth > 0
