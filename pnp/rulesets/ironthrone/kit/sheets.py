"""Leader sheets and influence boards.

A leader sheet carries the leader's ability (text generated from its data)
and the House's power reserve, where power markers lie. The five sheets of
a House share one back, so two can be drawn blind at setup.

An influence board holds its House's influence tokens on numbered spaces
(the number a token uncovers counts the influence spread so far) and, below,
the tokens other Houses spread onto it: the influence they have over it
(decision IT-GAP-09), which is why the heading over the House's own tokens
names them as that House's influence, to spread.
"""

from __future__ import annotations

from pnp.content.words import plural
from pnp.render import Face, escape, mm
from pnp.rulesets.ironthrone.kit.faces import ability_markup
from pnp.rulesets.ironthrone.kit.style import (
    INK,
    MUTED,
    PARCHMENT,
    badge,
    dashed_box,
    dashed_circle,
    frame,
    glyph,
    house_palette,
    medallion,
    muted_on,
    rule,
)
from pnp.rulesets.ironthrone.model import Character, House, Rules

_PAD = 6 * mm
#: the leader's picture in the power reserve, width and height (points)
LEADER_PICTURE = (32 * mm, 20.5 * mm)


def reserve_note(rules: Rules) -> str:
    """The words under a leader sheet's power reserve.

    Removing and moving are kept apart (IT-POW-03, IT-POW-05): only power an effect
    removes or returns from the sheet leaves for the box; power a truce deal or an
    ability moves from it goes onto the other sheet, as the deal or ability says.
    """
    return (
        f"Setup: {rules.leader_power} power here. Distribute from here to your characters. "
        "Power an effect removes or returns from this sheet goes to the box; power moved "
        "from it (a truce deal, some abilities) goes to the sheet it names."
    )


def leader_face(house: House, char: Character, rules: Rules, face: Face) -> None:
    """A leader sheet: the leader, their ability and the power reserve."""
    pal = house_palette(house)
    frame(face, pal, border=3 * mm, radius=3 * mm)
    w, h = face.width, face.height
    top = h - _PAD
    r = 7 * mm
    badge(face, pal, _PAD + r, top - r, r)
    s = r * 1.25
    glyph(face, "leader", _PAD + r - s / 2, top - r - s / 2, s, fill=pal.ink, detail=pal.color)
    left = _PAD + 2 * r + 3 * mm
    sig = 14 * mm
    right = w - _PAD - sig - 2 * mm
    face.label(
        char.name,
        left,
        top - 6 * mm,
        size=15,
        bold=True,
        color=INK,
        max_width=right - left,
        min_size=9,
    )
    face.label(
        char.epithet,
        left,
        top - 11.5 * mm,
        size=9,
        italic=True,
        color=MUTED,
        max_width=right - left,
        min_size=6,
    )
    medallion(face, pal, w - _PAD - sig / 2, top - sig / 2, sig / 2)
    y = top - 2 * r - 3 * mm
    rule(face, _PAD, w - _PAD, y, pal.accent, 1)

    # the ability
    face.label("LEADER ABILITY", _PAD, y - 6 * mm, size=7, bold=True, color=pal.heading)
    face.label(
        char.leader.title,
        _PAD,
        y - 12 * mm,
        size=12,
        bold=True,
        color=INK,
        max_width=w - 2 * _PAD,
        min_size=8,
    )
    text_top = y - 14.5 * mm
    reserve_h = 40 * mm
    flavor_h = 9 * mm if char.flavor else 0
    reserve_y = _PAD + 4 * mm + flavor_h
    text_bottom = reserve_y + reserve_h + 3 * mm
    face.text(
        ability_markup(char.leader),
        _PAD,
        text_bottom,
        w - 2 * _PAD,
        text_top - text_bottom,
        size=11,
        min_size=7,
        color=INK,
    )

    # the power reserve
    dashed_box(face, _PAD, reserve_y, w - 2 * _PAD, reserve_h, pal.heading, fill=pal.tint)
    if char.art:  # the leader's picture where the power glyph is, between the words
        pw, ph = LEADER_PICTURE
        x, y = (w - pw) / 2, reserve_y + 12 * mm
        face.image(char.art, x, y, pw, ph, fit=char.art_fit)
        face.rect(x, y, pw, ph, stroke=pal.heading, line_width=0.5)
    else:
        icon = 19 * mm
        glyph(
            face,
            "power",
            (w - icon) / 2,
            reserve_y + 13.5 * mm,
            icon,
            fill=PARCHMENT,
            detail=pal.tint,
        )
    face.label(
        "POWER RESERVE",
        w / 2,
        reserve_y + reserve_h - 6 * mm,
        size=9,
        bold=True,
        color=pal.heading,
        align="center",
    )
    face.text(
        reserve_note(rules),
        _PAD + 4 * mm,
        reserve_y + 2 * mm,
        w - 2 * _PAD - 8 * mm,
        11 * mm,
        size=7,
        min_size=5.5,
        align="center",
        valign="bottom",
        color=muted_on(pal.tint),
    )

    if char.flavor:
        face.text(
            f"<i>{escape(char.flavor)}</i>",
            _PAD,
            _PAD + 3 * mm,
            w - 2 * _PAD,
            flavor_h,
            size=8,
            min_size=6,
            align="center",
            valign="middle",
            color=MUTED,
        )
    face.label(
        f"{house.name.upper()} · LEADER",
        w / 2,
        _PAD - 1 * mm,
        size=6.5,
        bold=True,
        color=pal.heading,
        align="center",
    )


