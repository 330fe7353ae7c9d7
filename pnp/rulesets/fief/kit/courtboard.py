"""The two side boards: the Royal Court with the VP tracker, and the decks with the seasons.

They hold what the rulebook puts round the edge of the map: spaces for the
King, Queen, Hand, Masters and the other Titles not yet held, the cards of
the Protector, the Mother of Dragons and the Night's Watch, the VP tracker
(marked where a solo player and an alliance win), the Court Event and Fortune
decks with their discard piles, and the Winter is Coming season tracker with
what each season shuffles in. Each fits one A4 or Letter page.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from pnp.render import Board, Face, escape, mm
from pnp.rulesets.fief.kit.faces import MIN_TOKEN_TEXT, fit_lines, title_icon
from pnp.rulesets.fief.kit.style import (
    BOUNTY_BACK,
    COPY_BACK,
    COURT_BACK,
    HIGH_TITLE,
    INK,
    MILITARY_TITLE,
    PARCHMENT,
    mix,
)
from pnp.rulesets.fief.model import FiefContent

#: the side boards' size, mm (fits A4 and Letter, landscape, with 3 mm bleed)
SIZE = (260.0, 190.0)
CARD = (44.0, 63.0)
SPACE = 24.0
GROUND = "#e9dfc4"
EDGE = "#5b3a1e"


def court_board(model: FiefContent) -> list[Board]:
    """The Royal Court board and the decks board."""
    return [
        Board(
            id="court-board",
            name="Royal Court and VP tracker",
            size=SIZE,
            face=partial(draw_court, model),
            file="court-board",
        ),
        Board(
            id="decks-board",
            name="Decks and season tracker",
            size=SIZE,
            face=partial(draw_decks, model),
            file="court-board",
        ),
    ]


# -- helpers (face points, origin bottom-left; these take mm from the top-left) ---------------


def at_mm(face: Face, x: float, y: float) -> tuple[float, float]:
    """Board mm from the top-left to face points."""
    return x * mm, face.height - y * mm


def side_panel(face: Face, title: str, edge: str = EDGE) -> None:
    """A side board's coloured edge, its light ground and its title, top left."""
    face.fill(edge)
    box = face.trim_box().inset(4 * mm)
    face.rect(box.x, box.y, box.w, box.h, fill=GROUND, stroke=INK, line_width=0.8, radius=3 * mm)
    x, y = at_mm(face, 10, 15)
    face.label(title, x, y, size=18, bold=True, color=INK)


def dashed_space(
    face: Face,
    x: float,
    y: float,
    w: float,
    h: float,
    fill: str,
    label: str = "",
    icon: str = "",
    note: str = "",
    label_colour: str = INK,
) -> None:
    """A dashed space (top-left at x, y mm) with a label above and a faint icon inside."""
    px, py = at_mm(face, x, y + h)
    c = face.canvas
    c.saveState()
    c.setDash([1.5 * mm, 1 * mm])
    face.rect(px, py, w * mm, h * mm, fill=fill, stroke=INK, line_width=0.6, radius=2 * mm)
    c.restoreState()
    if icon:
        size = min(w, h) * 0.5
        face.icon(icon, px + (w - size) / 2 * mm, py + (h - size) / 2 * mm, size * mm)
    if label:
        lx, ly = at_mm(face, x + w / 2, y - 1.6)
        face.label(
            label,
            lx,
            ly,
            size=7.5,
            bold=True,
            color=label_colour,
            align="center",
            max_width=(w + 5) * mm,
            min_size=MIN_TOKEN_TEXT,
        )
    if note:
        # at 6.5 pt, on a second line when it is long (it shrank to 5.7 pt on one)
        size, lines = fit_lines(note, (w + 6) * mm, MIN_TOKEN_TEXT, MIN_TOKEN_TEXT)
        for k, line in enumerate(lines):
            nx, ny = at_mm(face, x + w / 2, y + h + 3.8)
            face.label(
                line,
                nx,
                ny - k * size * 1.15,
                size=size,
                color=INK,
                align="center",
                max_width=(w + 6) * mm,
                min_size=MIN_TOKEN_TEXT,
            )


# -- the Royal Court --------------------------------------------------------------------------


