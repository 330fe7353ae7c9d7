"""Print legibility of the Iron Throne kit (QA3): words a player reads in play at 6.5 pt or
more, the facedown value in a badge, and inks chosen on the colour actually painted, in
the normal and the low-ink kit."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.render import Component, lowink, mm
from pnp.render.colours import contrast_ratio
from pnp.rulesets.ironthrone import RULESET
from pnp.rulesets.ironthrone.kit.aid import keep_numbers
from pnp.rulesets.ironthrone.kit.faces import FACEDOWN_SIZE, FACEDOWN_VALUE
from pnp.rulesets.ironthrone.kit.style import INK, PARCHMENT, house_palette
from pnp.rulesets.ironthrone.model import CharacterCard, IronThroneContent
from tests.render.recording import RecordingFace, canvas_face

FLOOR = 6.5
READABLE = 4.5


def drawn(component: Component, side: str = "face") -> RecordingFace:
    face = RecordingFace(component, RULESET.icons, side=side)
    draw = component.face if side == "face" else component.back_draw
    assert draw is not None
    draw(face)
    return face


@pytest.fixture(scope="module")
def kit(content: LoadedContent[IronThroneContent]) -> dict[str, Component]:
    assert RULESET.components is not None
    return {c.id: c for c in RULESET.components(content)}


def words(face: RecordingFace) -> list[Any]:
    return [*face.of("label"), *face.of("text")]


def test_no_word_on_a_card_sheet_or_token_prints_under_the_floor(
    kit: dict[str, Component],
) -> None:
    """Footers (HOUSE X, EVENT · HOUSE X) were 5.5 pt, the kind line 6.3 pt, the
    facedown note 5.5 pt and the encounter markers' "this encounter" 4.6 pt."""
    files = ("house-cards", "event-cards", "leader-sheets", "tokens")
    checked = 0
    for comp in kit.values():
        if comp.file not in files:
            continue
        for side in ("face", "back"):
            if side == "back" and comp.back_draw is None:
                continue
            for d in words(drawn(comp, side)):
                assert d.size >= FLOOR, (comp.id, side, d.what, d.size)
                checked += 1
    assert checked > 500


def test_character_cards_show_their_facedown_value_in_a_badge(
    kit: dict[str, Component], content: LoadedContent[IronThroneContent]
) -> None:
    """A character card placed facedown counts 0 (IT-ENC-03): the value prints at 8 pt or
    more in a House-coloured badge that reads, beside the word, not in a 5.5 pt note."""
    m = content.model
    cards = [(h, c) for h in m.houses for c in h.deck if isinstance(c, CharacterCard)]
    assert len(cards) == 5 * 5  # two copies of each
    for house, card in cards:
        face = drawn(kit[card.id])
        pal = house_palette(house)
        (value,) = [d for d in face.of("label") if d.what == str(FACEDOWN_VALUE)]
        assert value.size >= FACEDOWN_SIZE >= 8, card.id
        assert face.ground_under(value) == pal.color, card.id
        assert contrast_ratio(value.color, pal.color) >= READABLE, card.id
        assert [d for d in face.of("label") if d.what == "FACEDOWN"], card.id


def test_the_facedown_badge_sits_clear_of_the_footer_rule_and_words(
    kit: dict[str, Component], content: LoadedContent[IronThroneContent]
) -> None:
    """The footer rule stops short of the facedown pill (QA4 6: it ran through the pill and
    out past its right end), and the House's name, "FACEDOWN" and the pill keep apart."""
    m = content.model
    cards = [(h, c) for h in m.houses for c in h.deck if isinstance(c, CharacterCard)]
    for house, card in cards:
        face = drawn(kit[card.id])
        pal = house_palette(house)
        (pill,) = [d for d in face.of("rect") if d.color == pal.color and d.box.h < 6 * mm]
        footer = [d for d in face.of("stroke") if d.box.y < pill.box.top]
        assert footer, card.id
        for stroke in footer:
            assert stroke.box.right <= pill.box.x - 0.5 * mm, card.id
        (word,) = [d for d in face.of("label") if d.what == "FACEDOWN"]
        (name,) = [d for d in face.of("label") if d.what.startswith("HOUSE ")]
        assert word.box.right <= pill.box.x - 0.8 * mm, card.id
        assert name.box.right <= word.box.x - 1.5 * mm, (card.id, name.what)


def _backs(kit: dict[str, Component], m: IronThroneContent) -> list[tuple[Any, Component]]:
    out = []
    for house in m.houses:
        out.append((house, kit[house.deck[0].id]))  # the House's card back
        out.append((house, kit[f"leader-{m.characters_of(house.id)[0].id}"]))
    return out


def test_house_backs_name_and_motto_read_on_the_house_colour(
    kit: dict[str, Component], content: LoadedContent[IronThroneContent]
) -> None:
    """The House name and motto on card and leader backs were in the accent: Targaryen's
    red on black 2.7:1, Tyrell's 3.3:1, Lannister's 4.0:1, Stark's 4.2:1."""
    for house, comp in _backs(kit, content.model):
        face = drawn(comp, "back")
        said = words(face)
        assert len(said) >= 2, comp.id
        for d in said:
            assert contrast_ratio(d.color, house.color) >= READABLE, (comp.id, d.what)


