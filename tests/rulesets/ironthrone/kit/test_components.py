"""What the kit prints (:mod:`pnp.rulesets.ironthrone.kit.components`).

``pnp build ironthrone`` end to end: the files, the pages and copies of each piece,
the printed text, determinism and bad input. One strict build is shared by the kit
tests (``conftest.py``); every check reads its files (the manifest, the PDFs with pypdf).
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pnp.cli import app
from pnp.content import LoadedContent
from pnp.rulesets.ironthrone import RULESET
from pnp.rulesets.ironthrone.effects import describe
from pnp.rulesets.ironthrone.kit.tokens import encounter_markers
from pnp.rulesets.ironthrone.model import (
    PLAYER_COUNTS,
    CharacterCard,
    IronThroneContent,
    event_text,
)
from tests.render.pdfcheck import placements, reader, text
from tests.rulesets.ironthrone.kit.conftest import KIT_FILES, build, flat, front_text, runner


def expected_copies(model: IronThroneContent) -> dict[str, tuple[str, int]]:
    """Every printed component the content calls for: id -> (file, copies)."""
    out: dict[str, tuple[str, int]] = {}
    for house in model.houses:
        for card in house.deck:
            out[card.id] = ("house-cards.pdf", card.copies)
        out[f"influence-{house.id}"] = ("tokens.pdf", model.rules.influence_tokens)
        out[f"board-{house.id}"] = ("influence-boards.pdf", 1)
    for char in model.characters:
        out[f"leader-{char.id}"] = ("leader-sheets.pdf", 1)
        out[f"token-{char.id}"] = ("tokens.pdf", 1)
    for event in model.events:
        out[event.id] = ("event-cards.pdf", event.copies)
    out["power"] = ("tokens.pdf", model.rules.power_markers)
    for marker in encounter_markers(model):
        out[marker.id] = ("tokens.pdf", model.rules.encounter_markers)
    out["player-aid"] = ("player-aids.pdf", max(PLAYER_COUNTS))
    return out


def test_build_writes_every_file(built: Path) -> None:
    names = sorted(p.name for p in built.iterdir())
    assert names == sorted(
        [*KIT_FILES, "manifest.json", "reference.html", "reference.md", "reference.pdf"]
    )


def test_manifest_lists_every_component_with_its_copies(
    manifest: dict[str, Any], content: LoadedContent[IronThroneContent]
) -> None:
    got = {e["id"]: (e["file"], e["copies"]) for e in manifest["components"]}
    assert got == expected_copies(content.model)
    totals = Counter()
    for e in manifest["components"]:
        totals[e["file"]] += e["copies"]
    # the rulebook's component list: 125 house cards, 18 events, 25 sheets, and
    # 25 character + 25 influence tokens + 100 power markers; ours besides: 3 of each
    # of the 6 encounter markers (+1, +2, +3, +5, no penalties, no rewards) and an
    # aid for each of the 5 players the game seats at most
    assert totals == {
        "house-cards.pdf": 125,
        "event-cards.pdf": 18,
        "leader-sheets.pdf": 25,
        "tokens.pdf": 150 + 18,
        "influence-boards.pdf": 5,
        "player-aids.pdf": 5,
    }


def test_page_counts_on_a4(manifest: dict[str, Any], pdfs: dict[str, bytes]) -> None:
    pages = {name: len(reader(data).pages) for name, data in pdfs.items()}
    listed = {f["file"]: f["pages"] for f in manifest["files"] if f["kind"] != "reference"}
    assert pages == listed
    # A4, duplex: fronts then backs. 9 poker cards a page (125 -> 14 sheets, 18 -> 2),
    # 4 leader sheets a page (25 -> 7), tokens on 3 sheets (the encounter markers begin
    # the third), one page per board, 4 player aids a page (5 -> 2)
    assert pages == {
        "house-cards.pdf": 28,
        "event-cards.pdf": 4,
        "leader-sheets.pdf": 14,
        "tokens.pdf": 6,
        "influence-boards.pdf": 5,
        "player-aids.pdf": 4,
    }


def test_every_copy_is_placed_with_its_back(
    pdfs: dict[str, bytes], content: LoadedContent[IronThroneContent]
) -> None:
    want = expected_copies(content.model)
    fronts: Counter[str] = Counter()
    backs: Counter[str] = Counter()
    for data in pdfs.values():
        for page in placements(data):
            for placed in page:
                (fronts if placed.side == "face" else backs)[placed.component] += 1
    assert dict(fronts) == {cid: copies for cid, (_, copies) in want.items()}
    # every piece but the boards is two-sided: House backs, the event back, dead sides …
    assert dict(backs) == {
        cid: copies for cid, (file, copies) in want.items() if file != "influence-boards.pdf"
    }


def test_printed_text_is_the_generated_text(
    pdfs: dict[str, bytes], content: LoadedContent[IronThroneContent]
) -> None:
    model = content.model
    houses = {h.id: h for h in model.houses}
    cards = front_text(pdfs["house-cards.pdf"])
    sheets = front_text(pdfs["leader-sheets.pdf"])
    events = front_text(pdfs["event-cards.pdf"])
    for house in model.houses:
        for card in house.deck:
            if isinstance(card, CharacterCard):
                assert describe(card.ability) in cards, card.id
                assert card.ability.title in cards
    for char in model.characters:
        assert describe(char.leader) in sheets, char.id
        assert char.leader.title in sheets and char.name in sheets
    for event in model.events:
        assert flat(event_text(event, houses)) in events, event.id


def test_boards_and_tokens_name_what_they_show(
    pdfs: dict[str, bytes], content: LoadedContent[IronThroneContent]
) -> None:
    boards = text(pdfs["influence-boards.pdf"])
    for page, house in zip(boards, content.model.houses, strict=True):
        assert house.board.title in page
        for space in house.board.spaces:
            assert space in page
    tokens = flat(" ".join(text(pdfs["tokens.pdf"])))
    for char in content.model.characters:
        assert tokens.count(char.name) == 2, char.name  # alive side and dead side


def test_build_is_deterministic(built: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    again = tmp_path_factory.mktemp("again")
    result = build(again)
    assert result.exit_code == 0, result.output
    for path in sorted(built.iterdir()):
        assert (again / "ironthrone" / path.name).read_bytes() == path.read_bytes(), path.name


def test_letter_paper_fits_every_piece(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["render", "ironthrone", "--paper", "Letter", "--strict", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "ironthrone" / "manifest.json").read_text())
    assert manifest["options"]["paper"] == "Letter"
    # boards fit one Letter page each (no tiling); every component was placed
    assert {f["file"]: f["pages"] for f in manifest["files"]}["influence-boards.pdf"] == 5
    assert all(e["pages"] for e in manifest["components"])


def test_unknown_sigil_is_a_located_error_and_writes_nothing(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(RULESET.content_dir(), root / "ironthrone")
    stark = root / "ironthrone" / "houses" / "stark.yaml"
    stark.write_text(stark.read_text().replace("sigil: wolf", "sigil: direwolf"))
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "ironthrone", "--content", str(root), "--out", str(out)])
    assert result.exit_code == 2
    assert re.search(
        r"houses/stark\.yaml:\d+:\d+: houses\[0\]\.sigil: no sigil named 'direwolf'", result.output
    ), result.output
    assert "Traceback" not in result.output
    assert not out.exists() or not any(out.rglob("*.pdf"))
