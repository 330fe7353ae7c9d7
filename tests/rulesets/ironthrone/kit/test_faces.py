"""The Iron Throne kit's faces (:mod:`pnp.rulesets.ironthrone.kit.faces`, ``sheets``, ``tokens``),
one at a time: text from data, shared backs, clean drawing, planned shapes.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from pnp.content import LoadedContent
from pnp.render import Card, Component, DrawContext, Face, RenderReport, Token
from pnp.rulesets.ironthrone import RULESET
from pnp.rulesets.ironthrone.effects import describe
from pnp.rulesets.ironthrone.kit.components import components
from pnp.rulesets.ironthrone.kit.icons import ICONS
from pnp.rulesets.ironthrone.model import CharacterCard, IronThroneContent


def draw(comp: Component, side: str = "face") -> tuple[str, RenderReport]:
    """Draw one side of ``comp`` alone; its text (whitespace collapsed) and the report."""
    buf = io.BytesIO()
    w, h = comp.trim_size()
    canvas = Canvas(buf, pagesize=(w, h))
    context = DrawContext(icons=ICONS)
    face = Face(canvas, width=w, height=h, bleed=0, component=comp, side=side, context=context)
    fn = comp.face if side == "face" else comp.back_draw
    assert fn is not None
    fn(face)
    canvas.showPage()
    canvas.save()
    text = PdfReader(io.BytesIO(buf.getvalue())).pages[0].extract_text()
    return " ".join(text.split()), context.report


def by_id(items: list[Component]) -> dict[str, Component]:
    return {c.id: c for c in items}


def test_card_text_follows_the_ability_data(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(RULESET.content_dir(), root / "ironthrone")
    stark = root / "ironthrone" / "houses" / "stark.yaml"
    body = stark.read_text()
    # Eddard's card: a bonus of 3 becomes 4; Robb's leader loses its cost
    assert "do: [{bonus: 3}]\n        flavor: The horns" in body
    body = body.replace(
        "do: [{bonus: 3}]\n        flavor: The horns", "do: [{bonus: 4}]\n        flavor: The horns"
    )
    assert "      cost: {sheet_to_box: 1}\n      do: [{bonus: 3}]" in body
    body = body.replace(
        "      cost: {sheet_to_box: 1}\n      do: [{bonus: 3}]", "      do: [{bonus: 3}]"
    )
    # a name far too long for any card: reported, never silently cut
    long_name = "The Kitchen Boy Who Heard Every Secret of Winterfell and Told Them All " * 3
    body = body.replace("name: Kitchen Boy,", f"name: {long_name.strip()},")
    stark.write_text(body)
    game = root / "ironthrone" / "game.yaml"
    game.write_text(game.read_text().replace("power: 3}", "power: 2}"))
    loaded = RULESET.load(root)
    model = loaded.model
    kit = by_id(components(loaded))

    card = next(c for c in model.house("stark").deck if c.id == "stark-eddard-card")
    assert isinstance(card, CharacterCard)
    text, report = draw(kit["stark-eddard-card"])
    assert describe(card.ability) in text
    assert "Add 4 to your side's total." in text
    assert not report.lines()

    robb = next(c for c in model.characters if c.id == "stark-robb")
    text, _ = draw(kit["leader-stark-robb"])
    assert describe(robb.leader) in text
    assert "you may return" not in text  # the cost went with the data

    text, _ = draw(kit["stark-truce"])
    assert "up to 2 power" in text and "up to 3 power" not in text

    _, report = draw(kit["stark-hostility-1"])
    assert report.problems, "an overlong title must be reported"
    for problem in report.problems:
        assert "'stark-hostility-1' (face)" in problem.where
        assert "overflows" in problem.message


def test_each_house_shares_one_back(content: LoadedContent[IronThroneContent]) -> None:
    kit = components(content)
    model = content.model
    for file in ("house-cards", "leader-sheets"):
        backs = {}
        for house in model.houses:
            ids = (
                {c.id for c in house.deck}
                if file == "house-cards"
                else {f"leader-{ch.id}" for ch in model.characters_of(house.id)}
            )
            mine = {id(c.back_draw) for c in kit if c.id in ids and c.file == file}
            assert len(mine) == 1, (file, house.id)  # one object: drawn once per file
            backs[house.id] = mine.pop()
        assert len(set(backs.values())) == len(model.houses)
    events = {id(c.back_draw) for c in kit if c.file == "event-cards"}
    assert len(events) == 1


def test_every_side_draws_cleanly(content: LoadedContent[IronThroneContent]) -> None:
    """One of each kind of piece, both sides: nothing overflows, every glyph is drawable."""
    kit = by_id(components(content))
    picks = [
        "stark-hostility-20",
        "lannister-truce",
        "targaryen-daenerys-card",
        "leader-tyrell-olenna",
        "token-baratheon-stannis",
        "influence-stark",
        "power",
        "event-influential",
        "event-tyrell-feast",
        "board-targaryen",
    ]
    for cid in picks:
        comp = kit[cid]
        sides = ["face"] + (["back"] if comp.back_draw is not None else [])
        for side in sides:
            _, report = draw(comp, side)
            assert not report.lines(), (cid, side, report.lines())
    alive, _ = draw(kit["token-baratheon-stannis"])
    dead, _ = draw(kit["token-baratheon-stannis"], "back")
    assert "Stannis Baratheon" in alive and "Stannis Baratheon" in dead


def test_tokens_and_cards_have_the_planned_shapes(
    content: LoadedContent[IronThroneContent],
) -> None:
    kit = components(content)
    assert all(
        c.size == "poker"
        for c in kit
        if isinstance(c, Card) and c.file not in ("leader-sheets", "player-aids")
    )
    assert {c.size for c in kit if isinstance(c, Card) and c.file == "player-aids"} == {
        (88.0, 126.0)
    }
    tokens = [c for c in kit if isinstance(c, Token)]
    assert {c.shape for c in tokens} == {"round"}
    # character tokens hold power markers: much larger than the markers themselves
    sizes = {c.id.split("-")[0]: c.size for c in tokens}
    assert sizes["token"] > sizes["influence"] > sizes["power"]
