"""The nine House boards: a player's sigil, abilities, starting forces and stockpile.

Each board shows the House's name, seat, words and home Fief; its abilities
in the words the ruleset generates from them; the initial Noble for a Lord
or a Lady card; what it starts the game with; a space for its Character deck
(which covers the House's sigil, as the rulebook asks); a box for every kind
of troop and marker in its stock, with the count the content gives; and the
order of a round. One board per page, A4 or Letter.
"""

from __future__ import annotations

from functools import partial

from pnp.render import Board, Face, escape, mm
from pnp.render.colours import readable_ink, shade_for
from pnp.rulesets.fief.effects import describe
from pnp.rulesets.fief.kit.faces import unit_icon
from pnp.rulesets.fief.kit.style import INK, PARCHMENT, mix
from pnp.rulesets.fief.model import FiefContent, House, stock
from pnp.rulesets.fief.rules.phases import PHASES

SIZE = (260.0, 190.0)
POKER = (63.0, 88.0)
#: the inks the banner's words may take: the kit's dark ink or white
BANNER_INKS = (INK, "#ffffff")
#: the round's phase list, top right of the banner, on its own parchment panel (mm from
#: the board's top left: x, y, width, height) and the smallest size it may print at
ROUND_PANEL = (176.0, 7.0, 77.0, 30.0)
ROUND_MIN_SIZE = 6.5


def house_boards(model: FiefContent) -> list[Board]:
    """One board per House, all in ``house-boards.pdf``."""
    return [
        Board(
            id=f"house-board-{h.id}",
            name=f"{h.name} board",
            size=SIZE,
            face=partial(draw_house_board, model, h),
            file="house-boards",
        )
        for h in model.houses
    ]


def _at(face: Face, x: float, y: float) -> tuple[float, float]:
    """Board mm from the top-left to face points."""
    return x * mm, face.height - y * mm


def home_text(model: FiefContent, house: House) -> str:
    """Where the House starts, in words."""
    fiefs = {f.id: f.name for f in model.fiefs}
    if house.home is not None:
        return f"Home Fief: {fiefs.get(house.home, house.home)}"
    if any(a.given("start_anywhere_coastal") for a in house.abilities):
        return "Home: a coastal Village of any Fief nobody holds"
    return "Home: any Fief nobody holds"


def starting_forces(model: FiefContent, house: House) -> list[str]:
    """What the House puts on the board at setup, in words."""
    units = {u.id: u.name for u in model.units}
    start = house.start_units if house.start_units is not None else model.rules.start.units
    out = [f"{n} × {units.get(uid, uid)}" for uid, n in start.items() if n]
    if model.rules.start.stronghold:
        kind = "Fortified City" if model.rules.start.stronghold == 2 else "Stronghold"
        out.append(f"1 × {kind}")
    out.append(f"{model.rules.start.gold} Gold Dragons")
    return out


