"""House cards and event cards: faces and backs.

Every card has the same anatomy, so a hand reads at a glance:

* a corner badge (top left) telling the kind: the hostility *value*, the
  truce banner, the character bust or the event letter;
* the title and, under it, the kind in capitals (and the character's name);
* an art window in the House's tint with the kind's glyph or the sigil;
* the rules text, generated from the content, never written per card:
  :func:`~pnp.rulesets.ironthrone.effects.describe` for character cards,
  :func:`~pnp.rulesets.ironthrone.model.event_text` for events;
* the flavour line and a footer naming the House.

Backs: one per House for its house cards (a hostage shows only this back),
one for the whole event deck.
"""

from __future__ import annotations

from reportlab.lib.colors import toColor

from pnp.render import Face, escape, mm
from pnp.rulesets.ironthrone.effects import Ability, describe
from pnp.rulesets.ironthrone.model import (
    Character,
    CharacterCard,
    Hostility,
    House,
    HouseEvent,
    Rules,
    SpecialEvent,
    Truce,
    event_text,
)
from pnp.rulesets.ironthrone.style import (
    INK,
    MUTED,
    PARCHMENT,
    SPECIAL,
    SPECIAL_ACCENT,
    Palette,
    badge,
    frame,
    glyph,
    house_palette,
    medallion,
    rule,
    sigil,
)

#: the glyph a special event shows, by how it names the defender
SPECIAL_GLYPHS = {
    "most_influence_spread": "influence",
    "most_cards_in_hand": "card",
    "most_leader_power": "power",
}

_BORDER = 2.5 * mm
_PAD = 4.5 * mm  # content inset from the trim


def ability_markup(ability: Ability) -> str:
    """The generated text of ``ability`` as markup: the timing (and cost) in bold."""
    text = describe(ability)
    head, sep, body = text.partition(": ")
    if not sep:
        return escape(text)
    return f"<b>{escape(head)}:</b> {escape(body)}"


def truce_reminder(rules: Rules) -> str:
    """The reminder printed on truce cards, from the content's truce terms."""
    t = rules.truce
    terms = []
    if t.influence:
        terms.append(f"{t.influence} influence")
    if t.hostages:
        terms.append(f"up to {t.hostages} hostages")
    if t.power:
        terms.append(f"up to {t.power} power")
    offer = ", ".join(terms[:-1]) + (" and " if len(terms) > 1 else "") + terms[-1]
    return (
        f"<b>Both truce:</b> the active players bargain for {offer} each. "
        "If nothing changes hands, both sides lose.<br/>"
        "<b>Truce against hostility:</b> betrayal. The truce side loses but takes "
        "a hostage from each winner."
    )


# ------------------------------------------------------------------ anatomy


def _header(face: Face, pal: Palette, title: str, kind: str) -> float:
    """Badge room, title (two lines when long) and kind line; returns the y under the header."""
    top = face.height - _PAD
    left = _PAD + 12 * mm
    size = 6.5 * mm
    right = face.width - _PAD - size - 1 * mm
    face.text(
        f"<b>{escape(title)}</b>",
        left,
        top - 8.5 * mm,
        right - left,
        8.5 * mm,
        size=10.5,
        min_size=6.5,
        leading=1.1,
        valign="middle",
        color=INK,
    )
    face.label(kind, left, top - 10.8 * mm, size=6.3, bold=True, color=pal.heading)
    medallion(face, pal, face.width - _PAD - size / 2, top - size / 2 + 0.3 * mm, size / 2)
    y = top - 12 * mm
    rule(face, _PAD, face.width - _PAD, y, pal.accent, 0.8)
    return y


def _corner(face: Face, pal: Palette) -> tuple[float, float, float]:
    """The corner badge's centre and radius."""
    r = 5.2 * mm
    cx, cy = _PAD + r - 0.6 * mm, face.height - _PAD - r + 0.6 * mm
    badge(face, pal, cx, cy, r)
    return cx, cy, r


def _corner_value(face: Face, pal: Palette, value: int) -> None:
    cx, cy, _ = _corner(face, pal)
    size = 15 if value < 10 else 12.5
    face.label(
        str(value), cx, cy - size * 0.36, size=size, bold=True, color=pal.ink, align="center"
    )


def _corner_glyph(face: Face, pal: Palette, name: str) -> None:
    cx, cy, r = _corner(face, pal)
    s = r * 1.25
    glyph(face, name, cx - s / 2, cy - s / 2, s, fill=pal.ink, detail=pal.color)


