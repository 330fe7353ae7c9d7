"""How each card and token of the fief kit is drawn.

One draw function per kind of face, bound to its data with
:func:`functools.partial` by :mod:`pnp.rulesets.fief.kit.components`. Every rules
text printed here comes from the ruleset's own vocabulary
(:func:`pnp.rulesets.fief.effects.describe`) or the content's fields; the
numbers (strengths, prices) come from ``rules.yaml``, never from this file.
Layouts share one grammar: a coloured edge naming the deck or House, a
parchment panel, the name on top, the picture in the middle and the rules
text below it, flavour last in italics.
"""

from __future__ import annotations

import itertools

from reportlab.lib.colors import toColor

from pnp.content import ArtFit
from pnp.render import Face, escape, fonts, mm
from pnp.render.colours import readable_ink
from pnp.rulesets.fief.effects import CourtEffect, FortuneEffect, describe, for_sex
from pnp.rulesets.fief.kit.icons import ICONS
from pnp.rulesets.fief.kit.style import (
    BOUNTY_BACK,
    COPY_BACK,
    COURT_BACK,
    DISASTER_BACK,
    HIGH_TITLE,
    INK,
    MILITARY_TITLE,
    PARCHMENT,
    mix,
    readable_on,
)
from pnp.rulesets.fief.model import (
    Building,
    CourtCard,
    DisasterCopy,
    FiefContent,
    FortuneCard,
    House,
    Noble,
    Title,
    Unit,
    WallCastle,
)

BANNERMAN = "#4b6a88"
HEIR = "#8a6410"
#: the smallest a marker's word may print, points (smaller is hard to read at the table)
MIN_MARKER_WORD = 6.5
#: the size a Noble's name prints at on his avatar, and the least it may shrink to
AVATAR_NAME = 6.8
MIN_AVATAR_NAME = 6.3
#: the least a name or word a player reads on a token may shrink to, points
MIN_TOKEN_TEXT = 6.5
#: where a marker's word may break onto two lines (:data:`~.style.MARKER_ART`)
SOFT_HYPHEN = "\u00ad"
#: the ribbon under a mini card's picture (a Warden's Region, a copy's season), points
MINI_RIBBON = 7.5
#: a mini card's title: its size, and the least it shrinks to before taking two lines
MINI_TITLE = 8.5
MINI_TITLE_MIN = 7.0
#: a mini card's kind line (on two lines when it is long)
MINI_KIND = 6.5
#: flavour, which nobody must read to play, may be a little smaller than the rules
MIN_FLAVOUR = 6.0
#: secondary text
MUTED = "#4a4036"
#: the ring of a House marker, mm by shape: thinner than the troops' 1.6 mm, so the word
#: has room at a readable size (the large sigil names the House)
HOUSE_MARKER_RING = {"round": 1.2, "square": 1.0, "hex": 1.2}
#: the House sigil badge on House markers, a share of the token's width
SIGIL_BADGE = 0.37
#: on troops, the unit's picture and the sigil badge: as large as the parchment leaves
#: room for beside each other and the strength
UNIT_PICTURE = 0.37
UNIT_SIGIL = 0.345

# -- icons for content words (pictures are the kit's choice; unknown words fall back) --

COURT_ICONS = {
    "join_small_council": "council",
    "mother_of_dragons": "dragon-eggs",
    "royal_heir": "heir",
    "maester": "maester",
}
FORTUNE_ICONS = {
    "tax": "tax",
    "secret_passage": "passage",
    "uprising": "uprising",
    "ambush": "ambush",
    "justice": "justice",
    "assassination": "dagger",
    "famine": "famine",
    "heavy_rain": "rain",
    "plague": "plague",
}
#: the picture that tells apart Nobles who share a House badge: on the Noble card's corner
#: and on the avatar, so each avatar is matched to its card by picture as well as name
NOBLE_BADGES = {
    "bannerman-oak": "oak",
    "bannerman-tower": "tower",
    "bannerman-hound": "hound",
    "heir-crown-prince": "crown",
    "heir-second-prince": "coronet",
}
TITLE_ICONS = {
    "king": "crown",
    "queen": "queen",
    "hand": "hand",
    "master-of-coin": "coin-master",
    "master-of-ships": "ships",
    "master-of-laws": "laws",
    "master-of-whisperers": "whisperers",
    "protector": "protector",
    "mother-of-dragons": "dragon-eggs",
    "brother-of-the-watch": "crow",
    "lord-commander": "crow",
}


def court_icon(effect: CourtEffect) -> str:
    """The picture of a Court Event card."""
    word, value = effect.word()
    if word == "new_noble":
        return "lord" if value == "lord" else "lady"
    if word == "free_troops":
        return str(value.unit) if str(value.unit) in ICONS else "strength"
    return COURT_ICONS.get(word, "court")


def fortune_icon(effect: FortuneEffect) -> str:
    """The picture of a Fortune card."""
    word, value = effect.word()
    if word == "cancel_disaster":
        return "harvest" if value == "famine" else "sun"
    return FORTUNE_ICONS.get(word, "fortune")


def title_icon(title: Title) -> str:
    """The picture of a Title."""
    if title.id in TITLE_ICONS:
        return TITLE_ICONS[title.id]
    if title.region is not None:
        return "warden"
    if title.council:
        return "council"
    return {"fief": "vp", "military": "warden", "high": "crown", "special": "crown"}[title.kind]


def is_disaster(effect: FortuneEffect) -> bool:
    """Whether a Fortune effect is a disaster (black back)."""
    return effect.word()[0] in ("famine", "heavy_rain", "plague")


# -- shared pieces ------------------------------------------------------------------------


