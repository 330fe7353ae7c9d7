"""How each face is drawn (:mod:`pnp.rulesets.thrones.kit.faces`): the words it sets, their size
and place."""

from __future__ import annotations

import html
import io
import re
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.content import LoadedContent
from pnp.render import Component, DrawContext, Face, escape, mm
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.kit.icons import ICONS
from pnp.rulesets.thrones.text import card_text, kit_frames
from tests.render.pdfcheck import reader
from tests.render.recording import RecordingFace
from tests.rulesets.thrones.kit.conftest import model


class WordFace(Face):
    """A face that remembers the text it was asked to set."""

    def __init__(self, canvas: Canvas, context: DrawContext, component: Component) -> None:
        w, h = component.trim_size()
        super().__init__(canvas, width=w, height=h, bleed=0, component=component, context=context)
        self.words: list[str] = []

    def text(self, markup: str, *args: Any, **kwargs: Any) -> Any:
        self.words.append(markup)
        return super().text(markup, *args, **kwargs)

    def label(self, text: str, *args: Any, **kwargs: Any) -> float:
        self.words.append(escape(text))
        return super().label(text, *args, **kwargs)


def face_words(components: list[Component]) -> dict[str, str]:
    """Everything each component's face sets, as plain words in one line, by id."""
    canvas = Canvas(io.BytesIO())
    context = DrawContext(icons=ICONS)  # one document: icons become forms once
    out = {}
    for comp in components:
        face = WordFace(canvas, context, comp)
        comp.face(face)
        canvas.showPage()
        text = re.sub(r"<[^>]+>", " ", " ".join(face.words))
        text = html.unescape(text.replace("&#91;", "[").replace("&#93;", "]"))
        out[comp.id] = " ".join(text.split())
    assert not context.report.problems, context.report.lines()
    return out


def test_card_faces_print_the_generated_ability_text(content: LoadedContent) -> None:
    """Each face sets its name and the text the ruleset generates from its abilities, whole."""
    m = model(content)
    houses = {h.id: h.name for h in m.houses}
    assert RULESET.components is not None
    cards: list[tuple[Any, str]] = [(c, c.id) for c in m.cards]
    cards += [(p, f"plot-{p.id}") for p in m.plots]
    cards += [(a, f"agenda-{a.id}") for a in m.agendas]
    wanted = {cid for _, cid in cards}
    printed = face_words([c for c in RULESET.components(content) if c.id in wanted])
    checked = 0
    for card, cid in cards:
        words = printed[cid]
        assert card.name in words, cid
        for line in card_text(card, houses):
            flat = " ".join(line.replace("**", "").split())
            # the kit prints a challenge icon's word after it ("a [power] power challenge")
            for icon, word in kit_frames()["icon_words"].items():
                flat = flat.replace(f"[{icon}]", f"[{icon}] {word}")
            assert flat in words, (cid, flat)
            checked += 1
    assert checked > 150


