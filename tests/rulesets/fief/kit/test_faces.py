"""Layout checks on the fief kit's faces, drawn on a recording face."""

from __future__ import annotations

from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.render.components import Component
from pnp.render.geometry import Box
from pnp.render.units import mm
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.kit.faces import (
    FIEF_TITLE_FRAME,
    HOUSE_MARKER_RING,
    high_title_token,
    unit_face,
)
from pnp.rulesets.fief.kit.style import CHIT_ART, MARKER_ART, luminance
from pnp.rulesets.fief.model import WILDLING_CHITS
from tests.render.recording import RecordingFace, meets_circle, overlap

HOUSE_MARKERS = ("tax-marker-", "diplomacy-marker-", "marriage-marker-", "vp-marker-")


def drawn(component: Component, side: str = "face") -> RecordingFace:
    face = RecordingFace(component, RULESET.icons, side=side)
    draw = component.face if side == "face" else component.back_draw
    assert draw is not None
    draw(face)
    return face


def contrast(a: Any, b: Any) -> float:
    """The WCAG contrast ratio of two colours."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.fixture(scope="module")
def kit(fief_content: LoadedContent[Any]) -> dict[str, Component]:
    assert RULESET.components is not None
    return {c.id: c for c in RULESET.components(fief_content)}


def test_house_marker_words_clear_the_sigil(kit: dict[str, Component]) -> None:
    """Tax, Diplomacy, Marriage and VP: the word never runs into the House's sigil."""
    markers = [c for cid, c in kit.items() if cid.startswith(HOUSE_MARKERS)]
    assert len(markers) == 4 * 9
    for marker in markers:
        face = drawn(marker)
        (word,) = face.of("label")
        sigils = [d for d in face.of("icon") if d.what.startswith("sigil-")]
        pictures = [d for d in face.of("icon") if not d.what.startswith("sigil-")]
        assert len(sigils) == 1, marker.id
        for thing in [*sigils, *pictures]:
            assert not overlap(word.box, thing.box), (marker.id, word.what, thing.what)
        for picture in pictures:
            assert not overlap(picture.box.inset(0.1 * picture.box.w), sigils[0].box), marker.id


def test_marker_words_stay_on_the_parchment(kit: dict[str, Component]) -> None:
    """The word fits inside the light ground, disc or square, not over the coloured ring."""
    markers = [c for cid, c in kit.items() if cid.startswith(HOUSE_MARKERS) or cid in MARKER_ART]
    for marker in markers:
        cid = marker.id
        face = drawn(marker)
        words = face.of("label")  # one, or a long word's two lines (Assassination)
        d = face.width
        ring = HOUSE_MARKER_RING[face.shape] if cid.startswith(HOUSE_MARKERS) else 1.4
        r = d / 2 - ring * 72 / 25.4
        corners = [
            (x - d / 2, y - d / 2)
            for word in words
            for x in (word.box.x, word.box.right)
            for y in (word.box.y, word.box.top)
        ]
        for x, y in corners:
            if face.shape == "round":
                assert (x * x + y * y) ** 0.5 <= r, cid
            else:
                assert abs(x) <= r and abs(y) <= r, cid


def test_building_words_are_readable(kit: dict[str, Component]) -> None:
    """Mill, Sept, Stronghold … print at 6.5 pt, a long name (Fortified City) on two
    lines, clear of the picture."""
    counters = [c for cid, c in kit.items() if cid.endswith("-counter")]
    assert counters
    sizes = {}
    for counter in counters:
        for side in ("face", "back"):
            if side == "back" and counter.back_draw is None:
                continue
            face = drawn(counter, side)
            icons = face.of("icon")
            for word in face.of("label"):
                sizes[word.what] = word.size
                assert all(not overlap(word.box, i.box) for i in icons), counter.id
    assert min(sizes.values()) >= 6.5
    assert sizes["Mill"] == 6.5 and sizes["Stronghold"] == 6.5
    assert sizes["Fortified"] == sizes["City"] == 6.5


def test_round_counter_words_stay_on_the_parchment(kit: dict[str, Component]) -> None:
    """On a round building counter (the Maester) the name lies inside the parchment disc,
    0.5 mm clear of the ring, and 0.5 mm under the picture (QA4 2: "Maester" ran onto the
    ring and into the chain's lowest link)."""
    counters = [c for cid, c in kit.items() if cid.endswith("-counter")]
    rounds = [c for c in counters if getattr(c, "shape", "") == "round"]
    assert [c.id for c in rounds] == ["maester-counter"]
    for counter in rounds:
        face = drawn(counter)
        parchment = min(face.of("circle"), key=lambda d: d.box.w)
        r = parchment.box.w / 2
        cx, cy = parchment.box.x + r, parchment.box.y + r
        (picture,) = face.of("icon")
        for word in face.of("label"):
            b = word.box
            for x in (b.x, b.right):
                for y in (b.y, b.top):
                    assert ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 <= r - 0.5 * mm, counter.id
            assert not overlap(b.outset(0.5 * mm), picture.box), counter.id