def _frame(face: Face, edge: str, ground: str = PARCHMENT, inset: float = 2.2) -> None:
    """A coloured edge (bleeding off the card) round a rounded parchment panel."""
    face.fill(edge)
    panel = face.trim_box().inset(inset * mm)
    face.rect(
        panel.x, panel.y, panel.w, panel.h, fill=ground, stroke=INK, line_width=0.6, radius=2 * mm
    )


def _disc(
    face: Face,
    x: float,
    y: float,
    r: float,
    fill: str | None,
    stroke: str | None = None,
    width: float = 0.5,
) -> None:
    c = face.canvas
    c.saveState()
    if fill is not None:
        c.setFillColor(toColor(fill))
    if stroke:
        c.setStrokeColor(toColor(stroke))
        c.setLineWidth(width)
    c.circle(x, y, r, stroke=int(stroke is not None), fill=int(fill is not None))
    c.restoreState()


def _rule(face: Face, x0: float, x1: float, y: float, colour: str = "#b9a77f") -> None:
    c = face.canvas
    c.saveState()
    c.setStrokeColor(toColor(colour))
    c.setLineWidth(0.5)
    c.line(x0, y, x1, y)
    c.restoreState()


def fit_lines(
    text: str,
    width: float,
    size: float,
    least: float,
    *,
    bold: bool = False,
    italic: bool = False,
    most: int = 2,
) -> tuple[float, list[str]]:
    """``text`` set in ``width`` points: on one line at ``size``, shrunk to no less than
    ``least``; failing that, broken at spaces onto up to ``most`` lines at the largest
    size from ``size`` down to ``least`` where they all fit (``least`` with the last line
    holding the rest, which the label then shrinks, when nothing fits)."""
    font = fonts.family().font(bold, italic)

    def wide(line: str) -> float:
        return fonts.unit_width(font, line)

    if wide(text) * least <= width:
        return min(size, width / wide(text)), [text]
    words = text.split()
    best: list[str] = [text]
    for n in range(2, most + 1):
        # the break that leaves the longest line shortest, words kept in order
        cuts = [c for c in itertools.combinations(range(1, len(words)), n - 1) if len(words) >= n]
        for cut in cuts:
            bounds = (0, *cut, len(words))
            # a separator (·) at a break is dropped: the break separates
            lines = [" ".join(words[a:b]).strip(" ·") for a, b in itertools.pairwise(bounds)]
            if len(best) != n or max(map(wide, lines)) < max(map(wide, best)):
                best = lines
        if max(map(wide, best)) * least <= width:
            break
    return max(least, min(size, width / max(map(wide, best)))), best


def _centre_icon(face: Face, name: str, cx: float, cy: float, size: float) -> None:
    face.icon(name, cx - size / 2, cy - size / 2, size)


def _flavour(
    face: Face, text: str, x: float, y: float, w: float, h: float, size: float = 6.5
) -> None:
    if text:
        face.text(
            f"<i>{escape(text)}</i>",
            x,
            y,
            w,
            h,
            size=size,
            min_size=4.5,
            align="center",
            valign="bottom",
            color="#4a4036",
        )


def _back(
    face: Face, colour: str, icon: str, title: str, subtitle: str = "", ink: str | None = None
) -> None:
    """A deck back: colour to the edge, a double frame, a picture and a word."""
    ink = ink or readable_on(colour)
    face.fill(colour)
    box = face.trim_box().inset(3 * mm)
    face.rect(box.x, box.y, box.w, box.h, stroke=ink, line_width=1.0, radius=2.5 * mm)
    inner = box.inset(1.5 * mm)
    face.rect(inner.x, inner.y, inner.w, inner.h, stroke=ink, line_width=0.4, radius=2 * mm)
    size = min(face.width, face.height) * 0.55
    cx, cy = face.width / 2, face.height / 2 + 3 * mm
    _disc(face, cx, cy, size * 0.62, mix(colour, "#ffffff", 0.82), ink, 1.0)
    _centre_icon(face, icon, cx, cy, size * 0.9)
    big = 12 if face.width > 50 * mm else 9
    face.label(
        title,
        cx,
        box.y + 9 * mm,
        size=big,
        bold=True,
        color=ink,
        align="center",
        max_width=box.w - 4 * mm,
    )
    if subtitle:
        face.label(
            subtitle,
            cx,
            box.y + 4.5 * mm,
            size=max(MIN_TOKEN_TEXT, big * 0.6),
            color=ink,
            align="center",
            max_width=box.w - 4 * mm,
        )


# -- Noble cards (poker) ----------------------------------------------------------------------