def _low_ink_words(comp: Component) -> list[tuple[tuple[float, ...], str]]:
    """The back of ``comp`` drawn for the low-ink kit: each text shown, with its colour."""
    canvas, face = canvas_face(comp, RULESET.icons, side="back", low_ink=True)
    w, h = comp.trim_size()
    start = len(canvas._code)
    assert comp.back_draw is not None
    comp.back_draw(face)
    (code,) = lowink.rewrite(canvas._code[start:], w, h)
    found = re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) rg \(((?:[^()\\]|\\.)*)\) Tj", code)
    # the background: the colour the rewrite gave the first fill of the whole side
    ground = re.search(r"([\d.]+) ([\d.]+) ([\d.]+) rg [-\d. ]+ re [fB]", code)
    assert ground is not None
    shown = [(tuple(float(v) for v in f[:3]), f[3]) for f in found]
    return [(tuple(float(v) for v in ground.groups()), "ground"), *shown]


def test_house_backs_read_in_the_low_ink_kit_too(
    kit: dict[str, Component], content: LoadedContent[IronThroneContent]
) -> None:
    """The low-ink kit tints each back: its words stay 4.5:1 on the tint (Targaryen's red
    name was 4.1:1 there)."""
    for _house, comp in _backs(kit, content.model):
        (ground, _), *shown = _low_ink_words(comp)
        assert len(shown) >= 2, comp.id
        for colour, text in shown:
            assert contrast_ratio(colour, ground) >= READABLE, (comp.id, text, colour, ground)


def test_character_token_names_sit_on_a_plate(
    kit: dict[str, Component], content: LoadedContent[IronThroneContent]
) -> None:
    """A living character's name is on a parchment plate, not over the sigil's watermark
    (white on Stark's pale wolf was 3.1:1); the plate holds the whole text box."""
    for char in content.model.characters:
        face = drawn(kit[f"token-{char.id}"])
        (name,) = face.of("text")
        assert face.ground_under(name) == PARCHMENT, char.id
        assert contrast_ratio(name.color, PARCHMENT) >= READABLE
        plate = [r for r in face.of("rect") if r.color == PARCHMENT][-1]
        assert plate.box.x <= name.box.x and name.box.right <= plate.box.right, char.id
        assert plate.box.y <= name.box.y and name.box.top <= plate.box.top, char.id
        assert name.color == INK


def test_the_power_reserve_reads_on_its_tint(
    kit: dict[str, Component], content: LoadedContent[IronThroneContent]
) -> None:
    """POWER RESERVE (Stark's was 3.5:1) and the note under it (Targaryen's 4.3:1) reach
    4.5:1 on the reserve's tint."""
    m = content.model
    for house in m.houses:
        tint = house_palette(house).tint
        for char in m.characters_of(house.id):
            face = drawn(kit[f"leader-{char.id}"])
            (label,) = [d for d in face.of("label") if d.what == "POWER RESERVE"]
            assert contrast_ratio(label.color, tint) >= READABLE, char.id
            (note,) = [d for d in face.of("text") if d.what.startswith("Setup:")]
            assert contrast_ratio(note.color, tint) >= READABLE, char.id


def _corners_from(box: Any, cx: float, cy: float) -> float:
    """How far the farthest corner of ``box`` lies from ``(cx, cy)``."""
    return max(
        ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for x in (box.x, box.right) for y in (box.y, box.top)
    )


def test_encounter_marker_words_stay_inside_the_inner_disc(kit: dict[str, Component]) -> None:
    """Every line of an encounter marker ("+1", "NO PENALTIES", "this encounter") lies
    inside the tinted disc, 0.75 mm clear of its edge (QA4 5: "encounter" crossed it)."""
    markers = [c for cid, c in kit.items() if cid.startswith("marker-")]
    assert len(markers) == 6
    for marker in markers:
        for side in ("face", "back"):
            face = drawn(marker, side)
            inner = min(face.of("circle"), key=lambda d: d.box.w)
            r = inner.box.w / 2
            cx, cy = inner.box.x + r, inner.box.y + r
            assert len(face.lines) >= 3, marker.id
            for line in face.lines:
                far = _corners_from(line.box, cx, cy)
                assert far <= r - 0.75 * mm, (marker.id, side, line.what, far / mm, r / mm)


def test_the_aid_never_breaks_a_line_after_a_number(kit: dict[str, Component]) -> None:
    """No line of the player aid ends in a bare number whose icon or word starts the next
    (QA4 15: "distributes 2" / "[power] power")."""
    aid = kit["player-aid"]
    checked = 0
    for side in ("face", "back"):
        for line in drawn(aid, side).lines:
            checked += 1
            assert not re.search(r"(^|\s)\d+$", line.what.rstrip()), (side, line.what)
    assert checked > 30


def test_keep_numbers_joins_a_number_to_what_follows() -> None:
    """A number holds on to the icon or word after it; decimals and names are left be."""
    assert keep_numbers("distributes 2 [power] power") == "distributes 2\u00a0[power] power"
    assert keep_numbers("draws 2 cards") == "draws 2\u00a0cards"
    assert keep_numbers("Window 1: Support") == "Window 1: Support"
    assert keep_numbers("1.5 mm, H2 x") == "1.5 mm, H2 x"