def _lines(face: RecordingFace) -> list[Any]:
    """Every line of words on a face: labels and the lines of its text boxes."""
    return [*face.of("label"), *face.lines]


def test_high_title_names_clear_the_cut_and_the_circle(kit: dict[str, Component]) -> None:
    """A High Title's name keeps 1.6 mm from the cut and 1 mm under its circle and clear
    of the seal, even on four lines (QA4 3: the Lord Commander's "Lord" touched the crow's
    circle and "Commander of" came 1.3 mm from the cut)."""
    highs = [c for c in kit.values() if getattr(c.face, "func", None) is high_title_token]
    assert "title-lord-commander" in [c.id for c in highs]
    for title in highs:
        face = drawn(title)
        w, h = title.trim_size()
        circle = face.of("circle")[0]
        words = _lines(face)
        assert words, title.id
        for line in words:
            b = line.box
            assert min(b.x, b.y, w - b.right, h - b.top) >= 1.6 * mm, (title.id, line.what)
            assert not meets_circle(b.outset(1 * mm), circle.box), (title.id, line.what)
            for icon in face.of("icon"):
                assert not overlap(b, icon.box), (title.id, line.what, icon.what)


def test_fief_title_names_clear_the_frame_and_the_seal(kit: dict[str, Component]) -> None:
    """A Fief Title's name, on up to four lines, keeps 0.9 mm inside its frame and 1 mm
    above the seal (QA4 9: "Lord Paramount of the Westerlands" filled the frame and its
    last line touched the seal)."""
    fiefs = [c for c in kit.values() if c.id.startswith(("title-paramount-", "title-reaper"))]
    assert len(fiefs) >= 6
    for title in fiefs:
        face = drawn(title)
        w, h = title.trim_size()
        frame = Box(0, 0, w, h).inset(FIEF_TITLE_FRAME * mm)
        inside = frame.inset(0.9 * mm)
        (seal,) = [d for d in face.of("icon") if d.what == "vp"]
        assert seal.box.w >= 5.5 * mm, title.id
        for line in _lines(face):
            b = line.box
            assert inside.x <= b.x and b.right <= inside.right, (title.id, line.what)
            assert inside.y <= b.y and b.top <= inside.top, (title.id, line.what)
            assert b.y >= seal.box.top + 1 * mm, (title.id, line.what)


def _inside(box: Box, circle: Box, margin: float = 0.0) -> bool:
    """Whether ``box`` lies inside the circle inscribed in ``circle``, ``margin`` clear."""
    r = circle.w / 2
    cx, cy = circle.x + r, circle.y + r
    return all(
        ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 <= r - margin
        for x in (box.x, box.right)
        for y in (box.y, box.top)
    )


def test_troop_picture_sigil_and_strength_keep_apart(kit: dict[str, Component]) -> None:
    """On a troop the unit's picture, the House's sigil badge and the strength disc do not
    touch, the sigil stays on the parchment and the digit inside its disc (QA4 8: the
    sigil's halo cut off the knight's base, the white digit stood proud of its disc)."""
    troops = [c for c in kit.values() if getattr(c.face, "func", None) is unit_face]
    assert len(troops) > 9 * 4
    for troop in troops:
        face = drawn(troop)
        parchment = face.of("circle")[0]
        (digit,) = face.of("label")
        disc = [d for d in face.drawn[: face.drawn.index(digit)] if d.kind == "circle"][-1]
        assert _inside(digit.box, disc.box), troop.id
        picture, *sigils = face.of("icon")
        assert not meets_circle(picture.box, disc.box), troop.id
        for sigil in sigils:
            assert not meets_circle(picture.box, sigil.box), (troop.id, picture.what)
            assert not meets_circle(disc.box, sigil.box.outset(0.3 * mm)), troop.id
            r = sigil.box.w / 2
            centre = Box(sigil.box.x + r, sigil.box.y + r, 0, 0)
            assert _inside(centre, parchment.box, r + 0.2 * mm), troop.id


def test_every_word_on_a_mini_card_reads_against_its_ground(kit: dict[str, Component]) -> None:
    """Each word on a mini card contrasts with what is under it (>= 4.5:1)."""
    minis = [c for c in kit.values() if getattr(c, "size", None) == "mini"]
    assert len(minis) > 25
    checked = 0
    for card in minis:
        face = drawn(card)
        for d in [*face.of("label"), *face.of("text")]:
            ground = face.ground_under(d)
            if d.color is None or ground is None:
                continue
            assert contrast(d.color, ground) >= 4.5, (card.id, d.what, d.color, ground)
            checked += 1
    assert checked > 60


