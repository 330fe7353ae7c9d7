"""How each thrones card is drawn: faces by card type, and the backs.

The layout follows the card anatomy of the two-player rulebook, in our own
design: gold cost in a coin at the top left, the title with its unique mark
in the title bar, the House shield(s) at the top right, STR in an iron
shield and the three challenge-icon slots down the left edge (an absent icon
leaves a faint empty slot), crests beside the card type, then the text box:
traits, keywords and abilities, flavour; income, initiative and influence
badges along its foot. Plots are landscape with income, initiative and claim
down the left. Every face is drawn from one :class:`CardArt` value, so the
layout code never reads content models directly.

Sizes are millimetres on a poker-size card (63 × 88); plots are 88 × 63.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.content import ArtFit
from pnp.render import Box, Face, escape, fonts, mm, textbox
from pnp.rulesets.thrones.kit import drawing as dr
from pnp.rulesets.thrones.kit.drawing import Heraldry
from pnp.rulesets.thrones.kit.icons import (
    GOLD,
    INK,
    INTRIGUE,
    MILITARY,
    POWER,
    paint_charge,
)
from pnp.rulesets.thrones.kit.markup import kit_frames, phases, type_name
from pnp.rulesets.thrones.model import Rules

CHALLENGES = (("military", MILITARY), ("intrigue", INTRIGUE), ("power", POWER))
#: title-bar colours by card type (a light band, so the name reads in dark ink)
BAND = {
    "character": "#f4ead2",
    "location": "#e6d5ad",
    "attachment": "#dfe2e4",
    "event": "#ece0f0",
    "agenda": "#dce8dc",
    "title": "#f3dcdc",
    "plot": "#efe6cf",
}
TITLE_RED = "#7a1414"
AGENDA_GREEN = "#2f4a3a"
PLOT_IRON = "#4a4f55"
TEXT_SIZE = 7.2
#: the least a card's name prints at (a longer one wraps onto two lines), and the size
#: of the type line under it, points
NAME_MIN = 7.0
TYPE_SIZE = 6.5
#: top of the text box by card type, mm (characters need the left column above it)
TEXT_TOP = {"event": 46.0, "title": 42.0, "agenda": 40.0}
TEXT_MIN = 5.0
#: height of the picture band above a plot's text, mm (a plot has no art area otherwise)
PLOT_PICTURE = 17.0


@dataclass(frozen=True)
class CardArt:
    """Everything a card face shows, already in words and markup."""

    kind: str
    name: str
    heraldry: Heraldry
    unique: bool = False
    cost: int | None = None
    strength: int | None = None
    icons: tuple[str, ...] = ()
    crests: tuple[str, ...] = ()
    traits: tuple[str, ...] = ()
    #: rules paragraphs, as markup (keywords and abilities)
    rules: tuple[str, ...] = ()
    flavor: str = ""
    income: int = 0
    initiative: int = 0
    influence: int = 0
    #: plots: the three values
    plot_values: tuple[int, int, int] | None = None
    #: a big emblem icon for the art area (titles), else the House sigil watermark
    emblem: str = ""
    #: words under the type (``House Stark`` on a plot)
    subtitle: str = ""
    extra: dict[str, str] = field(default_factory=dict)
    #: the designer's picture (a path in the content folder), drawn in the art area
    picture: str | None = None
    #: how the picture fills its box: ``cover`` or ``contain``
    picture_fit: ArtFit = "cover"


# --------------------------------------------------------------------------- pieces


def _frame(face: Face, art: CardArt, colour: str) -> Box:
    """Fill the bleed with the frame colour and lay the parchment panel; returns it."""
    face.fill(colour)
    inner = face.trim_box().inset(2.4 * mm)
    dr.panel(
        face,
        inner,
        fill=dr.PARCHMENT,
        stroke=dr.mix(colour, INK, 0.5),
        line_width=0.8,
        radius=2.2 * mm,
    )
    return inner


def _frame_colour(art: CardArt) -> str:
    if art.kind == "title":
        return TITLE_RED
    if art.kind == "agenda" and art.heraldry.neutral:
        return AGENDA_GREEN
    return art.heraldry.color


def _picture(face: Face, art: CardArt, box: Box) -> None:
    """The designer's picture filling ``box`` on a pale House tint, with a thin ink rule."""
    assert art.picture is not None
    # the tint shows around a ``contain`` picture that does not fill the box
    dr.panel(face, box, fill=dr.mix(art.heraldry.color, dr.PARCHMENT, 0.78))
    face.image(art.picture, box.x, box.y, box.w, box.h, fit=art.picture_fit)
    dr.panel(face, box, stroke=dr.mix(INK, dr.PARCHMENT, 0.4), line_width=0.5)