def noble_face(content: FiefContent, noble: Noble, face: Face) -> None:
    """A Noble card: name, House, sex, a portrait medallion, strength, attributes, flavour."""
    house = _house(content, noble.house)
    edge = house.color if house else (HEIR if noble.kind == "heir" else BANNERMAN)
    _frame(face, edge)
    box = face.safe_box()
    top = box.top
    # corner badges: the Noble's sex and his House (or role)
    corner = 8.5 * mm
    sex_icon = "lady" if noble.sex == "lady" else "lord"
    _disc(face, box.x + corner / 2, top - corner / 2, corner / 2 + 0.4 * mm, "#ffffff", INK, 0.5)
    _centre_icon(face, sex_icon, box.x + corner / 2, top - corner / 2 - 0.3 * mm, corner * 0.78)
    badge = noble_badge(noble, house)
    if house is None:
        _disc(
            face,
            box.right - corner / 2,
            top - corner / 2,
            corner / 2 + 0.4 * mm,
            "#ffffff",
            INK,
            0.5,
        )
    _centre_icon(
        face, badge, box.right - corner / 2, top - corner / 2, corner * (1.0 if house else 0.8)
    )
    # 1.5 mm clear of the corner discs (radius corner / 2 + 0.4 mm): long names touched them
    name_w = box.w - 2 * (corner + 0.4 * mm) - 3 * mm
    face.label(
        noble.name,
        box.x + box.w / 2,
        top - 5.2 * mm,
        size=10.5,
        bold=True,
        color=INK,
        align="center",
        max_width=name_w,
        min_size=6.5,
    )
    face.label(
        _noble_role(noble, house),
        box.x + box.w / 2,
        top - 9 * mm,
        size=MIN_TOKEN_TEXT,
        italic=True,
        color=MUTED,
        align="center",
        # this low the corner discs are narrow: the line may run wider than the name
        max_width=box.w - 2 * corner - 1.5 * mm,
        min_size=MIN_TOKEN_TEXT,
    )
    # portrait medallion
    cy = top - 25 * mm
    cx = box.x + box.w / 2
    r = 12.5 * mm
    _disc(face, cx, cy, r + 1.2 * mm, edge)
    _disc(face, cx, cy, r, mix(edge, "#ffffff", 0.3), INK, 0.6)
    c = face.canvas
    c.saveState()
    clip = c.beginPath()
    clip.circle(cx, cy, r)
    c.clipPath(clip, stroke=0, fill=0)
    if noble.art:  # the designer's portrait, cut to the medallion
        face.image(noble.art, cx - r, cy - r, 2 * r, 2 * r, fit=noble.art_fit)
    else:
        face.icon(sex_icon, cx - r * 0.95, cy - r, r * 1.9)
    c.restoreState()
    if noble.art:  # the ring again, over the picture's edge
        _disc(face, cx, cy, r, None, INK, 0.6)
    start = _starts_on(noble, house)
    if start:
        # as wide as the words at 6.5 pt need (they were 5.8 pt in a fixed ribbon)
        wide = fonts.unit_width(fonts.family().font(True), start) * MIN_TOKEN_TEXT
        rw = min(box.w - 1 * mm, max(2 * r + 8 * mm, wide + 3 * mm))
        face.rect(
            cx - rw / 2,
            cy - r - 1.6 * mm,
            rw,
            4 * mm,
            fill=edge,
            stroke=INK,
            line_width=0.4,
            radius=1 * mm,
        )
        face.label(
            start,
            cx,
            cy - r - 0.5 * mm,
            size=MIN_TOKEN_TEXT,
            bold=True,
            color=readable_on(edge),
            align="center",
            max_width=rw - 1.5 * mm,
            min_size=MIN_TOKEN_TEXT,
        )
    # strength, read from the rules
    rules = content.rules.battle
    if noble.sex == "lord":
        strength = str(rules.lord_strength)
        note = "strength in battle"
    else:
        strength = str(rules.lady_strength)
        note = f"strength; {rules.titled_lady_strength} while she holds a Title"
    sx, sy = box.x + 1.0 * mm, cy - r - 4.6 * mm
    face.icon("strength", sx, sy - 3.4 * mm, 6.6 * mm)
    face.label(
        strength, sx + 3.3 * mm, sy - 0.6 * mm, size=8.5, bold=True, color="#ffffff", align="center"
    )
    face.label(
        note,
        sx + 7.6 * mm,
        sy - 0.6 * mm,
        size=7,
        color=INK,
        max_width=box.w - 8.6 * mm,
        min_size=MIN_TOKEN_TEXT,
    )
    # attributes: name and generated rules text
    attrs = {a.id: a for a in content.attributes}
    parts = []
    # an attribute may hold another's rule (Cruel holds Tyrant's): a rule is printed once
    printed: dict[str, str] = {}
    for aid in noble.attributes:
        attr = attrs[aid]
        sentences = [describe(e) for e in attr.effects]
        new = [t for t in sentences if t not in printed]
        if new:
            text = for_sex(" ".join(new), noble.sex)
        else:
            text = f"(Its rule is part of {printed[sentences[0]]}, above.)"
        printed.update((t, attr.name) for t in new)
        parts.append(f"<b>{escape(attr.name)}.</b> {escape(text)}")
    text_top = sy - 4.2 * mm
    flavour_h = 7 * mm if noble.flavor else 0
    face.text(
        "\n".join(parts),
        box.x + 0.8 * mm,
        box.y + flavour_h + 0.5 * mm,
        box.w - 1.6 * mm,
        text_top - box.y - flavour_h - 0.5 * mm,
        size=7.6,
        min_size=5.0,
    )
    if noble.flavor:
        _rule(face, box.x + 6 * mm, box.right - 6 * mm, box.y + flavour_h + 0.2 * mm)
        _flavour(face, noble.flavor, box.x + 1 * mm, box.y, box.w - 2 * mm, flavour_h - 0.6 * mm)


def noble_badge(noble: Noble, house: House | None) -> str:
    """The badge of a Noble's card corner and avatar: his House's sigil, else his own
    picture (:data:`NOBLE_BADGES`), else the Heirs' or Bannermen's shared one."""
    if house is not None:
        return f"sigil-{house.id}"
    return NOBLE_BADGES.get(noble.id, "heir" if noble.kind == "heir" else "bannerman")


def _house(content: FiefContent, house_id: str | None) -> House | None:
    return next((h for h in content.houses if h.id == house_id), None) if house_id else None


def _noble_role(noble: Noble, house: House | None) -> str:
    if noble.kind == "bannerman":
        return "Bannerman"
    if noble.kind == "heir":
        return "Heir"
    sex = "Lady" if noble.sex == "lady" else "Lord"
    return f"{sex} of {house.name}" if house else sex


