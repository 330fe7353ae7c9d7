"""The Wall board of the Night's Watch expansion, drawn from the content.

One side board, the size of the Royal Court's, for the pieces the expansion
puts by the map (FF-SETUP-04): the Wall track from 0 to ``track`` with the
marker's start, what the wildlings attack with, a space for each Wall castle
card (castle side up at set-up), the Lord Commander's space, a row for the
Brothers and their recruits, the Wall's supplies, the Defender of the Wall
tokens, the recruits' prices and strengths, the Wall bids, and the Battle at
the Wall step by step. Every number comes from ``rules.yaml``
(``nights_watch``) and every name from the content, so the board and the
referee cannot disagree.
"""

from __future__ import annotations

from functools import partial

from pnp.render import Board, Face, escape, mm
from pnp.rulesets.fief.kit.courtboard import CARD, SIZE, at_mm, dashed_space, side_panel
from pnp.rulesets.fief.kit.style import CHIT_ART, INK, PARCHMENT, mix
from pnp.rulesets.fief.model import FiefContent, NightsWatchRules

#: the Wall's colours: the frame, and the cold blue of its spaces (the castle cards' edge)
FRAME = "#3d4a56"
ICE = "#5f84a2"
#: a round space for one piece on a 20 mm avatar or 18 mm chit, mm
PIECE = 24.0
#: the right-hand column: where it starts and how wide it is, mm
COLUMN_X = 158.0
COLUMN_W = SIZE[0] - 10 - COLUMN_X
#: where the Brothers' row (and the Phase 7 box beside it) starts, mm from the top
BROTHERS_TOP = 132.0


def wall_board(model: FiefContent) -> Board:
    """The Wall board, printed on its own page in ``wall-board.pdf``."""
    return Board(
        id="wall-board",
        name="The Wall (Night's Watch)",
        size=SIZE,
        face=partial(draw_wall, model),
        file="wall-board",
    )


def short_name(name: str) -> str:
    """A token's name as a board heading: ``Night's Watch recruit (ranger)`` -> ``Ranger``."""
    if "(" in name and name.endswith(")"):
        inner = name[name.index("(") + 1 : -1]
        return inner[:1].upper() + inner[1:]
    return name


def plural(name: str) -> str:
    """``Defender of the Wall`` -> ``Defenders of the Wall``."""
    head, _, rest = name.partition(" ")
    return f"{head}s {rest}".rstrip()


def gate_villages(model: FiefContent) -> list[str]:
    """The names of the Villages from which a Noble may go to the Wall."""
    names = {v.id: v.name for v in model.villages}
    return [names[g] for g in model.wall.gates]


def gate_wardens(model: FiefContent) -> list[str]:
    """The Warden Titles of the Regions holding a gate Village (they may stop its Uprising)."""
    regions = {v.id: v.region for v in model.villages}
    wanted = {regions[g] for g in model.wall.gates}
    return [t.name for t in model.titles if t.region in wanted]


def _title_name(model: FiefContent, tid: str, fallback: str) -> str:
    return next((t.name for t in model.titles if t.id == tid), fallback)


def _token(model: FiefContent, tid: str) -> tuple[str, int]:
    """A token's name and printed count (the content declares every Wall piece)."""
    tok = next(t for t in model.tokens if t.id == tid)
    return tok.name, tok.count


def draw_wall(model: FiefContent, face: Face) -> None:
    """Draw the Wall board."""
    nw = model.rules.nights_watch
    side_panel(face, "The Wall", edge=FRAME)
    x, y = at_mm(face, SIZE[0] - 10, 15)
    face.label(
        f"Night's Watch expansion · {nw.min_players} players or more",
        x,
        y,
        size=8,
        italic=True,
        color=INK,
        align="right",
    )
    _track(model, nw, face)
    _castles(model, nw, face)
    _keep(model, nw, face)
    _recruits(model, nw, face)
    _brothers(model, nw, face)
    _order_of_play(model, nw, face)


# -- the track ------------------------------------------------------------------------------


def _track(model: FiefContent, nw: NightsWatchRules, face: Face) -> None:
    """The Wall track 0..track, and what the wildlings come with."""
    y0 = 28.0
    lx, ly = at_mm(face, 10, y0 - 3)
    face.label("The Wall track", lx, ly, size=11, bold=True, color=INK)
    tx, ty = at_mm(face, 48, y0 - 7.2)
    face.text(
        f"The wildlings attack with [die] <b>a d6 + the marker's space</b>. "
        f"The marker starts on 0 and climbs one space each round, up to {nw.track}.",
        tx,
        ty,
        (SIZE[0] - 10 - 48) * mm,
        5.5 * mm,
        size=7.5,
        min_size=6,
        align="right",
        valign="bottom",
    )
    count = nw.track + 1
    pitch = (SIZE[0] - 20) / count
    h = 18.0
    for v in range(count):
        xx = 10 + v * pitch
        px, py = at_mm(face, xx, y0 + h)
        w = pitch - 1.5
        # colder the higher the marker climbs
        fill = mix(ICE, PARCHMENT, 0.08 + 0.37 * v / max(nw.track, 1))
        face.rect(px, py, w * mm, h * mm, fill=fill, stroke=INK, line_width=0.6, radius=1.5 * mm)
        cx = px + w / 2 * mm
        face.label(str(v), cx, py + 12 * mm, size=13, bold=True, color=INK, align="center")
        note = "start" if v == 0 else "top" if v == nw.track else ""
        if note:
            face.label(note, cx, py + 2.2 * mm, size=7, italic=True, color=INK, align="center")
        if v == 0:
            face.icon("wall", cx - 3 * mm, py + 5 * mm, 6 * mm)


