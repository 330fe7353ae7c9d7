"""Round tokens: character tokens (alive and dead sides), influence tokens, power markers
and encounter markers.

A character token is turned during an encounter so that one edge faces the
middle of the table: the challenger's spearhead or the defender's shield
(printed on opposite edges). When the character dies it is flipped to its
dead side, which still names it and shows its House.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.render import Face, escape, fonts, mm
from pnp.rulesets.ironthrone.kit import icons
from pnp.rulesets.ironthrone.kit.style import (
    INK,
    PARCHMENT,
    SPECIAL,
    SPECIAL_ACCENT,
    disc,
    glyph,
    house_palette,
    mix,
    sigil,
)
from pnp.rulesets.ironthrone.markers import (
    NO_PENALTIES,
    NO_REWARDS,
    content_abilities,
    marker_kinds,
)
from pnp.rulesets.ironthrone.model import Character, House, IronThroneContent

#: the dead side's colours
DEAD = "#3b3632"
DEAD_RING = "#8c857b"
#: power marker colours
GOLD = "#e2bb4f"
GOLD_DARK = "#8a6414"
#: how far inside the cut the ring runs (less on small tokens)
RING = 1.3 * mm


def _ring(face: Face, fill: str, ring: str) -> tuple[float, float, float]:
    """Fill the token and draw its ring just inside the cut; returns centre and radius."""
    face.fill(fill)
    r = face.width / 2
    c = face.canvas
    c.saveState()
    c.setStrokeColor(ring)
    c.setLineWidth(max(0.8, r * 0.045))
    c.circle(r, r, r - min(RING, r * 0.12), stroke=1, fill=0)
    c.restoreState()
    return r, r, r


#: a living character token's name, points
NAME_SIZE = 8.5


def character_alive(house: House, char: Character, face: Face) -> None:
    """The living side: sigil, name, challenger and defender edges.

    The name sits on a parchment plate across the sigil: printed straight over the
    watermark it was 3.1:1 on Stark's pale wolf, and the low-ink kit's sigil outline ran
    through it."""
    pal = house_palette(house)
    cx, cy, r = _ring(face, pal.color, pal.accent)
    s = r * 1.05
    sigil(face, pal, cx - s / 2, cy - s / 2, s, faint=True)
    mark = r * 0.36
    inside = RING + 1.2 * mm
    glyph(face, "challenger", cx - mark / 2, face.height - inside - mark, mark)
    glyph(face, "defender", cx - mark / 2, inside, mark, turned=True)
    w = r * 1.5
    one_line = fonts.unit_width(fonts.family().font(True, False), char.name) * NAME_SIZE
    lines = 1 if one_line <= w - 4 * mm else 2
    h = lines * NAME_SIZE * 1.2 + 2.4 * mm
    face.rect(
        cx - w / 2,
        cy - h / 2,
        w,
        h,
        fill=PARCHMENT,
        stroke=pal.accent,
        line_width=0.6,
        radius=1.5 * mm,
    )
    face.text(
        f"<b>{escape(char.name)}</b>",
        cx - w / 2 + 1 * mm,
        cy - h / 2 + 1 * mm,
        w - 2 * mm,
        h - 2 * mm,
        size=NAME_SIZE,
        min_size=6.5,
        align="center",
        valign="middle",
        color=INK,
    )


def character_dead(house: House, char: Character, face: Face) -> None:
    """The dead side: a skull, the name and the House, in mourning grey."""
    pal = house_palette(house)
    cx, cy, r = _ring(face, DEAD, DEAD_RING)
    s = r * 0.62
    glyph(face, "dead", cx - s / 2, cy + r * 0.12, s)
    face.text(
        f"<b>{escape(char.name)}</b>",
        cx - r * 0.78,
        cy - r * 0.45,
        r * 1.56,
        r * 0.55,
        size=7.5,
        min_size=5,
        align="center",
        valign="middle",
        color=PARCHMENT,
    )
    small = r * 0.34
    grey = mix(DEAD, PARCHMENT, 0.45)
    icons.paint(face.canvas, pal.sigil, cx - small / 2, 2 * mm, small, fill=grey, detail=DEAD)


def influence_token(house: House, face: Face) -> None:
    """An influence token: the House sigil on its colour (both sides alike)."""
    pal = house_palette(house)
    cx, cy, r = _ring(face, pal.color, pal.accent)
    s = r * 1.3
    sigil(face, pal, cx - s / 2, cy - s / 2, s)


def power_marker(face: Face) -> None:
    """A power marker: a gem on a gold coin (both sides alike)."""
    cx, cy, r = _ring(face, GOLD, GOLD_DARK)
    disc(face, cx, cy, r * 0.72, mix(GOLD, "#ffffff", 0.35))
    s = r * 1.3
    glyph(face, "power", cx - s / 2, cy - s / 2, s, fill=GOLD_DARK, detail="#fff4c8")


# ------------------------------------------------------------------ encounter markers


@dataclass(frozen=True)
class EncounterMarker:
    """A reminder of an effect that lasts the encounter and leaves no card behind
    (a leader's bonus, "no penalties", "no rewards"): ``face`` and ``back`` are the
    words on its two sides (markup)."""

    id: str
    name: str
    face: str
    back: str

    def draw_face(self, face: Face) -> None:
        """The front."""
        _marker(face, self.face)

    def draw_back(self, face: Face) -> None:
        """The back."""
        _marker(face, self.back)


def encounter_markers(model: IronThroneContent) -> list[EncounterMarker]:
    """The encounter markers the content's abilities call for, in a fixed order.

    One two-sided marker per amount an ability adds to or takes off a total: ``+N``
    in front of the side it helps, turned to ``-N`` in front of the side it weakens
    (markers of several amounts add up, as coins do); one "no penalties" marker if an
    ability shields and one "no rewards" marker if one denies rewards.
    """
    amounts, shields, denies = marker_kinds(content_abilities(model))
    minus = "\u2212"
    out = [
        EncounterMarker(
            f"marker-{n}", f"Encounter marker: +{n} / {minus}{n}", f"+{n}", f"{minus}{n}"
        )
        for n in amounts
    ]
    if shields:
        out.append(
            EncounterMarker(
                NO_PENALTIES,
                "Encounter marker: no penalties",
                "NO<br/>PENALTIES",
                "NO<br/>PENALTIES",
            )
        )
    if denies:
        out.append(
            EncounterMarker(
                NO_REWARDS, "Encounter marker: no rewards", "NO<br/>REWARDS", "NO<br/>REWARDS"
            )
        )
    return out


def _marker(face: Face, words: str) -> None:
    """An encounter marker's side: its words on parchment, ringed in the special colour,
    with "this encounter" under them."""
    cx, cy, r = _ring(face, PARCHMENT, SPECIAL)
    disc(face, cx, cy, r * 0.8, mix(SPECIAL_ACCENT, PARCHMENT, 0.7))
    big = not words.startswith("NO")
    face.text(
        f"<b>{words}</b>",
        cx - r * 0.7,
        cy - r * 0.05,
        r * 1.4,
        r * 0.75,
        size=15 if big else 6.5,
        min_size=6.5,
        align="center",
        valign="middle",
        color=SPECIAL if big else INK,
    )
    # on two lines, to stay at 6.5 pt inside the ring (one line was 4.6 pt), hung from
    # just under the middle: centred lower, "encounter" was wider than the disc's chord
    # at its height and crossed onto the ring (QA4 5)
    face.text(
        "this<br/>encounter",
        cx - r * 0.65,
        cy - r * 0.8,
        r * 1.3,
        r * 0.735,
        size=6.5,
        min_size=6.5,
        align="center",
        valign="top",
        color=INK,
    )