def _starts_on(noble: Noble, house: House | None) -> str:
    """The ribbon under the portrait: how the Noble comes into play, where that is not
    by the Character deck (an initial Noble's Court Event card at setup, a Bannerman or
    an Heir). On the role line these were 5.2 pt."""
    if noble.kind == "bannerman":
        return "For a House with no Lord left"
    if noble.kind == "heir":
        return "Enters with A Royal Heir Is Born"
    if house is None:
        return ""
    if house.initial.lord_card == noble.id:
        return "Initial Noble on a Lord card"
    if house.initial.lady_card == noble.id:
        if house.initial.lord_card is None:
            return "Initial Noble"
        return "Initial Noble on a Lady card"
    return ""


def noble_back(house: House | None, kind: str, face: Face) -> None:
    """The back of a House's Character deck (or of the Bannermen and Heirs)."""
    if house is not None:
        _back(face, house.color, f"sigil-{house.id}", house.name.upper(), "Character deck")
    elif kind == "heir":
        _back(face, HEIR, "heir", "HEIR", "Heir to the Iron Throne")
    else:
        _back(face, BANNERMAN, "bannerman", "BANNERMAN", "Sworn sword")


# -- mini cards: Court Events, Fortune, disaster copies, castles, titles ------------------------


def _centred_lines(
    face: Face,
    lines: list[str],
    x: float,
    y: float,
    room: float,
    size: float,
    leading: float,
    min_size: float,
    color: str,
    *,
    italic: bool = False,
) -> float:
    """Draw ``lines`` centred on ``x`` from the baseline ``y`` down, ``leading`` times
    ``size`` apart (bold unless ``italic``); returns the baseline after the last."""
    for line in lines:
        face.label(
            line,
            x,
            y,
            size=size,
            bold=not italic,
            italic=italic,
            color=color,
            align="center",
            max_width=room,
            min_size=min_size,
        )
        y -= size * leading
    return y


def _mini(
    face: Face,
    edge: str,
    name: str,
    icon: str,
    text: str,
    flavour: str,
    kind: str,
    ribbon: str = "",
    ribbon_colour: str = COPY_BACK,
    ground: str = PARCHMENT,
    art: str | None = None,
    art_fit: ArtFit = "cover",
) -> None:
    """The common layout of the mini cards; ``art``, the designer's picture, replaces
    the icon disc."""
    _frame(face, edge, ground)
    box = face.safe_box()
    ink = INK
    # a long title or kind line takes a second line rather than shrinking (A Hedge Knight
    # Swears Fealty was 6.1 pt, the Night's Watch Brother's kind line 5.2 pt); the picture
    # gives up the room
    room = box.w - 1 * mm
    title_size, titles = fit_lines(name, room, MINI_TITLE, MINI_TITLE_MIN, bold=True)
    kinds = fit_lines(kind, room, MINI_KIND, MINI_KIND, italic=True)[1] if kind else []
    centre = box.x + box.w / 2
    top = box.top - 4.2 * mm
    y = _centred_lines(face, titles, centre, top, room, title_size, 1.08, MINI_TITLE_MIN, ink)
    y -= 3.3 * mm - title_size * 1.08
    _centred_lines(face, kinds, centre, y, room, MINI_KIND, 1.15, MINI_KIND, MUTED, italic=True)
    extra = (len(titles) - 1) * title_size * 1.08 + max(0, len(kinds) - 1) * MINI_KIND * 1.15
    size = 15 * mm - extra
    cy = box.top - 8.5 * mm - extra - size / 2 - 1 * mm
    # the disc's top stays 0.8 mm under the kind line (at 0.62 it touched its descenders)
    disc = size * 0.58
    if art:  # the designer's picture across the card where the disc would be
        x, y, w, h = box.x, cy - disc, box.w, 2 * disc
        face.image(art, x, y, w, h, fit=art_fit)
        face.rect(x, y, w, h, stroke=INK, line_width=0.5)
    else:
        _disc(face, box.x + box.w / 2, cy, disc, mix(edge, "#ffffff", 0.2), INK, 0.5)
        _centre_icon(face, icon, box.x + box.w / 2, cy, size * 0.85)
    if ribbon:
        rw = box.w * 0.8
        face.rect(
            box.x + (box.w - rw) / 2,
            cy - disc - 2.4 * mm,
            rw,
            3.6 * mm,
            fill=ribbon_colour,
            stroke=INK,
            line_width=0.4,
            radius=1 * mm,
        )
        face.label(
            ribbon,
            box.x + box.w / 2,
            cy - disc - 1.65 * mm,
            size=MINI_RIBBON,
            bold=True,
            color=readable_ink(ribbon_colour, ("#ffffff", INK)),
            align="center",
            max_width=rw - 1 * mm,
        )
    text_top = cy - disc - (3.2 if ribbon else 1.2) * mm
    flavour_h = 6.5 * mm if flavour else 0
    face.text(
        text,
        box.x + 0.3 * mm,
        box.y + flavour_h,
        box.w - 0.6 * mm,
        text_top - box.y - flavour_h,
        size=6.6,
        min_size=MIN_TOKEN_TEXT,
        align="center",
        valign="middle",
    )
    if flavour:
        _rule(face, box.x + 4 * mm, box.right - 4 * mm, box.y + flavour_h)
        # 0.5 mm above the safe box's foot: a descender (p, g, y) of the last line sat
        # 0.1 mm inside print-on-demand printers' 1/8 in safe zone, wider than ours
        lift = 0.5 * mm
        _flavour(
            face, flavour, box.x, box.y + lift, box.w, flavour_h - 0.5 * mm - lift, size=MIN_FLAVOUR
        )