# -- the castles ----------------------------------------------------------------------------


def _castles(model: FiefContent, nw: NightsWatchRules, face: Face) -> None:
    """A card space for each Wall castle, in the content's order (the order they fall in)."""
    y0 = 57.0
    lx, ly = at_mm(face, 10, y0 - 7)
    face.label("The castles", lx, ly, size=11, bold=True, color=INK)
    nx, ny = at_mm(face, 38, y0 - 7)
    face.label(
        f"castle side up at set-up; {nw.castle_strength} to the Watch while standing",
        nx,
        ny,
        size=7,
        italic=True,
        color=INK,
    )
    gap = 5.0
    for k, castle in enumerate(model.wall_castles):
        dashed_space(
            face,
            10 + k * (CARD[0] + gap),
            y0,
            CARD[0],
            CARD[1],
            mix(ICE, PARCHMENT, 0.3),
            label=castle.name,
            icon="stronghold",
            note="falls: turn it over",
        )


# -- the Lord Commander, the supplies, the Defenders ---------------------------------------


def _keep(model: FiefContent, nw: NightsWatchRules, face: Face) -> None:
    """Three spaces in a row: the Lord Commander, the Wall's supplies, the Defender tokens."""
    defender, defenders = _token(model, nw.defender_token)
    spaces = [
        (
            "Lord Commander",
            "crow",
            f"His avatar and his Title token. He adds {nw.lc_bid_bonus} to his Wall bid "
            "and buys no recruits.",
        ),
        (
            "The Wall's supplies",
            "gold",
            "Bid gold up to the Watch's margin over the wildlings. The Lord Commander may take "
            "it after each battle.",
        ),
        (
            plural(defender),
            "wall",
            f"{defenders} tokens. Each pays its House {nw.defender_income} Gold "
            f"Dragon{'s' if nw.defender_income != 1 else ''} every Income phase.",
        ),
    ]
    y0 = 57.0
    pitch = (COLUMN_W - PIECE) / (len(spaces) - 1)
    for k, (label, icon, note) in enumerate(spaces):
        xx = COLUMN_X + k * pitch
        dashed_space(face, xx, y0, PIECE, PIECE, mix(ICE, PARCHMENT, 0.3), label=label, icon=icon)
        tx, ty = at_mm(face, xx - 1.5, y0 + PIECE + 1.5)
        face.text(
            note,
            tx,
            ty - 14 * mm,
            (PIECE + 3) * mm,
            14 * mm,
            size=6.5,
            min_size=5.5,
            align="center",
        )


# -- the recruits ---------------------------------------------------------------------------


def _recruits(model: FiefContent, nw: NightsWatchRules, face: Face) -> None:
    """The recruit kinds with their price, strength and supply."""

    y0 = 101.0
    lx, ly = at_mm(face, COLUMN_X, y0)
    face.label("Recruits", lx, ly, size=11, bold=True, color=INK)
    nx, ny = at_mm(face, COLUMN_X + 19, y0)
    face.label("bought in the Purchase phase", nx, ny, size=7, italic=True, color=INK)
    row_h = 9.0
    for k, r in enumerate(nw.recruits):
        name, count = _token(model, r.token)
        top = y0 + 2 + k * (row_h + 1.5)
        px, py = at_mm(face, COLUMN_X, top + row_h)
        face.rect(
            px,
            py,
            COLUMN_W * mm,
            row_h * mm,
            fill=PARCHMENT,
            stroke=INK,
            line_width=0.5,
            radius=1.5 * mm,
        )
        icon = CHIT_ART.get(r.token, ("crow", "", ""))[0]
        face.icon(icon, px + 1.2 * mm, py + 1.2 * mm, (row_h - 2.4) * mm)
        face.label(short_name(name), px + 10 * mm, py + 3.3 * mm, size=8.5, bold=True, color=INK)
        face.label(
            f"price {r.cost} · strength {r.strength} · {count} chits",
            px + (COLUMN_W - 2) * mm,
            py + 3.3 * mm,
            size=7.5,
            color=INK,
            align="right",
        )


# -- the Brothers ---------------------------------------------------------------------------


