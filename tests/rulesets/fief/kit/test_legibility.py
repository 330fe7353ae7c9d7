"""Print legibility of the fief kit (QA3): readable inks on the colours painted, text
sizes a player reads at arm's length, and House marks that survive colour-blind eyes,
greyscale printers and the low-ink kit."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.render import lowink
from pnp.render.colours import colour, contrast_ratio
from pnp.render.components import Component, Token
from pnp.render.units import mm
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.kit.board import FIEF_NAME_HUE, TEXTURE_SHADE, fief_ground, main_board
from pnp.rulesets.fief.kit.faces import MINI_KIND, MINI_TITLE_MIN
from pnp.rulesets.fief.kit.houseboards import ROUND_MIN_SIZE
from pnp.rulesets.fief.kit.style import INK, PARCHMENT, mix
from tests.render.recording import RecordingFace, canvas_face

FLOOR = 6.5
TROOPS = ("man-at-arms-", "knight-", "archer-", "champion-", "siege-engine-")


def drawn(component: Component) -> RecordingFace:
    face = RecordingFace(component, RULESET.icons)
    component.face(face)
    return face


@pytest.fixture(scope="module")
def kit(content: LoadedContent[Any]) -> dict[str, Component]:
    assert RULESET.components is not None
    return {c.id: c for c in RULESET.components(content)}


def test_house_board_banner_words_read_on_the_banner_painted(kit: dict[str, Component]) -> None:
    """The name, words and seat are set in an ink chosen on the darkened banner (Tyrell's
    was 3.2:1, Martell's 3.7:1), and the round's phases print at 6.5 pt or more."""
    boards = [c for cid, c in kit.items() if cid.startswith("house-board-")]
    assert len(boards) == 9
    for board in boards:
        face = drawn(board)
        labels = face.of("label")
        banner_words = labels[:3]  # name, words, seat: drawn first, on the banner
        for word in banner_words:
            ground = face.ground_under(word)
            assert ground is not None and ground != PARCHMENT, (board.id, word.what)
            assert contrast_ratio(word.color, ground) >= 4.5, (board.id, word.what)
        (phases,) = [t for t in face.of("text") if t.what.startswith("1. ")]
        assert phases.size >= ROUND_MIN_SIZE >= FLOOR, (board.id, phases.size)
        assert contrast_ratio(phases.color, face.ground_under(phases)) >= 4.5


def test_troops_and_house_markers_carry_a_large_sigil(kit: dict[str, Component]) -> None:
    """The House's sigil badge is at least 5.5 mm across on troops and House markers (it
    was 4.2 and 3.8 mm), and 4.5 mm on the vote markers (3.2 mm)."""
    pieces = [
        c
        for cid, c in kit.items()
        if cid.startswith(TROOPS)
        or cid.startswith(("tax-marker-", "diplomacy-marker-", "marriage-marker-", "vote-"))
    ]
    assert len(pieces) > 9 * 8
    for piece in pieces:
        (sigil,) = [d for d in drawn(piece).of("icon") if d.what.startswith("sigil-")]
        least = 4.5 if piece.id.startswith("vote-") else 5.5
        assert sigil.box.w >= least * mm, (piece.id, sigil.box.w / mm)


def test_marker_words_print_at_the_floor(kit: dict[str, Component]) -> None:
    """Tax, Diplomacy, Marriage and VP print at 6.5 pt (they were 5.4-5.8 pt)."""
    prefixes = ("tax-marker-", "diplomacy-marker-", "marriage-marker-", "vp-marker-")
    markers = [c for cid, c in kit.items() if cid.startswith(prefixes)]
    assert len(markers) == 36
    for marker in markers:
        (word,) = drawn(marker).of("label")
        assert word.size >= FLOOR, (marker.id, word.what, word.size)


def test_bannermen_and_heirs_are_told_apart_by_picture_and_name(
    kit: dict[str, Component],
) -> None:
    """The three Bannermen and two Heirs share a ring and a sex: each avatar shows its own
    badge, the same one as its Noble card's corner, and its name at 6.3 pt or more (the
    Hound's was 5.0 pt)."""
    ids = ["bannerman-oak", "bannerman-tower", "bannerman-hound"]
    ids += ["heir-crown-prince", "heir-second-prince"]
    badges = []
    for nid in ids:
        avatar = drawn(kit[f"avatar-{nid}"])
        icons = [d.what for d in avatar.of("icon") if d.what not in ("lord", "lady")]
        (badge,) = icons
        card_icons = {d.what for d in drawn(kit[nid]).of("icon")}
        assert badge in card_icons, (nid, badge)
        badges.append(badge)
        (name,) = avatar.of("text")
        assert name.size >= 6.3, (nid, name.size)
    assert len(set(badges)) == len(ids), badges