def draw_court(model: FiefContent, face: Face) -> None:
    """The Royal Court: Title spaces, the Military Title cards and the VP tracker."""
    side_panel(face, "The Royal Court")
    x, y = at_mm(face, 250, 15)
    face.label(
        "Titles wait here until someone holds them",
        x,
        y,
        size=8,
        italic=True,
        color=INK,
        align="right",
    )
    # High Titles (and the seat for sale) as token spaces in one row
    highs = [t for t in model.titles if t.kind == "high"]
    highs.sort(key=lambda t: t.expansion != "base")
    spaces: list[tuple[str, str, str]] = [(t.name, title_icon(t), "") for t in highs]
    if any(tok.id == "council-seat-for-sale" for tok in model.tokens):
        spaces.append(("Council seat for sale", "council", "bought in the Purchase phase"))
    pitch = min(27.0, (SIZE[0] - 20) / max(len(spaces), 1))
    x0 = 10 + (SIZE[0] - 20 - pitch * len(spaces) + (pitch - SPACE)) / 2
    for k, (name, icon, note) in enumerate(spaces):
        xx = x0 + k * pitch
        dashed_space(
            face, xx, 28, SPACE, SPACE, mix(HIGH_TITLE, GROUND, 0.25), icon=icon, note=note
        )
        lx, ly = at_mm(face, xx + SPACE / 2, 23.5)
        face.text(
            f"<b>{escape(name)}</b>",
            lx - (pitch - 1) / 2 * mm,
            ly - 1 * mm,
            (pitch - 1) * mm,
            6 * mm,
            size=6.5,
            min_size=4.2,
            align="center",
            valign="bottom",
        )
    # Title cards that are not Wardens (those wait on the map)
    cards = [t for t in model.titles if t.is_card and t.region is None]
    for k, t in enumerate(cards):
        xx = 10 + k * (CARD[0] + 9)
        dashed_space(
            face,
            xx,
            66,
            CARD[0],
            CARD[1],
            mix(MILITARY_TITLE, GROUND, 0.2),
            label=t.name,
            icon=title_icon(t),
            # a Title many hold at once (the Brothers') waits here as a pile
            note=f"{t.copies} cards: one for each Noble who holds it" if t.copies > 1 else "",
        )
    # a reminder of the seats, beside the cards
    tx = 10 + len(cards) * (CARD[0] + 9) + 2
    bx, by = at_mm(face, tx, 130)
    council = [t.name for t in model.titles if t.council and t.id != "hand"]
    lines = [
        "<b>Small Council.</b> The Hand and the Masters: "
        + ", ".join(escape(n) for n in council)
        + ". Only a Warden sits on it.",
        "A <b>Join the Small Council</b> card used to seat a Master lies under his Title "
        "here and goes to the discard pile when he loses the seat.",
        "The <b>Protector of the Realm</b> card goes to the King with his crown.",
    ]
    if model.wall_castles:
        lines.append(
            "With the <b>Night's Watch</b>, a Brother takes his card from here to the Wall "
            "board, where the castles, the Lord Commander and the recruits wait."
        )
    face.text(
        "<br/>".join(lines),
        bx,
        by,
        (SIZE[0] - tx - 10) * mm,
        62 * mm,
        size=8,
        min_size=5.5,
        valign="top",
    )
    _vp_track(model, face)


def _vp_track(model: FiefContent, face: Face) -> None:
    top = max(sum(t.vp for t in model.titles), model.rules.alliance_vp_with_wall)
    rules = model.rules
    marks: dict[int, list[str]] = {}
    marks.setdefault(rules.solo_vp, []).append("solo win")
    marks.setdefault(rules.alliance_vp, []).append("alliance win")
    marks.setdefault(rules.alliance_vp_with_wall, []).append("alliance win (Night's Watch)")
    count = top + 1
    x0, y0 = 10.0, 148.0
    pitch = (SIZE[0] - 20) / count
    lx, ly = at_mm(face, x0, y0 - 4)
    face.label("Victory Points", lx, ly, size=11, bold=True, color=INK)
    mx, my = at_mm(face, SIZE[0] - 10, y0 - 4)
    face.label(
        "checked at the end of every round", mx, my, size=7, italic=True, color=INK, align="right"
    )
    for v in range(count):
        xx = x0 + v * pitch
        px, py = at_mm(face, xx, y0 + 22)
        won = v in marks
        fill = "#f2d7c4" if won else PARCHMENT
        face.rect(
            px,
            py,
            (pitch - 1.5) * mm,
            22 * mm,
            fill=fill,
            stroke=INK,
            line_width=0.6,
            radius=1.5 * mm,
        )
        cx = px + (pitch - 1.5) / 2 * mm
        face.label(str(v), cx, py + 16 * mm, size=11, bold=True, color=INK, align="center")
        if won:
            # a smaller crown, so the words get three lines at 6.5 pt (they were 6.25 pt)
            face.icon("vp", cx - 2.3 * mm, py + 9.4 * mm, 4.6 * mm)
            face.text(
                escape(", ".join(marks[v])),
                px + 0.5 * mm,
                py + 0.5 * mm,
                (pitch - 2.5) * mm,
                8.6 * mm,
                size=6.5,
                min_size=MIN_TOKEN_TEXT,
                align="center",
                valign="middle",
            )