def _art(face: Face, pal: Palette, top: float, height: float) -> tuple[float, float, float, float]:
    """The art window under the header: a rounded panel in the House tint."""
    x, w = _PAD, face.width - 2 * _PAD
    y = top - 1.5 * mm - height
    face.rect(x, y, w, height, fill=pal.tint, stroke=pal.accent, line_width=0.6, radius=1.5 * mm)
    return x, y, w, height


def _footer(face: Face, pal: Palette, left: str, right: str = "") -> float:
    """The footer line; returns the y above it."""
    y = _PAD - 0.5 * mm
    face.label(left.upper(), _PAD, y, size=5.5, bold=True, color=pal.heading)
    if right:
        face.text(
            right,
            _PAD + 25 * mm,
            y - 1.6,
            face.width - 2 * _PAD - 25 * mm,
            8,
            size=5.5,
            min_size=5,
            align="right",
            valign="bottom",
            color=MUTED,
        )
    top = y + 3 * mm
    rule(face, _PAD, face.width - _PAD, top - 0.8 * mm, pal.accent, 0.5)
    return top


def _flavor(face: Face, text: str, y: float, height: float = 8 * mm) -> None:
    if text:
        face.text(
            f"<i>{escape(text)}</i>",
            _PAD + 1 * mm,
            y,
            face.width - 2 * _PAD - 2 * mm,
            height,
            size=7,
            min_size=5.5,
            align="center",
            valign="middle",
            color=MUTED,
        )


# ------------------------------------------------------------------ house cards


def hostility_face(house: House, card: Hostility, face: Face) -> None:
    """A hostility card: its value big in the corner and in the art window."""
    pal = house_palette(house)
    frame(face, pal)
    _corner_value(face, pal, card.value)
    top = _header(face, pal, card.name, "HOSTILITY")
    x, y, w, h = _art(face, pal, top, 40 * mm)
    icon = 37 * mm
    glyph(face, "hostility", x + (w - icon) / 2, y + (h - icon) / 2, icon, fill=pal.heading)
    size = 24 if card.value < 10 else 20
    cx, cy = x + w / 2, y + h / 2
    face.canvas.saveState()
    face.canvas.setStrokeColor(toColor(pal.color))
    face.canvas.setLineWidth(3)
    face.canvas.setFillColor(toColor(PARCHMENT))
    face.canvas.circle(cx, cy, 7 * mm, stroke=1, fill=1)
    face.canvas.restoreState()
    face.label(
        str(card.value), cx, cy - size * 0.36, size=size, bold=True, color=INK, align="center"
    )
    bottom = _footer(face, pal, house.name)
    _flavor(face, card.flavor, bottom, y - bottom - 1 * mm)


def truce_face(house: House, card: Truce, rules: Rules, face: Face) -> None:
    """A truce card: the white banner and a reminder of what a truce does."""
    pal = house_palette(house)
    frame(face, pal)
    _corner_glyph(face, pal, "truce")
    top = _header(face, pal, card.name, "TRUCE")
    x, y, w, h = _art(face, pal, top, 27 * mm)
    icon = 23 * mm
    glyph(face, "truce", x + (w - icon) / 2, y + (h - icon) / 2, icon, fill=pal.heading)
    bottom = _footer(face, pal, house.name)
    flavor_h = 7 * mm if card.flavor else 0
    text_top = y - 1.5 * mm
    face.text(
        truce_reminder(rules),
        _PAD + 0.5 * mm,
        bottom + flavor_h,
        face.width - 2 * _PAD - 1 * mm,
        text_top - bottom - flavor_h,
        size=7.2,
        min_size=5.5,
        color=INK,
    )
    _flavor(face, card.flavor, bottom, flavor_h)


def character_face(house: House, card: CharacterCard, char: Character, face: Face) -> None:
    """A character card: the ability's title and generated text, under its character."""
    pal = house_palette(house)
    frame(face, pal)
    _corner_glyph(face, pal, "character")
    top = _header(face, pal, card.ability.title, "CHARACTER")
    x, y, w, h = _art(face, pal, top, 19 * mm)
    icon = 15 * mm
    medallion(face, pal, x + w - icon / 2 - 2.5 * mm, y + h / 2, icon / 2)
    face.text(
        f"<b>{escape(char.name)}</b><br/><i>{escape(char.epithet)}</i>",
        x + 2 * mm,
        y,
        w - icon - 6 * mm,
        h,
        size=9,
        min_size=6,
        align="center",
        valign="middle",
        color=INK,
    )
    bottom = _footer(face, pal, house.name, "facedown: [hostility] 0")
    flavor_h = 7 * mm if card.flavor else 0
    text_top = y - 1.5 * mm
    face.text(
        ability_markup(card.ability),
        _PAD + 0.5 * mm,
        bottom + flavor_h,
        face.width - 2 * _PAD - 1 * mm,
        text_top - bottom - flavor_h,
        size=9,
        min_size=6,
        color=INK,
    )
    _flavor(face, card.flavor, bottom, flavor_h)