def court_face(card: CourtCard, face: Face) -> None:
    """A Court Event card."""
    _mini(
        face,
        COURT_BACK,
        card.name,
        court_icon(card.effect),
        escape(describe(card.effect)),
        card.flavor,
        "Court Event",
        art=card.art,
        art_fit=card.art_fit,
    )


def court_back(face: Face) -> None:
    """The brown back of the Court Event deck."""
    _back(face, COURT_BACK, "court", "COURT EVENT")


def fortune_face(card: FortuneCard, face: Face) -> None:
    """A bounty or disaster card of the Fortune deck."""
    disaster = card.back == "disaster"
    edge = DISASTER_BACK if disaster else BOUNTY_BACK
    kind = "Fortune · Disaster" if disaster else "Fortune · Bounty"
    _mini(
        face,
        edge,
        card.name,
        fortune_icon(card.effect),
        escape(describe(card.effect)),
        card.flavor,
        kind,
        art=card.art,
        art_fit=card.art_fit,
    )


def bounty_back(face: Face) -> None:
    """The grey back of the bounty cards."""
    _back(face, BOUNTY_BACK, "fortune", "FORTUNE")


def disaster_back(face: Face) -> None:
    """The black back of the disaster cards (seen before they are drawn)."""
    _back(face, DISASTER_BACK, "disaster", "FORTUNE", "Disaster")


def copy_face(card: DisasterCopy, season: str, face: Face) -> None:
    """A Winter is Coming disaster copy, marked with the season it joins the deck."""
    _mini(
        face,
        COPY_BACK,
        card.name.split(" (")[0],
        fortune_icon(card.effect),
        escape(describe(card.effect)),
        card.flavor,
        "Winter is Coming · Disaster copy",
        ribbon=f"Joins in {season}",
        art=card.art,
        art_fit=card.art_fit,
    )


def copy_back(face: Face) -> None:
    """The blue back of the disaster copies."""
    _back(face, COPY_BACK, "winter", "WINTER IS COMING", "Disaster copy")


def castle_face(castle: WallCastle, face: Face) -> None:
    """A Wall castle card, castle side."""
    _mini(
        face,
        "#5f84a2",
        castle.name,
        "stronghold",
        escape(castle.text),
        "",
        "Wall castle · Night's Watch expansion",
        art=castle.art,
        art_fit=castle.art_fit,
    )


def castle_back(face: Face) -> None:
    """A Wall castle card, fallen side."""
    _back(face, "#3d4a56", "wall", "FALLEN", "The castle is overrun")


def military_face(content: FiefContent, title: Title, face: Face) -> None:
    """A Title card: Military (Wardens, Protector, Night's Watch) or special (Mother of
    Dragons, which takes no Title slot)."""
    regions = {r.id: r for r in content.regions}
    bits = ["Military Title" if title.kind == "military" else "Special Title"]
    # a Warden's Region on a ribbon across the picture, at a size read across the table
    # (it was only in the small italic kind line)
    ribbon = f"Region {regions[title.region].number}" if title.region in regions else ""
    holders = {"lords": "Lords only", "ladies": "Ladies only"}.get(title.holders)
    if holders:
        bits.append(holders)
    if title.expansion != "base":
        # on the kind line, as the Wall castles say it (white words under the panel were
        # printed on the parchment, where nobody could read them)
        bits.append("Night's Watch")
    text = escape(title.text)
    if title.vp:
        text = f"[vp] <b>{title.vp} VP.</b> " + text
    _mini(
        face,
        MILITARY_TITLE,
        title.name,
        title_icon(title),
        text,
        "",
        " · ".join(bits),
        ribbon=ribbon,
        ribbon_colour=MILITARY_TITLE,
        art=title.art,
        art_fit=title.art_fit,
    )


def marker_card_face(name: str, text: str, face: Face) -> None:
    """A card-shaped marker the content declares (its own words)."""
    _mini(face, "#7a2e2e", name, "first-player", escape(text), "", "")


def first_player_face(face: Face) -> None:
    """The First Player card."""
    _mini(
        face,
        "#7a2e2e",
        "First Player",
        "first-player",
        "Acts first in every phase of the round, then the others in turn to the left. "
        "Passes to the left when the round ends.",
        "",
        "Hand it on each round",
    )


# -- tokens -------------------------------------------------------------------------------


def _token_ground(face: Face, ring: str, ground: str = PARCHMENT, ring_mm: float = 1.3) -> None:
    """A coloured ring to the cut (and bleed) round a light centre."""
    face.fill(ring)
    cx, cy = face.width / 2, face.height / 2
    r = min(face.width, face.height) / 2 - ring_mm * mm
    if face.shape == "round":
        _disc(face, cx, cy, r, ground)
    else:
        side = 2 * r
        face.rect(cx - r, cy - r, side, side, fill=ground, radius=1.2 * mm)


#: the picture of each troop role, drawn for the shipped troop that has it
ROLE_ICONS = {"archer": "archer", "siege": "siege-engine"}


def unit_icon(unit: Unit) -> str:
    """The icon drawing ``unit``: its own when the kit draws one, else its role's (a new
    archer), else the strength icon, so that content may add troops the kit has no
    picture for (``content/fief/README.md``)."""
    if unit.id in ICONS:
        return unit.id
    role = ROLE_ICONS.get(unit.role or "")
    if role is not None:
        return role
    return "strength"


