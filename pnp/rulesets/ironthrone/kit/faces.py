"""House cards and event cards: faces (as layouts) and backs.

Every card has the same anatomy (:data:`ANATOMY`), so a hand reads at a glance:

* a corner badge (top left) telling the kind: the hostility *value*, the
  truce banner, the character bust or the event letter;
* the title and, under it, the kind in capitals; the House medallion;
* an art window in the House's tint with the kind's glyph or the sigil;
* the rules text, generated from the content, never written per card:
  :func:`~pnp.rulesets.ironthrone.effects.describe` for character cards,
  :func:`~pnp.rulesets.ironthrone.model.event_text` for events;
* the flavour line and a footer naming the House.

Each kind is a :class:`~pnp.render.Layout` (positions in mm on a 63 × 88 mm
poker card) bound to a :class:`CardData`, the card's words and palette.
Backs: one per House for its house cards (a hostage shows only this back),
one for the whole event deck.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import toColor

from pnp.content import ArtFit
from pnp.render import Custom, Draw, Face, Label, Layout, Panel, Text, escape, mm
from pnp.rulesets.ironthrone.effects import Ability, describe
from pnp.rulesets.ironthrone.kit.style import (
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
)
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
    truce_reminder_parts,
)

#: the glyph a special event shows, by how it names the defender
SPECIAL_GLYPHS = {
    "most_influence_spread": "influence",
    "most_cards_in_hand": "card",
    "most_leader_power": "power",
}


def ability_markup(ability: Ability) -> str:
    """The generated text of ``ability`` as markup: the timing (and cost) in bold."""
    text = describe(ability)
    head, sep, body = text.partition(": ")
    if not sep:
        return escape(text)
    return f"<b>{escape(head)}:</b> {escape(body)}"


def truce_reminder(rules: Rules) -> str:
    """The reminder printed on truce cards (markup), from the content's truce terms."""
    return "<br/>".join(f"<b>{head}:</b> {text}" for head, text in truce_reminder_parts(rules))


@dataclass(frozen=True)
class CardData:
    """What a card layout shows: words (plain text unless noted) and colours."""

    pal: Palette
    title: str
    #: the kind line: ``HOSTILITY``, ``TRUCE`` …
    kind: str
    #: the footer: the House, or ``Special event``
    footer: str
    #: rules text, markup (generated, already escaped)
    text: str = ""
    flavor: str = ""
    #: a character card: show the value it is worth when placed facedown (a badge)
    facedown: bool = False
    #: a hostility card's value
    value: int = 0
    #: the glyph in the corner badge (when there is no value)
    corner: str = ""
    #: the glyph in the art window (empty: the House medallion)
    art: str = ""
    #: draw that glyph in the House's heading colour (else in its own colours)
    tinted_art: bool = True
    #: character card: who must participate, and their epithet
    character: str = ""
    epithet: str = ""
    #: the designer's picture (a path in the content folder), in place of the glyph
    picture: str | None = None
    #: how the picture fills its box: ``cover`` or ``contain``
    picture_fit: ArtFit = "cover"


# ------------------------------------------------------------------ anatomy (mm)

W, H = 63.0, 88.0
PAD = 4.5
TOP = H - PAD
ART_TOP = 70.0  # under the header rule
FOOT = 7.0  # top of the footer
#: the footer (the House) and the kind line under the title, points: words read at
#: arm's length stay at 6.5 pt or more (QA3: they were 5.5 and 6.3 pt)
FOOTER_SIZE = 6.5
KIND_SIZE = 6.5
#: a character card placed facedown counts as a hostility card of this value (IT-ENC-03) ...
FACEDOWN_VALUE = 0
#: ... printed this large in its badge, points (it was a 5.5 pt note)
FACEDOWN_SIZE = 10.0


def _corner(face: Face, d: CardData) -> None:
    r = 5.2 * mm
    cx, cy = PAD * mm + r - 0.6 * mm, TOP * mm - r + 0.6 * mm
    badge(face, d.pal, cx, cy, r)
    if d.corner:
        s = r * 1.25
        glyph(face, d.corner, cx - s / 2, cy - s / 2, s, fill=d.pal.ink, detail=d.pal.color)
    else:
        size = 15 if d.value < 10 else 12.5
        face.label(
            str(d.value),
            cx,
            cy - size * 0.36,
            size=size,
            bold=True,
            color=d.pal.ink,
            align="center",
        )


#: the facedown pill, mm: its left edge, bottom, width and height. The footer rule stops
#: short of it (QA4 6: the rule ran through the pill and out past its right end), so the
#: pill moves 0.25 mm nearer the frame and "FACEDOWN" 0.3 mm nearer the pill: the room
#: goes to the gap between the House's name and "FACEDOWN" (1.3 mm on Baratheon's cards)
PILL_W, PILL_H = 10.4, 4.4
PILL_X, PILL_Y = W - PAD - 0.25 - PILL_W, 2.95
#: the footer rule stops this far short of the pill, mm
PILL_GAP = 0.8