def test_night_s_watch_titles_say_so_on_their_kind_line(kit: dict[str, Component]) -> None:
    face = drawn(kit["title-brother-of-the-watch"])
    words = " · ".join(d.what for d in face.of("label"))  # the kind line takes two lines
    assert "Military Title" in words and "Night's Watch" in words, words


def test_mini_card_lines_clear_the_picture_disc(kit: dict[str, Component]) -> None:
    """Name and kind lines (descenders included) stay off the round picture below them."""
    minis = [c for c in kit.values() if getattr(c, "size", None) == "mini"]
    for card in minis:
        face = drawn(card)
        discs = face.of("circle")
        assert discs, card.id
        for line in face.of("label")[:2]:
            b = line.box  # baseline to cap height; add the descenders
            low = Box(b.x, b.y - 0.25 * line.size, b.w, b.h + 0.25 * line.size)
            assert not any(meets_circle(low, d.box) for d in discs), (card.id, line.what)


def test_noble_names_keep_clear_of_the_corner_badges(kit: dict[str, Component]) -> None:
    """A Noble's name stays at least 1 mm from the sex and House badges beside it."""
    nobles = [c for c in kit.values() if getattr(c, "size", None) == "poker"]
    assert len(nobles) == 77
    for noble in nobles:
        face = drawn(noble)
        name = face.of("label")[0]
        assert name.what == noble.name
        near = name.box.outset(1 * mm)
        badges = [d for d in face.drawn if d.kind in ("circle", "icon")]
        corners = [d for d in badges if d.box.top > name.box.y and d.box.y < name.box.top]
        assert len(corners) >= 2, noble.id
        for badge in corners:
            assert not meets_circle(near, badge.box), (noble.id, badge.what)


def test_marker_words_are_not_tiny(kit: dict[str, Component]) -> None:
    """Words on the shared and House markers print at 5.3 pt or more (they were 4.3-4.9)."""
    markers = [c for cid, c in kit.items() if cid.startswith(HOUSE_MARKERS) or cid in MARKER_ART]
    sizes = {}
    for marker in markers:
        for word in drawn(marker).of("label"):
            sizes[marker.id] = word.size
    assert len(sizes) > 30
    assert min(sizes.values()) >= 5.3, sorted(sizes.items(), key=lambda kv: kv[1])[:5]


def test_the_wall_chits_print_their_name_and_strength(
    kit: dict[str, Component], fief_content: LoadedContent[Any]
) -> None:
    """Wildling, Giant, Ranger and the Watch's Archer chits name themselves and show what
    they count for at the Wall (they showed a picture only), readably, on the parchment
    and clear of the picture."""
    model = fief_content.model
    strengths = {r.token: r.strength for r in model.rules.nights_watch.recruits}
    strengths.update(WILDLING_CHITS)
    assert set(CHIT_ART) <= {t.id for t in model.tokens}
    for cid, (icon, name, _ring) in CHIT_ART.items():
        face = drawn(kit[cid])
        words = {d.what: d for d in face.of("label")}
        assert set(words) == {name, str(strengths[cid])}, (cid, set(words))
        assert words[name].size >= 5.3, (cid, words[name].size)
        (picture,) = [d for d in face.of("icon") if d.what == icon]
        r = face.width / 2 - 1.4 * 72 / 25.4
        for word in words.values():
            assert not overlap(word.box, picture.box), (cid, word.what)
            for x in (word.box.x, word.box.right):
                for y in (word.box.y, word.box.top):
                    assert ((x - face.width / 2) ** 2 + (y - face.height / 2) ** 2) ** 0.5 <= r
    # the Watch's archer is not drawn as a House's Archer, nor the wildling as Justice
    assert CHIT_ART["nw-archer"][0] != "archer"
    assert CHIT_ART["wildling-knight"][0] != "justice"


def test_vote_words_stay_inside_their_circle(kit: dict[str, Component]) -> None:
    """FOR and DECOY print inside the white or black circle, clear of the sigil."""
    votes = [c for cid, c in kit.items() if cid.startswith(("vote-for-", "vote-decoy-"))]
    assert len(votes) == 18
    for vote in votes:
        face = drawn(vote)
        (word,) = face.of("label")
        (circle,) = [d for d in face.of("icon") if d.what.startswith("vote-")]
        (sigil,) = [d for d in face.of("icon") if d.what.startswith("sigil-")]
        r = circle.box.w * 0.41  # the drawn disc inside its 6-unit ring, of 100 units
        cx, cy = circle.box.x + circle.box.w / 2, circle.box.y + circle.box.h / 2
        b = word.box
        for x, y in ((b.x, b.y), (b.right, b.y), (b.x, b.top), (b.right, b.top)):
            assert ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 <= r, (vote.id, word.what)
        assert not overlap(circle.box.inset(0.03 * circle.box.w), sigil.box), vote.id
        assert word.size >= 5.5, (vote.id, word.size)