def unit_face(unit: Unit, house: House | None, face: Face) -> None:
    """A troop: the unit's picture, its strength, the owner's sigil and colour.

    The sigil badge is the House's mark that survives every print: 5.5 mm across, it
    still shows its charge (falcon, kraken, dragon …) where the ring's colour does not
    tell Houses apart (colour-blind eyes, a greyscale printer, the pale low-ink rings);
    at 4.2 mm it was a blob."""
    ring = house.color if house else "#d9dde2"
    _token_ground(face, ring, ring_mm=1.6)
    cx, cy = face.width / 2, face.height / 2
    d = face.width
    # the picture at the top, the sigil below it, a little to the right, the strength to
    # the left: each as large as the parchment disc leaves room for, apart (QA4 8: the
    # 0.37 sigil's halo cut the knight's base off and ran onto the ring)
    _centre_icon(face, unit_icon(unit), cx + d * 0.04, cy + d * 0.19, d * UNIT_PICTURE)
    if house is not None:
        _centre_icon(face, f"sigil-{house.id}", cx + d * 0.1, cy - d * 0.19, d * UNIT_SIGIL)
    # the digit's capitals centred in a disc a little larger than they are (the white
    # digit stood 0.15 mm proud of the black disc, white on parchment)
    size = d / mm * 0.7
    _disc(face, cx - d * 0.22, cy - d * 0.13, d * 0.128, INK)
    face.label(
        str(unit.strength),
        cx - d * 0.22,
        cy - d * 0.13 - size * 0.73 / 2,
        size=size,
        bold=True,
        color="#ffffff",
        align="center",
    )


#: a building counter's ring, mm, and how far inside the parchment its words keep, mm
BUILDING_RING = 1.0
BUILDING_MARGIN = 0.6


def building_face(building: Building, face: Face) -> None:
    """A building counter: its picture on parchment, its name under it.

    On a square counter the name sits low, across the full width. On a round one the
    parchment narrows towards the bottom: the name rises until its widest line fits the
    disc's chord there, and the picture shrinks to the room left above it (QA4 2: at the
    square's height "Maester" ran onto the ring and into the chain's lowest link)."""
    _token_ground(face, "#6e655a", ring_mm=BUILDING_RING)
    icon = building.id if building.id in ICONS else "stronghold"
    # at 6.5 pt, on two lines when it is long (Fortified City was 5.7 pt on one)
    size, lines = fit_lines(
        building.name, face.width - 3 * mm, MIN_TOKEN_TEXT, MIN_TOKEN_TEXT, bold=True
    )
    step = size * 1.05
    base = 2.4 * mm  # the bottom line's baseline
    if face.shape == "round":
        r = face.width / 2 - (BUILDING_RING + BUILDING_MARGIN) * mm
        half = max(fonts.unit_width(fonts.family().font(True), ln) for ln in lines) * size / 2
        # the chord is ``half`` wide this far below the middle; the bottom line's baseline
        # goes there (no higher than the middle) and the picture above the cap height
        below = (max(r * r - half * half, 0.0)) ** 0.5
        base = max(base, face.height / 2 - below)
        top_of_words = base + (len(lines) - 1) * step + size * 0.73
        bottom = top_of_words + 0.8 * mm
        top = face.height - (BUILDING_RING + 1.4) * mm
        _centre_icon(face, icon, face.width / 2, (bottom + top) / 2, top - bottom)
    else:
        lift = (len(lines) - 1) * MIN_TOKEN_TEXT * 1.05  # a second line: a smaller picture
        _centre_icon(
            face,
            icon,
            face.width / 2,
            face.height / 2 + face.height * 0.06 + lift / 2,
            face.width * 0.62 - lift,
        )
    for k, line in enumerate(reversed(lines)):
        face.label(
            line,
            face.width / 2,
            base + k * step,
            size=size,
            bold=True,
            color=INK,
            align="center",
            max_width=face.width - 3 * mm,
            min_size=MIN_TOKEN_TEXT,
        )


def avatar_face(content: FiefContent, noble: Noble, face: Face) -> None:
    """A Noble's avatar on the board: his name, sex and House (or his own badge).

    The name gets most of the disc, wrapping onto up to three lines at
    :data:`AVATAR_NAME` points rather than shrinking: for the Bannermen and Heirs, whose
    rings and sex are alike, it and the badge are what match the avatar to its card."""
    house = _house(content, noble.house)
    ring = house.color if house else (HEIR if noble.kind == "heir" else BANNERMAN)
    _token_ground(face, ring, ring_mm=1.8)
    cx, cy = face.width / 2, face.height / 2
    d = face.width
    _centre_icon(face, "lady" if noble.sex == "lady" else "lord", cx, cy + d * 0.3, d * 0.18)
    face.text(
        f"<b>{escape(noble.name)}</b>",
        cx - d * 0.38,
        cy - d * 0.165,
        d * 0.76,
        d * 0.37,
        size=AVATAR_NAME,
        min_size=MIN_AVATAR_NAME,
        leading=1.1,
        align="center",
        valign="middle",
    )
    badge = noble_badge(noble, house)
    size = d * (0.21 if house else 0.23)
    if house is None:  # the own badges are pictures: a white disc sets them off the ring
        _disc(face, cx, cy - d * 0.275, size / 2 + 0.3 * mm, "#ffffff", INK, 0.4)
    _centre_icon(face, badge, cx, cy - d * 0.275, size * (1.0 if house else 0.85))


#: the inside of a vote marker's circle (white for FOR, black for DECOY), a share of the
#: circle picture's side (see ``vote-for`` and ``vote-decoy`` in :mod:`.icons`)
VOTE_INSIDE = {"for": 0.82, "decoy": 0.9}