def test_the_pdf_holds_the_text_of_its_cards(
    kit: Path, content: LoadedContent, entries: dict[str, dict[str, Any]]
) -> None:
    """Read back a few pages: the words reach the PDF (icons print as pictures)."""
    m = model(content)
    houses = {h.id: h.name for h in m.houses}
    pdf = reader((kit / "cards.pdf").read_bytes())
    for card in (m.cards[0], m.cards[len(m.cards) // 2], m.cards[-1]):
        page = pdf.pages[entries[card.id]["page"] - 1]
        text = " ".join(page.extract_text().split())
        assert card.name in text
        for line in card_text(card, houses):
            for part in re.split(r"\[[a-z_-]+\]", line.replace("**", "")):
                if part.strip():
                    assert " ".join(part.split()) in text, (card.id, part)


def test_title_marker_names_stay_inside_the_paper_disc(content: LoadedContent) -> None:
    """Each line of a title marker's name lies inside the disc, 0.5 mm within its gold
    ring; the picture and the name keep 1 mm apart and sit centred together in the disc
    (QA4 4: the Lord Commander of the Kingsguard's shield touched "Lord", the block
    pushed up and the space under "Kingsguard" left empty)."""
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
        assert face.lines, marker.id
        for line in face.lines:
            b = line.box
            for x, y in ((b.x, b.y), (b.right, b.y), (b.x, b.top), (b.right, b.top)):
                far = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
                assert far <= r - 0.5 * mm, (marker.id, line.what)
        assert name.size >= 6.5, (marker.id, name.size)
        (icon,) = face.of("icon")
        first, last = face.lines[0].box, face.lines[-1].box
        assert icon.box.y - first.top >= 1 * mm, marker.id
        # centred: as much room over the picture as under the last line's baseline
        # (give or take its descenders' 1 mm)
        above, below = cy + r - icon.box.top, last.y - (cy - r)
        assert abs(above - below) <= 1.2 * mm, (marker.id, above / mm, below / mm)


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


def test_a_number_too_wide_for_its_badge_is_reported_and_fails_strict(tmp_path: Path) -> None:
    # strength 999999 spilled out of the shield over the cut line, and --strict passed
    import shutil

    from typer.testing import CliRunner

    from pnp.cli import app
    from pnp.paths import default_content_root

    root = tmp_path / "content"
    shutil.copytree(default_content_root() / "thrones", root / "thrones")
    cards = root / "thrones" / "cards" / "stark.yaml"
    text = cards.read_text()
    start = text.index("id: stark-eddard")
    at = text.index("strength: ", start)
    end = text.index("\n", at)
    cards.write_text(text[:at] + "strength: 999999" + text[end:])
    result = CliRunner().invoke(
        app,
        ["render", "thrones", "--strict", "--content", str(root), "--out", str(tmp_path / "out")],
    )
    assert result.exit_code == 2, result.output
    assert "stark-eddard" in result.output and "label '999999' is wider than" in result.output
    assert not (tmp_path / "out").exists()


def _printed(content: LoadedContent, ids: set[str], back: bool = False) -> dict[str, str]:
    """The words the faces (or, with ``back``, the backs) of components ``ids`` set."""
    import dataclasses

    assert RULESET.components is not None
    comps = [c for c in RULESET.components(content) if c.id in ids]
    assert {c.id for c in comps} == ids
    if back:
        comps = [dataclasses.replace(c, face=c.back_draw) for c in comps]  # type: ignore[call-arg]
    return face_words(comps)


def test_house_card_back_tells_when_a_challenge_is_unopposed(content: LoadedContent) -> None:
    """The round aid said "No defence: +1 power", but 0 defending STR is unopposed too
    (TH-CHAL-20; rules/challenges.py resolve_challenge: ``dfn < 1``), and only for the
    attacker who wins."""
    words = _printed(content, {"house-stark"}, back=True)["house-stark"]
    assert "No defence" not in words
    unopposed = "An attacker who wins against no defenders or 0 defending STR gains 1 more power"
    assert unopposed in words


def test_house_card_says_where_power_goes_at_two_players(content: LoadedContent) -> None:
    """Two players keep their House's power on the banner (the two-player box has no House
    card), three or four on the House card: the House card said "kept on this card" always."""
    words = _printed(content, {"house-stark"})["house-stark"]
    kept = "With three or four players, power you claim for your House is kept on this card"
    assert kept in words
    assert "(with two, on your banner)" in words


def test_the_board_calls_the_power_supply_the_power_bank(content: LoadedContent) -> None:
    """One name for one pile: the reference says "power bank", so the board does too."""
    words = _printed(content, {"council-board"})["council-board"]
    assert "the power bank" in words
    assert "power pool" not in words


def test_plot_faces_print_the_captions_the_reference_describes(
    content: LoadedContent,
) -> None:
    """The reference's plot legend names the captions under the three discs."""
    from typer.testing import CliRunner

    from pnp.cli import app

    m = model(content)
    plot = m.plots[0]
    words = _printed(content, {f"plot-{plot.id}"})[f"plot-{plot.id}"]
    md = CliRunner().invoke(app, ["rules", "thrones", "--format", "md", "--out", "-"]).stdout
    legend = next(line for line in md.splitlines() if line.startswith("- **Plots** (landscape)"))
    for caption in ("INCOME", "INITIATIVE", "CLAIM"):
        assert caption in words and caption in legend, caption
    assert "[Initiative]" not in legend and "[Claim]" not in legend  # icons plots never print