def _watermark(face: Face, art: CardArt, box: Box) -> None:
    """A pale House sigil (or the throne) filling the art area; the designer's picture
    instead, when the card has one."""
    if art.picture:
        _picture(face, art, box)
        return
    tint = dr.mix(art.heraldry.color, dr.PARCHMENT, 0.78)
    dr.panel(face, box, fill=tint)
    mark = dr.mix(art.heraldry.color, dr.PARCHMENT, 0.58)
    side = min(box.w, box.h) * 0.92
    x = box.x + (box.w - side) / 2
    y = box.y + (box.h - side) / 2
    if art.emblem:
        face.icon(
            art.emblem,
            box.x + (box.w - side * 0.8) / 2,
            box.y + (box.h - side * 0.8) / 2,
            side * 0.8,
        )
    elif art.heraldry.shields:
        paint_charge(face.canvas, art.heraldry.shields[0][0], x, y, side, mark, tint)
    else:
        paint_charge(face.canvas, "throne", x, y, side, mark, tint)


def _title_bar(face: Face, art: CardArt, box: Box, *, size: float = 9.0) -> None:
    """The name (with its unique mark) on a light band, the card type under it."""
    dr.panel(
        face,
        box,
        fill=BAND.get(art.kind, dr.PAPER),
        stroke=INK,
        line_width=0.6,
        radius=1.2 * mm,
    )
    x = box.x + 1.4 * mm
    room = box.w - 2.8 * mm
    if art.unique:
        side = box.h * 0.72
        face.icon("unique", x, box.y + (box.h - side) / 2, side)
        x += side + 0.6 * mm
        room -= side + 0.6 * mm
    font = fonts.family().font(True)
    if fonts.unit_width(font, art.name) * NAME_MIN <= room:
        face.label(
            art.name,
            x,
            box.y + box.h * 0.32,
            size=size,
            bold=True,
            color=INK,
            max_width=room,
            min_size=NAME_MIN,
        )
    else:
        # a long name goes onto two lines rather than shrinking out of reach of the
        # table (Grand Maester Pycelle printed at 5.7 pt on one)
        face.text(
            f"<b>{escape(art.name)}</b>",
            x,
            box.y + 0.4 * mm,
            room,
            box.h - 0.8 * mm,
            size=min(size, 8.0),
            min_size=NAME_MIN,
            leading=1.0,
            valign="middle",
            color=INK,
        )
    if art.kind == "location":
        for dx in (0.0, box.w - 1.0 * mm):  # masonry ends
            for i in range(3):
                face.rect(
                    box.x + dx + 0.15 * mm,
                    box.y + (0.8 + i * 2.2) * mm,
                    0.7 * mm,
                    1.6 * mm,
                    fill=dr.mix(BAND["location"], INK, 0.35),
                )
    elif art.kind == "attachment":
        n = int(box.w / (2.2 * mm))
        for i in range(n):  # a chain along the foot of the bar
            dr.circle(
                face,
                box.x + (i + 0.5) * box.w / n,
                box.y + 0.2 * mm,
                0.55 * mm,
                fill=None,
                stroke="#7d868f",
                width=0.4,
            )