def _facedown_badge(face: Face, d: CardData) -> None:
    """What a character card is worth placed facedown, at the footer's right: the word,
    then a House-coloured pill with the crossed swords of the hostility cards and the
    value, large enough to read across the table when the card is revealed."""
    h, w = PILL_H * mm, PILL_W * mm
    x, y = PILL_X * mm, PILL_Y * mm
    face.rect(x, y, w, h, fill=d.pal.color, stroke=d.pal.accent, line_width=0.6, radius=h / 2)
    s = 4.2 * mm  # solid swords (no fuller): the thin blades read at this size
    glyph(face, "hostility", x + 1.0 * mm, y + (h - s) / 2, s, fill=d.pal.ink, detail=d.pal.ink)
    face.label(
        str(FACEDOWN_VALUE),
        x + w - 2.6 * mm,
        y + h / 2 - FACEDOWN_SIZE * 0.36,
        size=FACEDOWN_SIZE,
        bold=True,
        color=d.pal.ink,
        align="center",
    )
    face.label(
        "FACEDOWN",
        x - 0.9 * mm,
        (PAD - 0.5) * mm,
        size=FOOTER_SIZE,
        bold=True,
        color=d.pal.heading,
        align="right",
    )


def _header_marks(face: Face, d: CardData) -> None:
    r = 3.25 * mm
    medallion(face, d.pal, (W - PAD) * mm - r, TOP * mm - r + 0.3 * mm, r)
    rule(face, PAD * mm, (W - PAD) * mm, (TOP - 12) * mm, d.pal.accent, 0.8)
    foot_end = PILL_X - PILL_GAP if d.facedown else W - PAD
    rule(face, PAD * mm, foot_end * mm, (FOOT - 0.8) * mm, d.pal.accent, 0.5)


def _pal(attr: str) -> Callable[[CardData], str]:
    """A layout value: one colour of the bound card's palette."""
    return lambda d: getattr(d.pal, attr)


#: what every card face has
ANATOMY = (
    Custom(lambda face, d: frame(face, d.pal)),
    Custom(_corner),
    Text(
        "<b>{title}</b>",
        PAD + 12,
        TOP - 8.5,
        W - 2 * PAD - 12 - 7.5,
        8.5,
        size=10.5,
        min_size=6.5,
        leading=1.1,
        valign="middle",
        color=INK,
    ),
    Label("{kind}", PAD + 12, TOP - 10.8, size=KIND_SIZE, bold=True, color=_pal("heading")),
    Custom(_header_marks),
    Label(
        lambda d: d.footer.upper(),
        PAD,
        PAD - 0.5,
        size=FOOTER_SIZE,
        bold=True,
        color=_pal("heading"),
    ),
    Custom(lambda face, d: _facedown_badge(face, d), when=lambda d: d.facedown),
)


def _window(height: float) -> Panel:
    """The art window under the header, ``height`` mm tall."""
    return Panel(
        PAD,
        ART_TOP - height,
        W - 2 * PAD,
        height,
        fill=_pal("tint"),
        stroke=_pal("accent"),
        line_width=0.6,
        radius=1.5,
    )


def _picture(face: Face, d: CardData, x: float, y: float, w: float, h: float) -> None:
    """The designer's picture in the box ``(x, y, w, h)``, mm, under a thin accent rule."""
    assert d.picture is not None
    face.image(d.picture, x * mm, y * mm, w * mm, h * mm, fit=d.picture_fit)
    face.rect(x * mm, y * mm, w * mm, h * mm, stroke=d.pal.accent, line_width=0.4)


def _art_glyph(height: float, size: float) -> Custom:
    """The kind's glyph (or the House medallion) centred in the art window; the
    designer's picture filling the window instead, when the card has one."""

    def draw(face: Face, d: CardData) -> None:
        if d.picture:  # inset, so the window's rounded frame shows around it
            _picture(face, d, PAD + 0.8, ART_TOP - height + 0.8, W - 2 * PAD - 1.6, height - 1.6)
            return
        cx, cy = W / 2 * mm, (ART_TOP - height / 2) * mm
        s = size * mm
        if d.art:
            glyph(
                face, d.art, cx - s / 2, cy - s / 2, s, fill=d.pal.heading if d.tinted_art else None
            )
        else:
            medallion(face, d.pal, cx, cy, s / 2)

    return Custom(draw)


def _rules_text(
    art_height: float, flavor: float, size: float, align: str = "left", valign: str = "top"
) -> Text:
    """The rules text between the art window and the flavour line (``Text``'s alignments)."""
    bottom = FOOT + flavor
    return Text(
        "{text}",
        PAD + 0.5,
        bottom,
        W - 2 * PAD - 1,
        ART_TOP - art_height - 1.5 - bottom,
        size=size,
        min_size=6,
        color=INK,
        escape_values=False,
        align=align,
        valign=valign,
    )