def house_back(house: House, face: Face) -> None:
    """The back every card of ``house``'s deck shares; hostages show only this."""
    pal = house_palette(house)
    face.fill(pal.color)
    inset = 4 * mm
    c = face.canvas
    c.saveState()
    c.setStrokeColor(toColor(pal.accent))
    c.setLineWidth(1.5)
    c.roundRect(inset, inset, face.width - 2 * inset, face.height - 2 * inset, 2 * mm)
    c.setLineWidth(0.6)
    c.roundRect(
        inset + 1.5 * mm,
        inset + 1.5 * mm,
        face.width - 2 * inset - 3 * mm,
        face.height - 2 * inset - 3 * mm,
        1.5 * mm,
    )
    c.restoreState()
    size = min(face.width, face.height) * 0.62
    sigil(face, pal, (face.width - size) / 2, face.height * 0.56 - size / 2, size)
    name_y = face.height * 0.56 - size / 2 - 9 * mm
    face.label(
        house.name.upper(),
        face.width / 2,
        name_y,
        size=11,
        bold=True,
        color=pal.accent,
        align="center",
        max_width=face.width - 12 * mm,
    )
    face.text(
        f"<i>{escape(house.motto)}</i>",
        7 * mm,
        name_y - 11 * mm,
        face.width - 14 * mm,
        9 * mm,
        size=7.5,
        min_size=5.5,
        align="center",
        valign="top",
        color=pal.accent,
    )


# ------------------------------------------------------------------ events


def event_face(event: HouseEvent | SpecialEvent, houses: dict[str, House], face: Face) -> None:
    """An event card: who defends this turn, in words generated from its data."""
    if isinstance(event, HouseEvent):
        house = houses[event.house]
        pal = house_palette(house)
        kind, foot = "EVENT", f"Event · {house.name}"
    else:
        pal = Palette(SPECIAL, SPECIAL_ACCENT, "leader", "Special event")
        kind, foot = "SPECIAL EVENT", "Special event"
    frame(face, pal)
    _corner_glyph(face, pal, "event")
    top = _header(face, pal, event.name, kind)
    x, y, w, h = _art(face, pal, top, 30 * mm)
    icon = 25 * mm
    ix, iy = x + (w - icon) / 2, y + (h - icon) / 2
    if isinstance(event, HouseEvent):
        medallion(face, pal, ix + icon / 2, iy + icon / 2, icon / 2)
    else:
        glyph(face, SPECIAL_GLYPHS[event.defender], ix, iy, icon)
    bottom = _footer(face, pal, foot)
    flavor_h = 8 * mm if event.flavor else 0
    text_top = y - 1.5 * mm
    face.text(
        escape(event_text(event, houses)),
        _PAD + 1 * mm,
        bottom + flavor_h,
        face.width - 2 * _PAD - 2 * mm,
        text_top - bottom - flavor_h,
        size=8.5,
        min_size=6,
        valign="middle",
        align="center",
        color=INK,
    )
    _flavor(face, event.flavor, bottom, flavor_h)


def event_back(face: Face) -> None:
    """The back of the event deck."""
    face.fill(SPECIAL)
    inset = 4 * mm
    face.rect(
        inset,
        inset,
        face.width - 2 * inset,
        face.height - 2 * inset,
        stroke=SPECIAL_ACCENT,
        line_width=1.5,
        radius=2 * mm,
    )
    size = face.width * 0.5
    glyph(face, "event", (face.width - size) / 2, face.height * 0.52, size)
    face.label(
        "EVENT",
        face.width / 2,
        face.height * 0.52 - 10 * mm,
        size=16,
        bold=True,
        color=SPECIAL_ACCENT,
        align="center",
    )
    face.label(
        "Who defends this turn?",
        face.width / 2,
        face.height * 0.52 - 17 * mm,
        size=8,
        italic=True,
        color=PARCHMENT,
        align="center",
    )