def _type_line(face: Face, art: CardArt, x: float, y: float, right: float) -> None:
    """``CHARACTER`` (and a subtitle) at ``(x, y)``; crests end at ``right``."""
    words = type_name(art.kind).upper()
    if art.subtitle:
        words += f" \u00b7 {art.subtitle}"
    face.label(
        words,
        x,
        y,
        size=TYPE_SIZE,
        min_size=TYPE_SIZE,
        bold=True,
        color=dr.mix(INK, dr.PARCHMENT, 0.25),
        max_width=right - x - len(art.crests) * 3.8 * mm,
    )
    side = 3.4 * mm
    cx = right - side
    for crest in reversed(art.crests):
        face.icon(crest, cx, y - 0.9 * mm, side)
        cx -= side + 0.4 * mm


def _icon_slots(face: Face, art: CardArt, x: float, top: float, side: float) -> None:
    """The three challenge slots, top to bottom; an absent icon is a faint ring."""
    y = top
    for name, colour in CHALLENGES:
        y -= side
        if name in art.icons:
            dr.circle(face, x + side / 2, y + side / 2, side / 2 + 0.35 * mm, fill=dr.PAPER)
            face.icon(name, x, y, side)
        else:
            dr.circle(
                face,
                x + side / 2,
                y + side / 2,
                side / 2 - 0.4 * mm,
                fill=dr.mix(colour, dr.PARCHMENT, 0.85),
                stroke=dr.mix(colour, dr.PARCHMENT, 0.55),
                width=0.6,
            )
        y -= 0.6 * mm


def _badges(face: Face, art: CardArt, x: float, y: float) -> bool:
    """Income, initiative and influence pills from ``(x, y)``; whether any was drawn."""
    drawn = False
    for icon, value in (
        ("gold", art.income),
        ("initiative", art.initiative),
        ("influence", art.influence),
    ):
        if value:
            sign = "+" if value > 0 and icon != "influence" else ""
            x += dr.pill(face, x, y, icon, f"{sign}{value}") + 1.2 * mm
            drawn = True
    return drawn


def _text_box(face: Face, art: CardArt, box: Box, *, size: float = TEXT_SIZE) -> None:
    """The text box: traits line, then rules and flavour shrinking together to fit."""
    dr.panel(
        face,
        box,
        fill=dr.PAPER,
        stroke=dr.mix(INK, dr.PAPER, 0.55),
        line_width=0.5,
        radius=1.2 * mm,
    )
    inner = box.inset(1.3 * mm, 1.0 * mm)
    top = inner.top
    if art.traits:
        traits = ". ".join(art.traits) + "."
        face.label(
            traits,
            inner.x + inner.w / 2,
            top - 6.6,
            size=6.8,
            bold=True,
            italic=True,
            color=INK,
            align="center",
            max_width=inner.w,
            min_size=5,
        )
        top -= 10.4
    parts = list(art.rules)
    if art.flavor:
        parts.append(f"<i>{escape(art.flavor)}</i>")
    if parts:
        face.text(
            "\n\n".join(parts),
            inner.x,
            inner.y,
            inner.w,
            top - inner.y,
            size=size,
            min_size=TEXT_MIN,
            leading=1.18,
            color=INK,
        )


# --------------------------------------------------------------------------- faces


