"""Parts of the thrones kit on their own: markup, title words, the council layout, supply."""

from __future__ import annotations

from pnp.content import LoadedContent
from pnp.render.markup import parse_inline
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.kit.board import council_layout, layout_cost
from pnp.rulesets.thrones.kit.markup import (
    agenda_line,
    attach_line,
    rules_markup,
    title_powers,
    title_short,
)
from pnp.rulesets.thrones.kit.reference import keyword_glossary
from pnp.rulesets.thrones.kit.supply import card_copies, token_counts
from pnp.rulesets.thrones.model import Agenda, Attachment, ThronesContent, Title
from tests.render.recording import RecordingFace, overlap


def title(tid: str, supports: tuple[str, ...] = (), opposes: tuple[str, ...] = ()) -> Title:
    return Title(id=tid, name=tid.title(), supports=list(supports), opposes=list(opposes))


def test_rules_markup_escapes_words_and_keeps_bold_and_icons() -> None:
    text = rules_markup("**Action:** Kneel Salt & <Iron> to gain 1 [gold] [sic].")
    assert text == ("<b>Action:</b> Kneel Salt &amp; &lt;Iron&gt; to gain 1 [gold] [sic].")
    assert rules_markup("**unclosed") == "<b>unclosed</b>"
    parse_inline(rules_markup("**Renown.** a [power] b"), newlines=False)  # valid markup


def test_attachment_and_agenda_lines_come_from_their_data() -> None:
    base = {"id": "x", "name": "X", "type": "attachment", "cost": 1}
    assert attach_line(Attachment(**base)) == ""
    assert attach_line(Attachment(**base, attach_to="you")) == (
        "Attach only to a character you control."
    )
    assert attach_line(Attachment(**base, attach_to="opponent", attach_trait="Knight")) == (
        "Attach only to a Knight character an opponent controls."
    )
    assert agenda_line(Agenda(id="a", name="A")) == ""
    assert "at least 10 Knight cards" in agenda_line(
        Agenda(id="a", name="A", requires_trait="Knight", requires_count=10)
    )


def test_title_words_follow_the_title_data(content: LoadedContent) -> None:
    model = content.model
    assert isinstance(model, ThronesContent)
    names = {t.id: t.name for t in model.titles}
    by_id = {t.id: t for t in model.titles}
    lcg = " ".join(title_powers(by_id["lord-commander"], names))
    assert "+3 STR in each [military] challenge" in lcg and "undefended" in lcg
    coin = " ".join(title_powers(by_id["master-of-coin"], names))
    assert "Add 2 [gold]" in coin and "Supports: Master of Laws." in coin
    assert "Opposes: Hand of the King." in coin
    assert title_short(by_id["master-of-laws"]) == ["+1 card in the draw phase"]
    for t in model.titles:
        for line in title_powers(t, names) + title_short(t):
            parse_inline(line, newlines=False)


def test_council_layout_puts_supporters_clockwise_and_opponents_across() -> None:
    # a ring of four: each supports the next one anticlockwise and opposes the one across
    titles = [
        title("a", supports=("d",), opposes=("c",)),
        title("b", supports=("a",), opposes=("d",)),
        title("c", supports=("b",), opposes=("a",)),
        title("d", supports=("c",), opposes=("b",)),
    ]
    order = council_layout(list(reversed(titles)))
    assert layout_cost(order, titles) == 0
    assert order[0] == "d"  # the first title keeps the top space
    assert order == ["d", "a", "b", "c"]  # a supports d, so a sits one step clockwise


def test_council_layout_of_the_shipped_titles_is_stable(content: LoadedContent) -> None:
    model = content.model
    assert isinstance(model, ThronesContent)
    order = council_layout(model.titles)
    assert sorted(order) == sorted(t.id for t in model.titles)
    assert order == council_layout(model.titles)
    # every opposed pair of the shipped relations that can face each other does
    slot = {t: i for i, t in enumerate(order)}
    assert (slot["hand-of-the-king"] - slot["master-of-coin"]) % 6 == 3
    assert (slot["master-of-laws"] - slot["master-of-whispers"]) % 6 == 3


def test_glossary_covers_every_keyword() -> None:
    names = {k["name"] for k in keyword_glossary()}
    assert len(names) == 14 and "Immunity" in names and "No attachments" in names


def test_supply_counts_a_card_in_no_deck_once(content: LoadedContent) -> None:
    model = content.model
    assert isinstance(model, ThronesContent)
    in_decks = {cid for d in model.decks for cid in d.cards}
    spare = model.model_copy(
        update={"cards": [*model.cards, model.cards[0].model_copy(update={"id": "spare-card"})]}
    )
    assert "spare-card" not in in_decks
    assert card_copies(spare)["spare-card"] == 1
    counts = token_counts(model, 2)
    assert (counts.gold, counts.power) == (26, 30)  # the box supply beats 2 × the stock


def test_title_marker_names_stay_inside_the_paper_disc(content: LoadedContent) -> None:
    """Each title marker's name box fits inside the disc within its gold ring."""
    assert RULESET.components is not None
    markers = [c for c in RULESET.components(content) if c.id.startswith("marker-")]
    assert len(markers) == len(content.model.titles) == 6
    for marker in markers:
        face = RecordingFace(marker, RULESET.icons)
        marker.face(face)
        (name,) = face.of("text")
        (disc, *_) = face.of("circle")
        r = disc.box.w / 2 - 0.6  # the ring is 1.2 pt wide, centred on the circle
        cx, cy = disc.box.x + r + 0.6, disc.box.y + r + 0.6
        b = name.box
        for x, y in ((b.x, b.y), (b.right, b.y), (b.x, b.top), (b.right, b.top)):
            assert ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 <= r, (marker.id, name.what)
        assert name.size >= 5, (marker.id, name.size)
        for icon in face.of("icon"):
            assert not overlap(icon.box, b), marker.id


def test_printed_words_are_big_enough_to_read(content: LoadedContent) -> None:
    """No word on a card, plot, title, House card or banner prints below 5.5 pt (the title
    markers' names have their own test: a long one may go down to 5 pt)."""
    assert RULESET.components is not None
    pieces = [
        c for c in RULESET.components(content) if c.kind == "card" or c.id.startswith("banner-")
    ]
    assert len(pieces) > 150
    smallest: dict[str, float] = {}
    for piece in pieces:
        for side, draw in (("face", piece.face), ("back", getattr(piece, "back_draw", None))):
            if draw is None:
                continue
            face = RecordingFace(piece, RULESET.icons, side)
            draw(face)
            for d in [*face.of("label"), *face.of("text")]:
                key = f"{piece.id} {side}: {d.what[:30]}"
                smallest[key] = d.size
    small = {k: v for k, v in smallest.items() if v < 5.5}
    assert not small, sorted(small.items())[:10]