def vote_face(house: House, vote: str, face: Face) -> None:
    """A FOR (white circle) or DECOY (black circle) vote marker."""
    _token_ground(face, house.color, ring_mm=1.6)
    cx, cy = face.width / 2, face.height / 2
    d = face.width
    # the circle as large as the room over the sigil allows, so DECOY prints at 6.5 pt
    # (it was 5.6 pt) and still inside it
    side = d * 0.615
    _centre_icon(face, f"vote-{vote}", cx, cy + d * 0.13, side)
    colour = INK if vote == "for" else "#ffffff"
    # the word stays inside the circle: a white DECOY wider than the black disc printed
    # its first and last letters white on the parchment; its capitals are centred on the
    # circle's middle, where the circle is widest. It keeps a fifth of the disc clear:
    # in capitals at 6.5 pt it spanned the black disc edge to edge (QA4 10), so the word
    # is set "Decoy" (and "For"), on a black disc with a thinner grey ring (the inside is
    # VOTE_INSIDE of ``side``)
    size = d / mm * 0.42
    face.label(
        vote.capitalize(),
        cx,
        cy + d * 0.13 - size * 0.36,
        size=size,
        bold=True,
        color=colour,
        align="center",
        max_width=side * VOTE_INSIDE[vote] * 0.8,
        min_size=MIN_TOKEN_TEXT,
    )
    # the sigil as large as the room under the circle allows (it was 3.2 mm)
    _centre_icon(face, f"sigil-{house.id}", cx, cy - d * 0.285, d * 0.25)


def house_back(house: House, face: Face) -> None:
    """The hidden side of a House's vote markers: colour and sigil only."""
    face.fill(house.color)
    d = face.width
    _centre_icon(face, f"sigil-{house.id}", d / 2, face.height / 2, d * 0.66)


def house_marker_face(house: House, icon: str, label: str, face: Face) -> None:
    """A House marker (tax, diplomacy, marriage, VP): picture, word and sigil.

    Picture and sigil side by side, each a large badge, above the word: the sigil names
    the House where the ring's colour does not (see :func:`unit_face`), and the word
    prints at :data:`MIN_MARKER_WORD` or more across the widest part of the ground."""
    round_ = face.shape == "round"
    # a thinner ring than the troops' leaves the word room at a readable size
    _token_ground(face, house.color, ring_mm=HOUSE_MARKER_RING[face.shape])
    cx, cy = face.width / 2, face.height / 2
    d = face.width
    if icon == f"sigil-{house.id}":
        _centre_icon(face, icon, cx, cy + d * 0.1, d * 0.52)
        _token_word(face, label, MIN_MARKER_WORD / (d / mm), 0.62, baseline=0.28)
    elif round_:
        _centre_icon(face, icon, cx - d * 0.17, cy + d * 0.12, d * 0.34)
        _centre_icon(face, f"sigil-{house.id}", cx + d * 0.18, cy + d * 0.12, d * 0.35)
        _token_word(face, label, MIN_MARKER_WORD / (d / mm), 0.76, baseline=0.22)
    else:
        _centre_icon(face, icon, cx - d * 0.2, cy + d * 0.16, d * 0.38)
        _centre_icon(face, f"sigil-{house.id}", cx + d * 0.2, cy + d * 0.16, d * SIGIL_BADGE)
        _token_word(face, label, MIN_MARKER_WORD / (d / mm), 0.86, baseline=0.3)


def marker_face(icon: str, label: str, ring: str, face: Face) -> None:
    """A shared marker: a picture on parchment and a word."""
    _token_ground(face, ring, ring_mm=1.4)
    cx, cy = face.width / 2, face.height / 2
    d = face.width
    if not label:
        _centre_icon(face, icon, cx, cy + d * 0.08, d * 0.5)
        return
    plain = label.replace(SOFT_HYPHEN, "")
    wide = fonts.unit_width(fonts.family().font(True), plain) * MIN_MARKER_WORD
    if wide > d * 0.62:
        # a long word (Defender) goes across the middle, the disc's widest part, under a
        # smaller picture: low down it would print too small to read; one too long even
        # there (Assassination) takes two lines, under a picture set higher still
        broken = wide > d * 0.82
        _centre_icon(face, icon, cx, cy + d * (0.27 if broken else 0.2), d * 0.3)
        _token_word(face, label, 0.37, 0.82, baseline=0.1 if broken else 0.06)
        return
    # the word a little higher, where a round token's parchment is wide enough for it to
    # print at 6.5 pt (it was 4.3-4.9 pt low down)
    _centre_icon(face, icon, cx, cy + d * 0.1, d * 0.46)
    _token_word(face, label, 0.37, 0.62, baseline=0.26)


def chit_face(icon: str, name: str, strength: int, ring: str, face: Face) -> None:
    """A chit that fights at the Wall: its picture, its name and, in a dark disc, the
    strength it adds to its side (a wildling's share of the wildlings' strength)."""
    _token_ground(face, ring, ring_mm=1.4)
    cx, cy = face.width / 2, face.height / 2
    d = face.width
    # a hairline inside the ring, white on the Watch's black, dark on the wildlings' ice:
    # no House's ring has one, so these never pass for a House's troops
    _disc(face, cx, cy, d / 2 - 1.05 * mm, None, readable_on(ring), 0.7)
    _centre_icon(face, icon, cx, cy + d * 0.22, d * 0.32)
    _token_word(face, name, 0.37, 0.7, baseline=0.05)
    _disc(face, cx, cy - d * 0.29, d * 0.11, INK)
    size = d / mm * 0.5
    face.label(
        str(strength),
        cx,
        cy - d * 0.29 - size * 0.36,
        size=size,
        bold=True,
        color="#ffffff",
        align="center",
    )


