"""Foldable die nets: the battle die (faces from ``rules.battle.dice.faces``) and the d6.

Each net is the classic cross of six squares with seven glue tabs, one per
seam, so it folds into a cube: cut the solid lines, fold the dashed ones,
glue each grey tab under the face it meets. Opposite faces are chosen to
balance (the battle die's opposite faces add up to the same number of hits;
a d6's to seven). As many nets as the content's ``battle-die`` and ``d6``
tokens ask for, six to a page.
"""

from __future__ import annotations

from functools import partial

from pnp.render import Board, Face, mm
from pnp.rulesets.fief.kit.style import INK, PARCHMENT
from pnp.rulesets.fief.model import FiefContent

#: cube edge and tab depth, mm
SIDE = 20.0
TAB = 6.0
NET_W = 4 * SIDE + TAB
NET_H = 3 * SIDE + 2 * TAB
#: nets per page: columns × rows, and the page's size in mm
COLS, ROWS = 2, 3
SIZE = (190.0, 252.0)
HEADER = 16.0

#: the cross: face slot -> (column, row); slots 0/5, 1/3 and 2/4 are opposite
SLOTS = ((1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2))
#: glue tabs: (slot, side) with side one of "left", "right", "top", "bottom"
TABS = (
    (4, "right"),
    (0, "left"),
    (0, "top"),
    (0, "right"),
    (5, "left"),
    (5, "bottom"),
    (5, "right"),
)


def arrange(values: list[int]) -> list[int]:
    """Order six face values over the slots so opposite faces balance.

    Sorted values are paired outside-in (lowest with highest), and each pair
    goes on one pair of opposite slots.
    """
    ordered = sorted(values)
    pairs = [(ordered[k], ordered[5 - k]) for k in range(3)]
    out = [0] * 6
    for (a, b), (s1, s2) in zip(pairs, ((2, 4), (1, 3), (0, 5)), strict=True):
        out[s1], out[s2] = b, a
    return out


def battle_dice_needed(model: FiefContent) -> int:
    """The most battle dice one roll of a battle can call for, both sides at once.

    Each side rolls by its strength band (the top band's dice at most), plus its
    best Commander's extra dice, plus an Ambush it played (one card a side); both
    sides roll together, so the kit needs both sides' largest rolls side by side.
    """
    top = max(band[2] for band in model.rules.battle.dice.bands)
    commander = max(
        (e.given("extra_die") or 0 for a in model.attributes for e in a.effects), default=0
    )
    ambushes = sorted(
        (
            c.effect.given("ambush").extra_dice
            for c in model.fortune
            if c.effect.key == "ambush"
            for _ in range(c.copies)
        ),
        reverse=True,
    )
    return 2 * (top + commander) + sum(ambushes[:2])


def dice_boards(model: FiefContent) -> list[Board]:
    """The pages of die nets, in ``dice.pdf``."""
    counts = {t.id: t.count for t in model.tokens}
    nets: list[tuple[str, list[int], bool]] = []
    battle = model.rules.battle.dice.faces
    total = counts.get("battle-die", 0)
    for k in range(total):
        nets.append((f"Battle die {k + 1} of {total}: " + _faces_text(battle), list(battle), False))
    d6 = counts.get("d6", 0)
    for k in range(d6):
        nets.append((f"Six-sided die {k + 1} of {d6}", list(range(1, 7)), True))
    per_page = COLS * ROWS
    pages = [nets[i : i + per_page] for i in range(0, len(nets), per_page)]
    return [
        Board(
            id=f"dice-{k + 1}" if len(pages) > 1 else "dice",
            name="Die nets" + (f" ({k + 1} of {len(pages)})" if len(pages) > 1 else ""),
            size=SIZE,
            face=partial(draw_nets, page),
            file="dice",
        )
        for k, page in enumerate(pages)
    ]


def _faces_text(faces: list[int]) -> str:
    return ", ".join("blank" if v == 0 else str(v) for v in faces) + " hits"


def draw_nets(nets: list[tuple[str, list[int], bool]], face: Face) -> None:
    """A page of nets with the folding instructions."""
    face.fill("#ffffff")
    face.label("Die nets", 6 * mm, face.height - 9 * mm, size=14, bold=True, color=INK)
    face.label(
        "Cut along the solid lines, fold along the dashed ones, glue each grey tab "
        "inside the face it meets.",
        6 * mm,
        face.height - 14 * mm,
        size=8,
        color=INK,
        max_width=face.width - 12 * mm,
    )
    cell_w = (SIZE[0] - 8) / COLS
    cell_h = (SIZE[1] - HEADER - 4) / ROWS
    for k, (label, values, pips) in enumerate(nets):
        row, col = divmod(k, COLS)
        ox = 4 + col * cell_w + (cell_w - NET_W) / 2
        oy = HEADER + 4 + row * cell_h + 6
        lx, ly = ox * mm, face.height - (oy - 2) * mm
        face.label(
            label, lx, ly, size=7, bold=True, color=INK, max_width=(cell_w - 4) * mm, min_size=5
        )
        _net(face, ox, oy, arrange(values), pips=pips)