def draw_card(art: CardArt, face: Face) -> None:
    """A character, location, attachment or event (portrait)."""
    _frame(face, art, _frame_colour(art))
    W = face.width
    has_cost = art.cost is not None
    shield_w, shield_h = 10.4 * mm, 12.4 * mm
    bar_x = 14.0 * mm if has_cost else 4.2 * mm
    bar = Box(
        bar_x,
        76.0 * mm,
        W - bar_x - (shield_w + 3.6 * mm if not art.heraldry.neutral else 4.2 * mm),
        8.2 * mm,
    )
    text_top = TEXT_TOP.get(art.kind, 34.5) * mm
    art_box = Box(3.2 * mm, text_top + 0.8 * mm, W - 6.4 * mm, 72.4 * mm - text_top - 0.8 * mm)
    _watermark(face, art, art_box)
    _title_bar(face, art, bar)
    _type_line(face, art, bar.x + 1.0 * mm, 73.0 * mm, W - (shield_w + 4.0 * mm))
    if not art.heraldry.neutral:
        dr.shields(face, art.heraldry, W - shield_w - 2.6 * mm, 85.6 * mm, shield_w, shield_h)
    if has_cost:
        dr.coin(face, 8.6 * mm, 80.2 * mm, 5.6 * mm, str(art.cost), size=14)
    if art.strength is not None:
        dr.strength_shield(face, 3.6 * mm, 61.6 * mm, 10.0 * mm, 11.4 * mm, art.strength)
        _icon_slots(face, art, 4.6 * mm, 61.0 * mm, 8.0 * mm)
    bottom = 4.0 * mm
    if _badges(face, art, 4.2 * mm, 3.3 * mm):
        bottom = 8.6 * mm
    _text_box(face, art, Box(3.6 * mm, bottom, W - 7.2 * mm, text_top - bottom))


def draw_plot(art: CardArt, face: Face) -> None:
    """A plot (landscape): income, initiative and claim down the left, text on the right."""
    _frame(face, art, _frame_colour(art))
    W, H = face.width, face.height
    assert art.plot_values is not None
    income, initiative, claim = art.plot_values
    shield_w, shield_h = 9.6 * mm, 11.6 * mm
    right = W - (shield_w + 3.4 * mm if not art.heraldry.neutral else 4.0 * mm)
    bar = Box(23.5 * mm, H - 11.6 * mm, right - 23.5 * mm, 7.8 * mm)
    column = Box(3.2 * mm, 3.2 * mm, 18.0 * mm, H - 6.4 * mm)
    dr.panel(
        face,
        column,
        fill=dr.mix(_frame_colour(art), dr.PARCHMENT, 0.8),
        radius=1.6 * mm,
    )
    _title_bar(face, art, bar)
    _type_line(face, art, bar.x + 1.0 * mm, bar.y - 3.0 * mm, right)
    if not art.heraldry.neutral:
        dr.shields(face, art.heraldry, W - shield_w - 2.6 * mm, H - 1.8 * mm, shield_w, shield_h)
    cx = column.x + column.w / 2
    rows = (
        ("INCOME", income, "gold"),
        ("INITIATIVE", initiative, "#1d5c63"),
        ("CLAIM", claim, "#6b2a1f"),
    )
    step = column.h / 3
    for i, (caption, value, colour) in enumerate(rows):
        cy = column.top - step * i - step * 0.44
        if colour == "gold":
            dr.coin(face, cx, cy, 5.8 * mm, str(value), size=15)
        else:
            dr.value_disc(face, cx, cy, 5.2 * mm, str(value), colour, size=14)
        face.label(
            caption,
            cx,
            cy - 8.6 * mm,
            size=TYPE_SIZE,
            bold=True,
            color=INK,
            align="center",
            max_width=column.w - 1 * mm,
        )
    box = Box(23.5 * mm, 3.6 * mm, W - 27.1 * mm, bar.y - 5.2 * mm - 3.6 * mm)
    if art.picture:  # a band across the top of the text area; the text shrinks below it
        band = PLOT_PICTURE * mm
        _picture(face, art, Box(box.x, box.top - band, box.w, band))
        box = Box(box.x, box.y, box.w, box.h - band - 1.0 * mm)
    _text_box(face, art, box, size=8.4)


def draw_agenda(art: CardArt, face: Face) -> None:
    """An agenda: a title bar, an emblem and a large text box."""
    draw_card(art, face)