def test_vote_words_keep_a_margin_inside_their_disc(kit: dict[str, Component]) -> None:
    """The word on a vote marker spans at most 80 % of the white or black inside of its
    circle, at 6.5 pt or more (QA4 10: DECOY ran across the black disc edge to edge)."""
    inside = {"vote-for": 0.82, "vote-decoy": 0.9}  # of the circle picture's side
    votes = [c for cid, c in kit.items() if cid.startswith(("vote-for-", "vote-decoy-"))]
    for vote in votes:
        face = drawn(vote)
        (word,) = face.of("label")
        (circle,) = [d for d in face.of("icon") if d.what.startswith("vote-")]
        disc = circle.box.w * inside[circle.what]
        assert word.box.w <= 0.8 * disc + 0.05 * mm, (vote.id, word.box.w / disc)
        assert word.size >= 6.5, (vote.id, word.size)


def test_court_board_words_are_readable(kit: dict[str, Component]) -> None:
    """The Royal Court and deck boards print no word below 5.5 pt (the VP track's 'solo win'
    and 'alliance win' were 5 pt)."""
    boards = [c for c in kit.values() if c.kind == "board" and c.file_stem == "court-board"]
    assert len(boards) == 2
    sizes = {}
    for board in boards:
        for d in [*drawn(board).of("label"), *drawn(board).of("text")]:
            sizes[d.what] = min(d.size, sizes.get(d.what, 99.0))
    assert any("solo win" in w for w in sizes)
    # the 5 VP mark is an alliance's win in a Night's Watch game, not an alliance with the Watch
    assert any("alliance win (Night's Watch)" in w for w in sizes), sorted(sizes)
    assert min(sizes.values()) >= 5.5, sorted(sizes.items(), key=lambda kv: kv[1])[:5]


def test_noble_role_and_start_lines_are_readable(kit: dict[str, Component]) -> None:
    """The role line under a Noble's name (5.1 pt or more: the Bannermen's is long) and the
    'Initial Noble' ribbon (5.5 pt or more) are readable, the role line clear of the badges."""
    nobles = [c for c in kit.values() if getattr(c, "size", None) == "poker"]
    starts = 0
    for noble in nobles:
        face = drawn(noble)
        role = face.of("label")[1]
        assert role.size >= 5.1, (noble.id, role.what, role.size)
        near = role.box.outset(0.5 * mm)
        badges = [d for d in face.drawn if d.kind in ("circle", "icon")][:4]
        assert not any(meets_circle(near, b.box) for b in badges), (noble.id, role.what)
        for line in face.of("label"):
            if line.what.startswith("Initial Noble"):
                starts += 1
                assert line.size >= 5.5, (noble.id, line.size)
    assert starts >= 9  # at least one initial Noble per House


def test_a_rule_two_attributes_share_is_printed_once(kit: dict[str, Component]) -> None:
    """Lysa Arryn is Cruel and Tyrant; Cruel holds Tyrant's Uprising rule, so her card
    prints it under Cruel and names Tyrant as part of it (it printed the rule twice)."""
    text = next(d.what for d in drawn(kit["arryn-lysa"]).of("text") if "<b>Cruel.</b>" in d.what)
    assert text.count("An Uprising may be aimed at this Noble alone") == 1, text
    assert "<b>Tyrant.</b> (Its rule is part of Cruel, above.)" in text, text


def test_wall_board_words_are_readable_and_apart(
    kit: dict[str, Component], fief_content: LoadedContent[Any]
) -> None:
    """The Wall board: no word below 5.5 pt, no two words (labels or text boxes) on top of
    each other, every word on the board's light ground, and a card space the size of a
    mini card for each castle."""
    board = kit["wall-board"]
    face = drawn(board)
    words = [*face.of("label"), *face.of("text")]
    assert len(words) > 20
    small = [(d.what, d.size) for d in words if d.size < 5.5]
    assert not small, small
    for i, a in enumerate(words):
        for b in words[i + 1 :]:
            assert not overlap(a.box, b.box), (a.what, b.what)
    ground = face.trim_box().inset(4 * mm)
    for d in words:
        b = d.box
        inside = ground.x <= b.x and b.right <= ground.right
        assert inside and ground.y <= b.y and b.top <= ground.top, d.what
    cards = [
        d
        for d in face.of("rect")
        if abs(d.box.w - 44 * mm) < 0.01 and abs(d.box.h - 63 * mm) < 0.01
    ]
    assert len(cards) == len(fief_content.model.wall_castles)