def influence_board(house: House, face: Face) -> None:
    """An influence board: the House, its token spaces and room for others' tokens."""
    pal = house_palette(house)
    frame(face, pal, border=5 * mm, radius=4 * mm)
    w, h = face.width, face.height
    pad = 9 * mm

    # the House, on the left
    col = 66 * mm
    r = 24 * mm
    cx, cy = pad + col / 2, h - pad - r - 2 * mm
    medallion(face, pal, cx, cy, r)
    y = cy - r - 8 * mm
    face.label(
        house.name,
        cx,
        y,
        size=15,
        bold=True,
        color=INK,
        align="center",
        max_width=col,
        min_size=9,
    )
    face.label(
        house.seat,
        cx,
        y - 6 * mm,
        size=9,
        italic=True,
        color=MUTED,
        align="center",
        max_width=col,
    )
    face.text(
        f"<i>{escape(house.motto)}</i>",
        pad,
        pad,
        col,
        y - 9 * mm - pad,
        size=9,
        min_size=6,
        align="center",
        valign="top",
        color=pal.heading,
    )

    # the House's own tokens
    x0 = pad + col + 6 * mm
    room = w - pad - x0
    face.label(
        house.board.title,
        x0,
        h - pad - 7 * mm,
        size=15,
        bold=True,
        color=pal.heading,
        max_width=room,
        min_size=9,
    )
    n = len(house.board.spaces)
    pitch = room / n
    tr = min(13 * mm, pitch / 2 - 1.5 * mm)
    ty = h - pad - 14 * mm - tr
    for i, name in enumerate(house.board.spaces):
        tx = x0 + pitch * (i + 0.5)
        dashed_circle(face, tx, ty, tr, pal.heading, pal.tint)
        g = tr * 0.9
        glyph(face, "influence", tx - g / 2, ty - g / 2, g, fill=PARCHMENT, detail=pal.tint)
        face.label(str(i + 1), tx, ty - 7, size=20, bold=True, color=pal.heading, align="center")
        face.label(
            name,
            tx,
            ty - tr - 4.5 * mm,
            size=7.5,
            bold=True,
            color=INK,
            align="center",
            max_width=pitch - 2 * mm,
            min_size=5,
        )
    cap_y = ty - tr - 8 * mm
    face.text(
        f"Your {plural(n, 'influence token')} start on these spaces. To spread influence, "
        "move your lowest-numbered token onto another House's board: the highest number "
        "uncovered is how much you have spread.",
        x0,
        cap_y - 10 * mm,
        room,
        10 * mm,
        size=7.5,
        min_size=6,
        color=MUTED,
    )

    # other Houses' tokens
    box_top = cap_y - 12 * mm
    dashed_box(face, x0, pad, room, box_top - pad, pal.heading)
    face.label(
        f"INFLUENCE OVER {house.name.upper()}",
        x0 + room / 2,
        box_top - 6 * mm,
        size=9,
        bold=True,
        color=pal.heading,
        align="center",
    )
    face.text(
        f"Other players place the influence they spread to {house.name} here: a player with a "
        f"token here has influence over {house.name}. At the end, whoever has the most "
        "influence on other boards wins.",
        x0 + 6 * mm,
        pad + 2 * mm,
        room - 12 * mm,
        9 * mm,
        size=7,
        min_size=5.5,
        align="center",
        valign="bottom",
        color=MUTED,
    )