def test_every_avatar_name_prints_at_6_3_pt_or_more(kit: dict[str, Component]) -> None:
    avatars = [c for cid, c in kit.items() if cid.startswith("avatar-")]
    assert len(avatars) > 60
    for avatar in avatars:
        (name,) = drawn(avatar).of("text")
        assert name.size >= 6.3, (avatar.id, name.what, name.size)


def test_warden_cards_show_their_region_on_a_ribbon(
    kit: dict[str, Component], content: LoadedContent[Any]
) -> None:
    """A Warden's Region number prints in a 7.5 pt ribbon (it was only in the 5.5 pt
    italic kind line), in an ink that reads on the ribbon."""
    wardens = [t for t in content.model.titles if t.region is not None]
    assert wardens
    numbers = {r.id: r.number for r in content.model.regions}
    for title in wardens:
        face = drawn(kit[f"title-{title.id}"])
        ribbon = [d for d in face.of("label") if d.what == f"Region {numbers[title.region]}"]
        assert ribbon, (title.id, [d.what for d in face.of("label")])
        assert ribbon[0].size >= 7.5
        assert contrast_ratio(ribbon[0].color, face.ground_under(ribbon[0])) >= 4.5


def test_title_tokens_print_their_names_at_the_floor(kit: dict[str, Component]) -> None:
    """The King's and the Lord Commander's names were 5.35 pt: now 6.5 pt or more, on
    up to three lines."""
    titles = [c for c in kit.values() if isinstance(c, Token) and c.id.startswith("title-")]
    assert len(titles) > 10
    for token in titles:
        for text in drawn(token).of("text"):
            assert text.size >= FLOOR, (token.id, text.what, text.size)


def test_the_knight_keeps_a_dark_outline_in_low_ink() -> None:
    """The low-ink kit tints the knight's large dark fill: its outline, in the knight's
    own ink, stays dark (the pale knight was 1.4:1 on the parchment)."""
    token = Token(id="probe", name="probe", size=16.0, face=lambda f: None)
    w, h = token.trim_size()
    canvas, face = canvas_face(token, RULESET.icons, low_ink=True, shape="round")
    start = len(canvas._code)
    face.fill(PARCHMENT)
    face.icon("knight", w * 0.25, h * 0.25, w * 0.5)
    code = lowink.rewrite(canvas._code[start:], w, h)
    # the stroke colour in force where the horse's head (the path from 32 20) is painted
    # with an outline (B: fill and stroke), not filled only (f)
    head = re.findall(
        r"([\d.]+) ([\d.]+) ([\d.]+) RG(?:(?!RG).)*?32 20 m[^QBSf]*?(?:B\*?|S)\s",
        " ".join(code) + " ",
        re.S,
    )
    assert head, code
    assert all(lowink.luma(tuple(float(v) for v in c)) <= 0.3 for c in head), head  # type: ignore[arg-type]


def test_fief_names_on_the_map_read_on_their_land(content: LoadedContent[Any]) -> None:
    """Each Fief's name is at least 4.5:1 on its land (the land is the Fief's colour
    half mixed with the board's; the names were 3.2-3.9:1)."""
    land = content.model.board.land_color
    for fief in content.model.fiefs:
        ground = mix(fief.color, land, 0.5)
        ink = mix(fief.color, INK, FIEF_NAME_HUE)
        assert contrast_ratio(ink, ground) >= 4.5, (fief.id, contrast_ratio(ink, ground))