def draw_house_board(model: FiefContent, house: House, face: Face) -> None:
    """Draw one House board."""

    colour = house.color
    # the banner is a deep shade of the House colour; the words are set in whichever ink
    # reads best on the shade actually painted, and the shade goes deeper where neither
    # ink would reach 4.5:1 on it (a mid orange or slate)
    banner = shade_for(mix(colour, "#000000", 0.85), BANNER_INKS)
    ink_on = readable_ink(banner, BANNER_INKS)
    face.fill(colour)
    panel = face.trim_box().inset(5 * mm)
    face.rect(
        panel.x,
        panel.y,
        panel.w,
        panel.h,
        fill=PARCHMENT,
        stroke=INK,
        line_width=0.8,
        radius=3 * mm,
    )
    # -- the banner: sigil, name, seat, words, home ---------------------------------------
    band_h = 34.0
    bx, by = _at(face, 5, 5 + band_h)
    face.rect(bx, by, (SIZE[0] - 10) * mm, band_h * mm, fill=banner, radius=3 * mm)
    face.icon(f"sigil-{house.id}", *_at(face, 9, 5 + band_h - 3), (band_h - 6) * mm)
    # the name, words and seat end short of the round's panel
    text_w = (ROUND_PANEL[0] - 3 - 44) * mm
    x, y = _at(face, 44, 20)
    face.label(house.name, x, y, size=24, bold=True, color=ink_on, max_width=text_w)
    x, y = _at(face, 44, 28)
    face.label(
        f"\u201c{house.words}\u201d", x, y, size=10, italic=True, color=ink_on, max_width=text_w
    )
    x, y = _at(face, 44, 34.5)
    face.label(
        f"Seat: {house.seat} · {home_text(model, house)}",
        x,
        y,
        size=8.5,
        color=ink_on,
        max_width=text_w,
    )
    # the round, top right of the banner: dark words on parchment, at a size read at
    # arm's length (it was 6.2 pt on the banner colour)
    px, py, pw, ph = ROUND_PANEL
    rx, ry = _at(face, px, py + ph)
    face.rect(rx, ry, pw * mm, ph * mm, fill=PARCHMENT, stroke=INK, line_width=0.5, radius=2 * mm)
    hx, hy = _at(face, px + 2, py + 4.2)
    face.label("A round", hx, hy, size=8.5, bold=True, color=INK)
    lines = "<br/>".join(f"{p.number}. {escape(p.name)}" for p in PHASES)
    face.text(
        lines,
        hx,
        ry + 1.2 * mm,
        (pw - 4) * mm,
        (ph - 6.4) * mm,
        size=7.2,
        min_size=ROUND_MIN_SIZE,
        color=INK,
        leading=1.12,
    )
    # -- Character deck space ------------------------------------------------------------
    dx, dy = 10.0, 5 + band_h + 11
    px, py = _at(face, dx, dy + POKER[1])
    c = face.canvas
    c.saveState()
    c.setDash([1.5 * mm, 1 * mm])
    face.rect(
        px,
        py,
        POKER[0] * mm,
        POKER[1] * mm,
        fill=mix(colour, PARCHMENT, 0.25),
        stroke=INK,
        line_width=0.6,
        radius=3 * mm,
    )
    c.restoreState()
    size = 44 * mm
    face.icon(
        f"sigil-{house.id}", px + (POKER[0] * mm - size) / 2, py + (POKER[1] * mm - size) / 2, size
    )
    lx, ly = _at(face, dx + POKER[0] / 2, dy - 2)
    face.label("Character deck", lx, ly, size=9, bold=True, color=INK, align="center")
    nobles = {n.id: n.name for n in model.nobles}
    lord = nobles.get(house.initial.lord_card or "")
    lady = nobles.get(house.initial.lady_card, house.initial.lady_card)
    if lord:
        start = (
            f"<b>Initial Noble.</b> On a Lord card: {escape(lord)}; on a Lady card: {escape(lady)}."
        )
    else:
        start = f"<b>Initial Noble.</b> Always {escape(lady)} (take a Lady card)."
    n = house.nobles
    lords = f"{n.lords} Lord" + ("" if n.lords == 1 else "s")
    ladies = f"{n.ladies} Lad" + ("y" if n.ladies == 1 else "ies")
    start += f" The deck holds {lords} and {ladies}."
    tx, ty = _at(face, dx, dy + POKER[1] + 3)
    face.text(start, tx, ty - 24 * mm, POKER[0] * mm, 24 * mm, size=7.5, min_size=5.5)
    # -- abilities and starting forces ------------------------------------------------------
    ax = 82.0
    aw = SIZE[0] - ax - 10
    hx, hy = _at(face, ax, dy + 2)
    face.label("House abilities", hx, hy, size=11, bold=True, color=INK)
    items = "".join(f"• {escape(describe(a))}<br/>" for a in house.abilities)
    if not items:
        items = "None.<br/>"
    face.text(
        items.removesuffix("<br/>"),
        hx,
        _at(face, 0, dy + 46)[1],
        aw * mm,
        41 * mm,
        size=8.5,
        min_size=6,
    )
    sx, sy = _at(face, ax, dy + 53)
    face.label("Starts with", sx, sy, size=11, bold=True, color=INK)
    face.text(
        escape(", ".join(starting_forces(model, house))) + ", and its initial Noble.",
        sx,
        _at(face, 0, dy + 66)[1],
        aw * mm,
        11 * mm,
        size=8.5,
        min_size=6,
    )
    # -- the stockpile ----------------------------------------------------------------------------
    units = {u.id: u for u in model.units}
    boxes: list[tuple[str, str, str]] = []
    for uid, count in stock(model, house).items():
        if count:
            unit = units[uid]
            extra = " · Tactics" if unit.tactics else ""
            boxes.append((unit_icon(unit), unit.name, f"× {count} · str {unit.strength}{extra}"))
    for tok in model.tokens:
        if tok.per_house and tok.id in ("tax-marker", "diplomacy-marker", "marriage-marker"):
            icon = {
                "tax-marker": "tax",
                "diplomacy-marker": "diplomacy",
                "marriage-marker": "marriage",
            }[tok.id]
            boxes.append((icon, tok.name.replace(" marker", ""), f"× {tok.per_house}"))
    votes = [t for t in model.tokens if t.per_house and t.id in ("vote-for", "vote-decoy")]
    if votes:
        boxes.append(("vote-for", "Votes", "FOR and DECOY"))
    top = dy + 72
    avail_h = SIZE[1] - 8 - top
    hx, hy = _at(face, ax, top - 2)
    face.label("Stockpile", hx, hy, size=11, bold=True, color=INK)
    per_row = max(1, min(len(boxes), 5))
    rows = -(-len(boxes) // per_row)
    bw = (aw - (per_row - 1) * 2.5) / per_row
    bh = min(30.0, (avail_h - (rows - 1) * 2.5) / rows)
    for k, (icon, name, note) in enumerate(boxes):
        r, col = divmod(k, per_row)
        x0 = ax + col * (bw + 2.5)
        y0 = top + r * (bh + 2.5)
        px, py = _at(face, x0, y0 + bh)
        face.rect(
            px,
            py,
            bw * mm,
            bh * mm,
            fill=mix(colour, PARCHMENT, 0.12),
            stroke=INK,
            line_width=0.5,
            radius=1.5 * mm,
        )
        isz = min(bh - 14, 13) * mm
        face.icon(icon, px + 2 * mm, py + (bh * mm - isz) - 2 * mm, isz)
        face.label(
            name,
            px + 2 * mm,
            py + 6.2 * mm,
            size=7.5,
            bold=True,
            color=INK,
            max_width=(bw - 4) * mm,
            min_size=5,
        )
        face.label(
            note,
            px + 2 * mm,
            py + 2.4 * mm,
            size=6.5,
            color=INK,
            max_width=(bw - 4) * mm,
            min_size=4.5,
        )