def _token_word(face: Face, word: str, size: float, width: float, baseline: float = 0.33) -> None:
    """A bold word low on a token; ``size``, ``width`` and how far below the centre its
    ``baseline`` lies are fractions of the token's width. It prints at 6.5 pt at least
    (Assassination was 5.4 pt, the Wall's chits 6.1 pt); a word too long for that breaks
    at its soft hyphen onto two lines round the baseline."""
    d = face.width
    pt = max(MIN_TOKEN_TEXT, d / mm * size)
    plain = word.replace(SOFT_HYPHEN, "")
    lines = [plain]
    if SOFT_HYPHEN in word and fonts.unit_width(fonts.family().font(True), plain) * pt > d * width:
        head, tail = word.split(SOFT_HYPHEN, 1)
        lines = [head + "-", tail.replace(SOFT_HYPHEN, "")]
    for k, line in enumerate(lines):
        face.label(
            line,
            d / 2,
            face.height / 2 - d * baseline + ((len(lines) - 1) / 2 - k) * pt * 1.1,
            size=pt,
            bold=True,
            color=INK,
            align="center",
            max_width=d * width,
            min_size=MIN_TOKEN_TEXT,
        )


def gold_face(value: int, face: Face) -> None:
    """A Gold Dragon coin."""
    face.fill("#b8860b")
    cx, cy = face.width / 2, face.height / 2
    d = face.width
    _centre_icon(face, "gold", cx, cy, d * 0.92)
    _disc(face, cx, cy, d * 0.22, "#f2cf6b", "#8a6410", 0.8)
    face.label(
        str(value), cx, cy - d * 0.12, size=d / mm * 0.9, bold=True, color="#5a3d08", align="center"
    )


#: a Fief Title's frame, mm inside the cut
FIEF_TITLE_FRAME = 0.9


def fief_title_token(title: Title, colour: str, face: Face) -> None:
    """A Fief Title: a square in the Fief's colour with its name and red seal.

    The name, at 6.5 pt on up to four lines broken where the longest is shortest, and the
    seal under it are centred together in the frame, 1 mm clear of it and of each other;
    the seal shrinks to the room a four-line name leaves (QA4 9: "Lord Paramount of the
    Westerlands" ran from the frame's top to the seal, 0.8 mm from its sides)."""
    face.fill(colour)
    ink = readable_on(colour)
    box = face.trim_box().inset(FIEF_TITLE_FRAME * mm)
    face.rect(box.x, box.y, box.w, box.h, stroke=ink, line_width=0.5, radius=1 * mm)
    width = box.w - 1.8 * mm
    size, lines = fit_lines(title.name, width, MIN_TOKEN_TEXT, MIN_TOKEN_TEXT, bold=True, most=4)
    pitch, cap, gap = size * 1.1, size * 0.73, 1.1 * mm
    words = cap + (len(lines) - 1) * pitch
    room = box.h - 2 * mm  # 1 mm clear of the frame, top and bottom
    seal = min(box.h * 0.36, room - words - gap) if title.vp else 0.0
    group = words + (gap + seal if seal else 0.0)
    top = box.y + box.h / 2 + group / 2
    for k, line in enumerate(lines):
        face.label(
            line,
            face.width / 2,
            top - cap - k * pitch,
            size=size,
            bold=True,
            color=ink,
            align="center",
            max_width=width,
            min_size=MIN_TOKEN_TEXT,
        )
    if seal:
        face.icon("vp", (face.width - seal) / 2, top - group, seal)


def high_title_token(title: Title, face: Face) -> None:
    """A High Title: a square token with a circle above the brown ground.

    A name that needs four lines at 6.5 pt (the Lord Commander of the Night's Watch) is
    broken where its longest line is shortest, and takes the room of a smaller circle
    set higher (QA4 3: broken greedily, its widest line came 1.3 mm from the cut and its
    first touched the circle)."""
    face.fill(HIGH_TITLE)
    cx = face.width / 2
    d = face.width
    width = d - 2.4 * mm
    lines = fit_lines(title.name, width, 7, MIN_TOKEN_TEXT, bold=True, most=4)[1]
    if len(lines) == 4:
        r = d * 0.18
        cy = face.height - 1.5 * mm - r
        _disc(face, cx, cy, r, PARCHMENT, "#f2cf6b", 0.8)
        _centre_icon(face, title_icon(title), cx, cy, r * 1.48)
        face.text(
            "<b>" + "<br/>".join(escape(line) for line in lines) + "</b>",
            1.2 * mm,
            0.8 * mm,
            width,
            cy - r - 1.7 * mm,
            size=MIN_TOKEN_TEXT,
            min_size=MIN_TOKEN_TEXT,
            leading=1.1,
            align="center",
            valign="middle",
            color="#ffffff",
        )
        if title.vp:
            face.icon("vp", d - 6.2 * mm, face.height - 6.2 * mm, 5 * mm)
        return
    # a smaller seal higher up leaves the name three lines at a readable size (a long
    # name such as the King's printed at 5.35 pt in two)
    _disc(face, cx, face.height * 0.72, d * 0.23, PARCHMENT, "#f2cf6b", 0.8)
    _centre_icon(face, title_icon(title), cx, face.height * 0.72, d * 0.34)
    face.text(
        f"<b>{escape(title.name)}</b>",
        1.2 * mm,
        0.8 * mm,
        width,
        face.height * 0.45,
        size=7,
        min_size=MIN_TOKEN_TEXT,
        leading=1.1,
        align="center",
        valign="middle",
        color="#ffffff",
    )
    if title.vp:
        face.icon("vp", d - 6.2 * mm, face.height - 6.2 * mm, 5 * mm)