def _brothers(model: FiefContent, nw: NightsWatchRules, face: Face) -> None:
    """A space for each Brother the Wall can hold, with room for his recruits, and how a
    Lord takes the black."""
    brother = _title_name(model, "brother-of-the-watch", "Brother of the Night's Watch")
    gates = " or ".join(gate_villages(model))
    y0 = BROTHERS_TOP
    lx, ly = at_mm(face, 10, y0 - 3)
    face.label("The Brothers", lx, ly, size=11, bold=True, color=INK)
    nx, ny = at_mm(face, 42, y0 - 3)
    per_house = "one" if nw.brothers_per_house == 1 else str(nw.brothers_per_house)
    face.label(
        f"{per_house} per House; each adds {nw.brother_strength} to the Watch",
        nx,
        ny,
        size=7,
        italic=True,
        color=INK,
    )
    count = model.rules.max_players * nw.brothers_per_house
    gap = 2.5
    right = COLUMN_X - 6
    w = (right - 10 - (count - 1) * gap) / count
    h = 37.0
    for k in range(count):
        xx = 10 + k * (w + gap)
        dashed_space(face, xx, y0, w, h, mix(ICE, PARCHMENT, 0.18))
        # the avatar's ring at the top, the recruits' pile below it
        cx, cy = at_mm(face, xx + w / 2, y0 + 1.5 + PIECE * 0.45)
        c = face.canvas
        c.saveState()
        c.setDash([1 * mm, 0.8 * mm])
        c.setStrokeColor(mix(INK, PARCHMENT, 0.6))
        c.circle(cx, cy, min(w, PIECE) * 0.45 * mm, stroke=1, fill=0)
        c.restoreState()
        face.icon("crow", cx - 4 * mm, cy - 4 * mm, 8 * mm)
        rx, ry = at_mm(face, xx + w / 2, y0 + h - 2.5)
        face.label("his recruits", rx, ry, size=6.5, italic=True, color=INK, align="center")
    tx, ty = at_mm(face, 10, SIZE[1] - 8)
    face.text(
        f"<b>Taking the black.</b> A free, unmarried Lord, neither King nor Heir, of a House "
        f"with room on the Wall: in the Draw phase instead of a Court Event card, when the Hand "
        f"outlaws him, or as his move from {escape(gates)}. He comes here at once with the "
        f"{escape(brother)} card; his troops stay where they stood.",
        tx,
        ty,
        (right - 10) * mm,
        (SIZE[1] - 8 - (y0 + h + 1.5)) * mm,
        size=7.5,
        min_size=5.5,
        valign="top",
    )


# -- Phase 7 ----------------------------------------------------------------------------------


def _order_of_play(model: FiefContent, nw: NightsWatchRules, face: Face) -> None:
    """Phase 7, the Battle at the Wall, step by step, in a box at the bottom right."""
    steps_words = ", ".join(str(b) for b in nw.bid_steps[:-1]) + f" or {nw.bid_steps[-1]}"
    protector = _title_name(model, "protector", "Protector of the Realm")
    wardens = " and the ".join(gate_wardens(model)) or "the Region's Warden"
    gates = " and ".join(gate_villages(model))
    steps = [
        f"Move the marker one space up (it stops at {nw.track}).",
        "Roll a d6: the wildlings' strength is the roll plus the marker's space.",
        f"Each player bids {steps_words} Gold Dragons or nothing in a closed fist; "
        "all open together, and every bid is paid.",
        f"The Watch: {nw.castle_strength} per standing castle, "
        f"{nw.brother_strength} per Brother, each recruit's strength, every bid, "
        f"and {nw.lc_bid_bonus} more with a Lord Commander.",
        "<b>Watch as strong or stronger: the Wall holds.</b> Of the gold bid, as much as "
        "the Watch beats the wildlings by goes to the supplies, the rest to the bank (the "
        f"Lord Commander's {nw.lc_bid_bonus} is no gold); the top bidder (the "
        f"{escape(protector)} breaks a tie) takes a Defender token while any are left.",
        "<b>Watch weaker: a breach.</b> A castle falls, if one stands (the Lord Commander "
        f"picks; without him the leftmost). An Uprising strikes {escape(gates)} wherever "
        f"troops or a Mill stand; the {escape(wardens)} and the Council may try to stop it.",
        "The Lord Commander may take the supplies.",
    ]
    top = BROTHERS_TOP
    bx, by = at_mm(face, COLUMN_X, SIZE[1] - 8)
    h = SIZE[1] - 8 - (top - 7.5)
    face.rect(
        bx, by, COLUMN_W * mm, h * mm, fill=PARCHMENT, stroke=INK, line_width=0.7, radius=2 * mm
    )
    hx, hy = at_mm(face, COLUMN_X + 2.5, top - 2.5)
    face.label("Phase 7: the Battle at the Wall", hx, hy, size=9, bold=True, color=INK)
    lines = "<br/>".join(f"<b>{k}.</b> {s}" for k, s in enumerate(steps, 1))
    face.text(
        lines,
        bx + 2.5 * mm,
        by + 1.5 * mm,
        (COLUMN_W - 5) * mm,
        (h - 7.5) * mm,
        size=7.5,
        min_size=5.5,
        valign="top",
    )