def _flavor(height: float) -> Text:
    """The flavour line above the footer, ``height`` mm tall."""
    return Text(
        "<i>{flavor}</i>",
        PAD + 1,
        FOOT,
        W - 2 * PAD - 2,
        height,
        size=7,
        min_size=5.5,
        align="center",
        valign="middle",
        color=MUTED,
        when=lambda d: d.flavor,
    )


def _value_seal(face: Face, d: CardData) -> None:
    """The hostility value on a disc where the swords cross."""
    cx, cy = W / 2 * mm, (ART_TOP - 20) * mm
    c = face.canvas
    c.saveState()
    c.setStrokeColor(toColor(d.pal.color))
    c.setLineWidth(3)
    c.setFillColor(toColor(PARCHMENT))
    c.circle(cx, cy, 7 * mm, stroke=1, fill=1)
    c.restoreState()
    size = 24 if d.value < 10 else 20
    face.label(str(d.value), cx, cy - size * 0.36, size=size, bold=True, color=INK, align="center")


def _character_portrait(face: Face, d: CardData) -> None:
    """The House medallion at the right of a character card's window, or the picture there."""
    if d.picture:  # right of the name, which ends 21 mm short of the window's edge
        _picture(face, d, W - PAD - 19.2, ART_TOP - 18.2, 18.4, 17.4)
    else:
        medallion(face, d.pal, (W - PAD - 10) * mm, (ART_TOP - 9.5) * mm, 7.5 * mm)


HOSTILITY = Layout(
    *ANATOMY,
    _window(40),
    _art_glyph(40, 37),
    Custom(_value_seal),
    _flavor(ART_TOP - 40 - 1 - FOOT),
)

TRUCE = Layout(
    *ANATOMY,
    _window(27),
    _art_glyph(27, 23),
    _rules_text(27, 7, 7.2),
    _flavor(7),
)

CHARACTER = Layout(
    *ANATOMY,
    _window(19),
    Custom(_character_portrait),
    Text(
        "<b>{character}</b><br/><i>{epithet}</i>",
        PAD + 2,
        ART_TOP - 19,
        W - 2 * PAD - 21,
        19,
        size=9,
        min_size=6,
        align="center",
        valign="middle",
        color=INK,
    ),
    _rules_text(19, 7, 9),
    _flavor(7),
)

EVENT = Layout(
    *ANATOMY,
    _window(30),
    _art_glyph(30, 25),
    _rules_text(30, 8, 8.5, align="center", valign="middle"),
    _flavor(8),
)


# ------------------------------------------------------------------ binding


def hostility_face(house: House, card: Hostility) -> Draw:
    """A hostility card: its value big in the corner and where the swords cross."""
    pal = house_palette(house)
    data = CardData(
        pal,
        card.name,
        "HOSTILITY",
        house.name,
        flavor=card.flavor,
        value=card.value,
        art="hostility",
        picture=card.art,
        picture_fit=card.art_fit,
    )
    return HOSTILITY.bind(data)


def truce_face(house: House, card: Truce, rules: Rules) -> Draw:
    """A truce card: the white banner and a reminder of what a truce does."""
    pal = house_palette(house)
    data = CardData(
        pal,
        card.name,
        "TRUCE",
        house.name,
        text=truce_reminder(rules),
        flavor=card.flavor,
        corner="truce",
        art="truce",
        picture=card.art,
        picture_fit=card.art_fit,
    )
    return TRUCE.bind(data)


def character_face(house: House, card: CharacterCard, char: Character) -> Draw:
    """A character card: its ability's title and generated text, under its character."""
    data = CardData(
        house_palette(house),
        card.ability.title,
        "CHARACTER",
        house.name,
        text=ability_markup(card.ability),
        flavor=card.flavor,
        facedown=True,
        corner="character",
        character=char.name,
        epithet=char.epithet,
        picture=card.art,
        picture_fit=card.art_fit,
    )
    return CHARACTER.bind(data)


def event_face(event: HouseEvent | SpecialEvent, houses: dict[str, House]) -> Draw:
    """An event card: who defends this turn, in words generated from its data."""
    text = escape(event_text(event, houses))
    if isinstance(event, HouseEvent):
        house = houses[event.house]
        data = CardData(
            house_palette(house),
            event.name,
            "EVENT",
            f"Event · {house.name}",
            text=text,
            flavor=event.flavor,
            corner="event",
            picture=event.art,
            picture_fit=event.art_fit,
        )
    else:
        data = CardData(
            # the compass star, not the leaders' crown: a mark of their own
            Palette(SPECIAL, SPECIAL_ACCENT, "special", "Special event"),
            event.name,
            "SPECIAL EVENT",
            "Special event",
            text=text,
            flavor=event.flavor,
            corner="event",
            art=SPECIAL_GLYPHS[event.defender],
            tinted_art=False,
            picture=event.art,
            picture_fit=event.art_fit,
        )
    return EVENT.bind(data)


# ------------------------------------------------------------------ backs


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