def draw_title(art: CardArt, face: Face) -> None:
    """A title reference card: its emblem, powers and relations."""
    draw_card(art, face)


def draw_house(
    house: Heraldry,
    name: str,
    flavor: str,
    text: str,
    face: Face,
    *,
    picture: str | None = None,
    picture_fit: ArtFit = "cover",
) -> None:
    """A House card: the House's colours, a great shield (or the designer's picture in
    its place) and its words."""
    face.fill(house.color)
    W, H = face.width, face.height
    inner = face.trim_box().inset(2.4 * mm)
    dr.panel(
        face,
        inner,
        fill=None,
        stroke=house.accent,
        line_width=1.6,
        radius=2.2 * mm,
    )
    ink = dr.ink_on(house.color)
    face.label("HOUSE", W / 2, H - 9.5 * mm, size=7, bold=True, color=ink, align="center")
    face.label(
        name.upper(),
        W / 2,
        H - 16.5 * mm,
        size=15,
        bold=True,
        color=ink,
        align="center",
        max_width=W - 12 * mm,
    )
    if picture:  # between the words box and the name, as wide as the words box
        box = Box(5 * mm, 29 * mm, W - 10 * mm, 39 * mm)
        face.image(picture, box.x, box.y, box.w, box.h, fit=picture_fit)
        dr.panel(face, box, stroke=house.accent, line_width=0.8)
    else:
        sigil, field_, charge = house.shields[0]
        dr.shield(
            face,
            W / 2 - 17 * mm,
            29 * mm,
            34 * mm,
            39 * mm,
            sigil,
            field_,
            charge,
            rim=house.accent,
            rim_width=1.6,
        )
    face.rect(
        5 * mm,
        4.5 * mm,
        W - 10 * mm,
        23 * mm,
        fill=dr.PAPER,
        stroke=house.accent,
        line_width=0.8,
        radius=1.5 * mm,
    )
    parts = [text]
    if flavor:
        parts.append(f"<i>{escape(flavor)}</i>")
    face.text(
        "\n\n".join(parts),
        6.5 * mm,
        5.5 * mm,
        W - 13 * mm,
        21 * mm,
        size=7,
        min_size=5,
        align="center",
        valign="middle",
        color=INK,
    )


# --------------------------------------------------------------------------- backs


def _back_frame(face: Face, colour: str, trim: str) -> None:
    face.fill(colour)
    box = face.trim_box().inset(3.2 * mm)
    dr.panel(face, box, fill=None, stroke=trim, line_width=1.4, radius=2.5 * mm)
    box = box.inset(1.4 * mm)
    dr.panel(face, box, fill=None, stroke=trim, line_width=0.5, radius=1.8 * mm)


@dataclass(frozen=True)
class DeckBack:
    """The draw-deck back (one object, so the engine draws it once per file)."""

    sigils: tuple[tuple[str, str, str], ...]

    def __call__(self, face: Face) -> None:
        """Draw it."""
        _back_frame(face, "#3a2418", GOLD)
        W, H = face.width, face.height
        cx, cy = W / 2, H / 2 + 2 * mm
        dr.circle(face, cx, cy, 25 * mm, fill="#4a2e1f", stroke=GOLD, width=1.2)
        n = len(self.sigils)
        for (x, y), (sigil, field_, charge) in zip(
            dr.ring_points(cx, cy, 17.5 * mm, n), self.sigils, strict=True
        ):
            dr.shield(face, x - 4.4 * mm, y - 5.2 * mm, 8.8 * mm, 10.4 * mm, sigil, field_, charge)
        face.icon("power", cx - 7 * mm, cy - 7 * mm, 14 * mm)
        face.label("THRONES", cx, 11 * mm, size=13, bold=True, color=GOLD, align="center")