def _net(face: Face, ox: float, oy: float, values: list[int], pips: bool) -> None:
    c = face.canvas

    def corner(col: int, row: int) -> tuple[float, float]:
        """Top-left of a square in points (origin bottom-left)."""
        return (ox + col * SIDE) * mm, face.height - (oy + TAB + row * SIDE) * mm

    occupied = set(SLOTS)
    tabs = set(TABS)
    s = SIDE * mm
    # tabs first, under everything
    for slot, side in TABS:
        col, row = SLOTS[slot]
        x, y = corner(col, row)
        pts = _tab(x, y, s, side, TAB * mm)
        path = c.beginPath()
        path.moveTo(*pts[0])
        for p in pts[1:]:
            path.lineTo(*p)
        path.close()
        c.saveState()
        c.setFillColorRGB(0.82, 0.82, 0.82)
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(0.6)
        c.drawPath(path, stroke=1, fill=1)
        c.restoreState()
        mx = sum(p[0] for p in pts) / 4
        my = sum(p[1] for p in pts) / 4
        face.label("glue", mx, my - 1.5, size=5, color="#555555", align="center")
    for slot, (col, row) in enumerate(SLOTS):
        x, y = corner(col, row)
        face.rect(x, y - s, s, s, fill="#ffffff" if pips else PARCHMENT)
        _die_face(face, x, y - s, s, values[slot], pips)
    # edges: dashed folds where a square or a tab meets, solid cuts elsewhere
    for slot, (col, row) in enumerate(SLOTS):
        x, y = corner(col, row)
        edges = {
            "top": ((x, y), (x + s, y), (col, row - 1)),
            "bottom": ((x, y - s), (x + s, y - s), (col, row + 1)),
            "left": ((x, y), (x, y - s), (col - 1, row)),
            "right": ((x + s, y), (x + s, y - s), (col + 1, row)),
        }
        for side, (a, b, neighbour) in edges.items():
            fold = neighbour in occupied or (slot, side) in tabs
            c.saveState()
            c.setStrokeColorRGB(0, 0, 0)
            c.setLineWidth(0.5 if fold else 0.8)
            c.setDash([1.2 * mm, 0.9 * mm] if fold else [])
            c.line(*a, *b)
            c.restoreState()


def _tab(x: float, y: float, s: float, side: str, depth: float) -> list[tuple[float, float]]:
    """A trapezoid glue tab on one side of the square whose top-left is (x, y)."""
    inset = depth * 0.8
    if side == "top":
        return [(x, y), (x + inset, y + depth), (x + s - inset, y + depth), (x + s, y)]
    if side == "bottom":
        return [
            (x, y - s),
            (x + inset, y - s - depth),
            (x + s - inset, y - s - depth),
            (x + s, y - s),
        ]
    if side == "left":
        return [(x, y), (x - depth, y - inset), (x - depth, y - s + inset), (x, y - s)]
    return [(x + s, y), (x + s + depth, y - inset), (x + s + depth, y - s + inset), (x + s, y - s)]


#: pip positions on a unit square for each d6 value
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.73), (0.73, 0.27)],
    3: [(0.25, 0.75), (0.5, 0.5), (0.75, 0.25)],
    4: [(0.27, 0.27), (0.27, 0.73), (0.73, 0.27), (0.73, 0.73)],
    5: [(0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75)],
    6: [(0.27, 0.22), (0.27, 0.5), (0.27, 0.78), (0.73, 0.22), (0.73, 0.5), (0.73, 0.78)],
}


def _die_face(face: Face, x: float, y: float, s: float, value: int, pips: bool) -> None:
    c = face.canvas
    if pips:
        c.saveState()
        c.setFillColorRGB(0.1, 0.1, 0.1)
        for px, py in _PIPS[value]:
            c.circle(x + px * s, y + py * s, s * 0.09, stroke=0, fill=1)
        c.restoreState()
        return
    if value == 0:
        return
    size = s * (0.62 if value == 1 else 0.44 if value == 2 else 0.36)
    for k in range(value):
        # along the diagonal from top-left to bottom-right
        t = 0.5 if value == 1 else k / (value - 1)
        cx = x + s * (0.27 + 0.46 * t)
        cy = y + s * (0.73 - 0.46 * t)
        face.icon("hit", cx - size / 2, cy - size / 2, size)