# -- the decks and the seasons -----------------------------------------------------------------


def draw_decks(model: FiefContent, face: Face) -> None:
    """The Court Event and Fortune decks, their discards, and the season tracker."""
    side_panel(face, "Decks and seasons")
    decks = [
        ("Court Event deck", COURT_BACK, "court", "brown backs"),
        (
            "Court Event discards",
            mix(COURT_BACK, GROUND, 0.35),
            "",
            "reshuffled when the deck runs out",
        ),
        ("Fortune deck", BOUNTY_BACK, "fortune", "grey bounties, black disasters"),
        (
            "Fortune discards",
            mix(BOUNTY_BACK, GROUND, 0.35),
            "",
            "reshuffled when the deck runs out",
        ),
    ]
    gap = (SIZE[0] - 20 - 4 * CARD[0]) / 3
    for k, (label, colour, icon, note) in enumerate(decks):
        dashed_space(
            face,
            10 + k * (CARD[0] + gap),
            26,
            CARD[0],
            CARD[1],
            mix(colour, GROUND, 0.45),
            label=label,
            icon=icon,
            note=note,
        )
    _seasons(model, face)


def _seasons(model: FiefContent, face: Face) -> None:
    y0 = 112.0
    lx, ly = at_mm(face, 10, y0 - 6)
    face.label("Winter is Coming: the seasons", lx, ly, size=11, bold=True, color=INK)
    nx, ny = at_mm(face, 10, y0 - 1.5)
    face.label(
        "Each time the Fortune deck is reshuffled, move the marker one season on.",
        nx,
        ny,
        size=7,
        italic=True,
        color=INK,
    )
    seasons: list[tuple[str, str, Callable[[int], int] | None]] = [
        ("Summer", "summer", None),
        ("Autumn", "autumn", lambda k: model.disaster_copies[k].autumn),
        ("Winter", "winter", lambda k: model.disaster_copies[k].winter),
    ]
    w, h = 46.0, 62.0
    for k, (name, icon, count) in enumerate(seasons):
        xx = 10 + k * (w + 10)
        px, py = at_mm(face, xx, y0 + 4 + h)
        face.rect(px, py, w * mm, h * mm, fill=PARCHMENT, stroke=INK, line_width=0.7, radius=2 * mm)
        face.label(
            name, px + w / 2 * mm, py + (h - 7) * mm, size=11, bold=True, color=INK, align="center"
        )
        face.icon(icon, px + (w - 20) / 2 * mm, py + (h - 30) * mm, 20 * mm)
        if count is None:
            text = "The game starts here. One Plague is taken out of the Fortune deck."
        else:
            added = [
                f"{count(i)} {d.name.split(' (')[0]}"
                for i, d in enumerate(model.disaster_copies)
                if count(i)
            ]
            text = "On entering it, shuffle into the Fortune deck: " + ", ".join(added) + "."
        face.text(
            escape(text),
            px + 2 * mm,
            py + 2 * mm,
            (w - 4) * mm,
            24 * mm,
            size=7,
            min_size=5,
            align="center",
            valign="middle",
        )
        if k < 2:
            ax, ay = at_mm(face, xx + w + 5, y0 + 4 + h / 2)
            face.label("»", ax, ay - 2 * mm, size=16, bold=True, color=INK, align="center")
    cx = 10 + 3 * (w + 10) + 6
    dashed_space(
        face,
        cx,
        y0 + 4,
        CARD[0],
        CARD[1],
        mix(COPY_BACK, GROUND, 0.45),
        label="Disaster copies",
        icon="winter",
        note="blue backs, by season",
    )