def plot_back(face: Face) -> None:
    """Every plot's back: the Iron Throne."""
    _back_frame(face, "#2c3035", "#9aa3ad")
    side = face.height * 0.62
    paint_charge(
        face.canvas,
        "throne",
        (face.width - side) / 2,
        face.height * 0.24,
        side,
        "#8b939c",
        "#2c3035",
    )
    face.label(
        "PLOT", face.width / 2, 6.5 * mm, size=10, bold=True, color="#c9d0d6", align="center"
    )


def title_back(face: Face) -> None:
    """Every title card's back: a chain of office on red."""
    _back_frame(face, TITLE_RED, GOLD)
    side = 30 * mm
    face.icon("title", (face.width - side) / 2, face.height / 2 - side / 2 + 4 * mm, side)
    face.label("TITLE", face.width / 2, 12 * mm, size=13, bold=True, color=GOLD, align="center")
    face.label(
        "THE SMALL COUNCIL", face.width / 2, 7.5 * mm, size=6, bold=True, color=GOLD, align="center"
    )


def agenda_back(face: Face) -> None:
    """Every agenda's back: a quill on green."""
    _back_frame(face, AGENDA_GREEN, "#c9b27a")
    side = 28 * mm
    dr.circle(
        face,
        face.width / 2,
        face.height / 2 + 4 * mm,
        19 * mm,
        fill="#e8dcb5",
        stroke="#c9b27a",
        width=1,
    )
    face.icon("influence", (face.width - side) / 2, face.height / 2 - side / 2 + 4 * mm, side)
    face.label(
        "AGENDA", face.width / 2, 12 * mm, size=13, bold=True, color="#e8dcb5", align="center"
    )


@dataclass(frozen=True)
class PlayerAid:
    """The back of every House card: the round and the claims at a glance."""

    title: str
    rows: tuple[tuple[str, str], ...]
    claims: str
    victory: str

    def __call__(self, face: Face) -> None:
        """Draw it."""
        face.fill("#3a2418")
        box = face.trim_box().inset(3.0 * mm)
        face.rect(
            box.x, box.y, box.w, box.h, fill=dr.PAPER, stroke=GOLD, line_width=1.2, radius=2 * mm
        )
        face.label(
            self.title.upper(),
            face.width / 2,
            box.top - 5.6 * mm,
            size=9.5,
            bold=True,
            color=INK,
            align="center",
        )
        lines = [f"<b>{i}. {escape(name)}</b>: {aid}" for i, (name, aid) in enumerate(self.rows, 1)]
        lines += [self.claims, f"<i>{self.victory}</i>"]
        face.text(
            "\n\n".join(lines),
            box.x + 1.8 * mm,
            box.y + 1.6 * mm,
            box.w - 3.6 * mm,
            box.h - 9 * mm,
            size=7.0,
            min_size=5,
            leading=1.12,
            valign="middle",
            color=INK,
        )


def player_aid(rules: Rules) -> PlayerAid:
    """The player aid built from the content's rules numbers."""
    fr = kit_frames()
    rows = tuple((p["name"], p["aid"]) for p in phases(rules))
    victory = escape(fr["victory"].format(power=rules.victory_power, team=rules.team_victory_power))
    return PlayerAid(fr["aid"]["title"], rows, fr["aid"]["claims"], victory)


# --------------------------------------------------------------------------- tokens


def gold_token(face: Face) -> None:
    """A gold token (both sides)."""
    face.fill(GOLD)
    face.icon("gold", 0.6 * mm, 0.6 * mm, face.width - 1.2 * mm)


def power_token(face: Face) -> None:
    """A power counter (both sides)."""
    face.fill(POWER)
    face.icon("power", 0.5 * mm, 0.5 * mm, face.width - 1.0 * mm)


def first_player_token(face: Face) -> None:
    """The first player marker."""
    face.fill(dr.PARCHMENT)
    W = face.width
    dr.circle(face, W / 2, W / 2, W / 2 - 1.2 * mm, fill=None, stroke=INK, width=1)
    side = W * 0.52
    face.icon("raven", (W - side) / 2, W * 0.34, side)
    face.label(
        kit_frames()["first_player"].upper(),
        W / 2,
        W * 0.2,
        size=TYPE_SIZE,
        bold=True,
        color=INK,
        align="center",
        max_width=W * 0.7,
    )