def _colours(code: str, op: str) -> list[tuple[float, float, float]]:
    found = re.findall(rf"([\d.]+) ([\d.]+) ([\d.]+) {op}\b", code)
    return [(float(r), float(g), float(b)) for r, g, b in found]


def test_every_fief_wears_a_texture_of_its_own_on_the_map(content: LoadedContent[Any]) -> None:
    """In grey the Reach, the Stormlands and Dorne differ by 1.0-2.5 ΔE, and the
    Riverlands, the Vale and the Westerlands by 1.8-4.3 (colour-blind eyes merge some
    too): each Fief's land carries its own texture, drawn on the board in a shade of the
    land that shows on a greyscale print (luminance 1.5:1 or more)."""
    model = content.model
    patterns = [f.pattern for f in model.fiefs]
    assert len(set(patterns)) == len(model.fiefs), patterns
    board = main_board(content)
    canvas, face = canvas_face(board, RULESET.icons)
    assert board.face is not None
    board.face(face)
    code = "\n".join(canvas._code)
    for fief in model.fiefs:
        if fief.pattern == "plain":
            continue
        ground = fief_ground(model, fief.id)
        ink = colour(mix(ground, INK, TEXTURE_SHADE))
        assert contrast_ratio(ink, ground) >= 1.5, fief.id
        drawn_with = _colours(code, "rg" if fief.pattern == "dots" else "RG")
        want = (ink.red, ink.green, ink.blue)
        assert any(
            max(abs(a - b) for a, b in zip(c, want, strict=True)) < 0.002 for c in drawn_with
        ), fief.id


def _words(component: Component) -> list[Any]:
    out = []
    for side in ("face", "back"):
        draw = component.face if side == "face" else component.back_draw
        if draw is None:
            continue
        face = RecordingFace(component, RULESET.icons, side=side)
        draw(face)
        out += [(side, d) for d in [*face.of("label"), *face.of("text")]]
    return out


@pytest.mark.parametrize(
    "file", ["cards", "nobles", "tokens", "court-board", "wall-board", "house-boards"]
)
def test_words_a_player_reads_print_at_the_floor(kit: dict[str, Component], file: str) -> None:
    """Nothing a player must read prints under 6.5 pt, flavour under 6 pt, nor a mini
    card's title under 7 pt (a long one takes two lines). They were: a Bannerman's role
    5.2 pt, Initial Noble 5.8 pt, the Brother of the Night's Watch's kind line 5.2 pt,
    A Hedge Knight Swears Fealty 6.1 pt, flavour 5.6 pt, Assassination 5.4 pt, DECOY
    5.6 pt, Fortified City 5.7 pt, the Wall's chits 6.1 pt, "bought in the Purchase
    phase" 5.7 pt."""
    pieces = [
        c for c in kit.values() if c.file == file or (file == "tokens" and isinstance(c, Token))
    ]
    assert pieces, file
    for piece in pieces:
        for side, d in _words(piece):
            least = 6.0 if d.what.startswith("<i>") else FLOOR
            assert d.size >= least, (piece.id, side, d.what, d.size)
            if file == "cards" and d.kind == "label" and d.size > MINI_KIND + 0.5:
                assert d.size >= MINI_TITLE_MIN, (piece.id, d.what, d.size)


def _silhouette_outlined(icon_name: str, icons: Any) -> bool:
    """Whether the icon's largest filled shape is stroked in its own (dark) fill colour."""
    from reportlab.graphics.shapes import Polygon

    drawing = icons[icon_name].drawing()
    polygons = [s for s in drawing.contents if isinstance(s, Polygon) and s.fillColor]
    big = max(polygons, key=lambda p: len(p.points))
    return bool(big.strokeColor == big.fillColor and big.strokeWidth > 0)


def test_the_crow_keeps_a_dark_outline_in_low_ink() -> None:
    """The Night's Watch crow (Lord Commander, Rangers) is a large dark fill the low-ink
    kit tints pale (1.4:1 on the parchment, visual QA): like the knight, it is outlined in
    its own ink, which low ink keeps dark."""
    assert _silhouette_outlined("crow", RULESET.icons)