@dataclass(frozen=True)
class TitleMarker:
    """A title's marker for the Small Council Chamber (both sides alike)."""

    icon: str
    name: str

    def __call__(self, face: Face) -> None:
        """Draw it."""
        face.fill(TITLE_RED)
        W = face.width
        ring = 1.2
        r = W / 2 - 1.4 * mm
        dr.circle(face, W / 2, W / 2, r, fill=dr.PAPER, stroke=GOLD, width=ring)
        # the name's box lies wholly inside the paper disc: its lower corners are the
        # widest it may be (a full-width box let long names run over the gold ring); it
        # is as wide as it may be at W * 0.24 up, wide for three lines at a readable size
        bottom = W * 0.24
        inner = r - ring / 2 - 0.5 * mm
        half = (inner**2 - (W / 2 - bottom) ** 2) ** 0.5
        style = textbox.TextStyle(7, TYPE_SIZE, leading=1.05, align="center", color=INK)
        prepared = textbox.prepare(escape(self.name))
        lay = textbox.fit(prepared, 2 * half, W * 0.375, style)
        # the picture and the name centred together in the disc, 1.2 mm apart: pushed up
        # by a four-line name (the Lord Commander of the Kingsguard), the shield's tip
        # touched the name and the space under it stood empty (QA4 4); a smaller picture
        # leaves such a name room
        side = W * (0.28 if len(lay.lines) <= 3 else 0.25)
        gap = 1.2 * mm
        cap = 0.73 * lay.size  # the first line's capitals, from its baseline
        ink = cap + lay.lines[-1].baseline - lay.lines[0].baseline + prepared.descent * lay.size
        group = side + gap + ink
        icon_y = W / 2 + group / 2 - side
        face.icon(self.icon, (W - side) / 2, icon_y, side)
        # the text box's top, where the first line's ascent starts above its capitals
        top = icon_y - gap - cap + lay.lines[0].baseline
        face.text(
            escape(self.name),
            W / 2 - half,
            top - lay.height,
            2 * half,
            lay.height,
            size=lay.size,
            min_size=lay.size,
            leading=1.05,
            align="center",
            valign="top",
            color=INK,
        )


@dataclass(frozen=True)
class Banner:
    """A House banner (two-player power holder)."""

    heraldry: Heraldry
    name: str
    text: str

    def __call__(self, face: Face) -> None:
        """Draw it."""
        h = self.heraldry
        W, H = face.width, face.height
        face.fill(h.color)
        top = H - 4 * mm
        pennant = [
            5 * mm,
            top,
            W - 5 * mm,
            top,
            W - 5 * mm,
            14 * mm,
            W / 2,
            6 * mm,
            5 * mm,
            14 * mm,
        ]
        ground = dr.mix(h.color, "#000000", 0.18)
        dr.polygon(face, pennant, fill=ground, stroke=h.accent, width=1.4)
        # the words sit on the pennant: their ink is chosen on its darker shade
        ink = dr.ink_on(ground)
        face.label(
            self.name.upper(),
            W / 2,
            top - 7 * mm,
            size=11,
            bold=True,
            color=ink,
            align="center",
            max_width=W - 14 * mm,
        )
        sigil, _field, charge = h.shields[0]
        side = 30 * mm
        paint_charge(
            face.canvas,
            sigil,
            (W - side) / 2,
            17 * mm,
            side,
            charge,
            ground,
        )
        face.text(
            self.text,
            9 * mm,
            10.5 * mm,
            W - 18 * mm,
            6.5 * mm,
            size=7,
            min_size=5.5,
            align="center",
            valign="middle",
            color=ink,
        )
