"""The Iron Throne print kit end to end: ``pnp build ironthrone`` and what it writes.

One strict build (and a second one for determinism) is shared by the module;
every check reads its files: the manifest, the PDFs (with pypdf) and the
reference in three formats.
"""

from __future__ import annotations

import html as htmllib
import json
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content import LoadedContent
from pnp.rulesets.ironthrone import RULESET
from pnp.rulesets.ironthrone.effects import WINDOWS, describe
from pnp.rulesets.ironthrone.model import CharacterCard, IronThroneContent, event_text
from tests.render.pdfcheck import placements, reader, text

runner = CliRunner()

KIT_FILES = [
    "event-cards.pdf",
    "house-cards.pdf",
    "influence-boards.pdf",
    "leader-sheets.pdf",
    "tokens.pdf",
]


def _build(out: Path, *extra: str) -> Any:
    return runner.invoke(app, ["build", "ironthrone", "--out", str(out), *extra])


@pytest.fixture(scope="module")
def content() -> LoadedContent[IronThroneContent]:
    return RULESET.load()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped kit, built once with ``--strict`` (an overflow would fail it)."""
    out = tmp_path_factory.mktemp("kit")
    result = _build(out, "--strict")
    assert result.exit_code == 0, result.output
    assert "problem" not in result.output  # no overflow or missing-glyph report at all
    return out / "ironthrone"


@pytest.fixture(scope="module")
def pdfs(built: Path) -> dict[str, bytes]:
    return {name: (built / name).read_bytes() for name in KIT_FILES}


@pytest.fixture(scope="module")
def manifest(built: Path) -> dict[str, Any]:
    return json.loads((built / "manifest.json").read_text())


def _flat(s: str) -> str:
    return " ".join(s.split())


def front_text(data: bytes) -> str:
    """The text of the front pages of a duplex file (fronts and backs alternate)."""
    return _flat(" ".join(page.extract_text() for page in reader(data).pages[0::2]))


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
    # 25 character + 25 influence tokens + 100 power markers
    assert totals == {
        "house-cards.pdf": 125,
        "event-cards.pdf": 18,
        "leader-sheets.pdf": 25,
        "tokens.pdf": 150,
        "influence-boards.pdf": 5,
    }


def test_page_counts_on_a4(manifest: dict[str, Any], pdfs: dict[str, bytes]) -> None:
    pages = {name: len(reader(data).pages) for name, data in pdfs.items()}
    listed = {f["file"]: f["pages"] for f in manifest["files"] if f["kind"] != "reference"}
    assert pages == listed
    # A4, duplex: fronts then backs. 9 poker cards a page (125 -> 14 sheets, 18 -> 2),
    # 4 leader sheets a page (25 -> 7), tokens on 2 sheets, one page per board
    assert pages == {
        "house-cards.pdf": 28,
        "event-cards.pdf": 4,
        "leader-sheets.pdf": 14,
        "tokens.pdf": 4,
        "influence-boards.pdf": 5,
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
        assert _flat(event_text(event, houses)) in events, event.id


def test_boards_and_tokens_name_what_they_show(
    pdfs: dict[str, bytes], content: LoadedContent[IronThroneContent]
) -> None:
    boards = text(pdfs["influence-boards.pdf"])
    for page, house in zip(boards, content.model.houses, strict=True):
        assert house.board.title in page
        for space in house.board.spaces:
            assert space in page
    tokens = _flat(" ".join(text(pdfs["tokens.pdf"])))
    for char in content.model.characters:
        assert tokens.count(char.name) == 2, char.name  # alive side and dead side


def test_reference_in_three_formats_mentions_the_rules(
    built: Path, content: LoadedContent[IronThroneContent]
) -> None:
    md = (built / "reference.md").read_text()
    page = (built / "reference.html").read_text()
    html = htmllib.unescape(page)
    pdf = _flat(" ".join(text((built / "reference.pdf").read_bytes())))
    model = content.model
    must = [
        "Turn summary",
        "Preparation",
        "Support",
        "Encounter",
        "Resolution",
        "Outcomes",
        "Hostility",
        "Truce",
        "Betrayal",
        "Rewards and penalties",
        "Hostages",
        "Truce bargaining",
        "Release",
        "Torment",
        *WINDOWS.values(),
        *(d.id for d in model.decisions),
        *(c.leader.title for c in model.characters),
        *(h.name for h in model.houses),
        *(e.name for e in model.events),
    ]
    for phrase in must:
        assert phrase in md, phrase
        assert phrase in html, phrase
        assert phrase in pdf, phrase
    rules = model.rules
    assert f"taking up to {rules.truce.hostages} hostages" in md
    assert f"moving up to {rules.truce.power} \\[Power\\] power" in md
    assert f"{rules.torment.leader} power leaves their leader sheet" in md
    for decision in model.decisions:
        assert _flat(decision.text) in _flat(md)
    assert '<symbol id="pnp-icon-hostility"' in page  # icons travel as inline SVG


def test_reference_covers_what_players_need_without_a_rulebook(
    built: Path, content: LoadedContent[IronThroneContent]
) -> None:
    """The rules a table needs beyond the turn summary are on the sheet (found missing by
    the rules audit): start of turn, an empty hand (IT-ENC-04), participation (IT-WD-03),
    withdrawing (IT-WD-01/02), no hand limit (IT-END-02), death mid-encounter (IT-DEATH-03),
    influence (IT-WIN-01/02), the end-of-turn check (IT-GAP-03), table talk (IT-TALK-01..03),
    the golden rule (IT-COMP-04) and the event deck for each player count (IT-SETUP-06)."""
    md = _flat((built / "reference.md").read_text())
    rules = content.model.rules
    must = [
        "Start of turn.",
        "Starting with the challenger and going clockwise, anyone may release or torment",
        "With an empty hand, you place the top card of your deck.",
        "are **participating**",
        "## Withdrawing",
        "An active player never withdraws.",
        "(there is no hand limit)",
        "its player stays in the encounter",
        "## Influence",
        "several from the same House included",
        "(you choose it by its House back; which card of that House you get is random)",
        "At the end of a turn, the game is over",
        "## Table talk",
        "No promise binds anyone, except the truce deal",
        "you may never show them",
        "When a card and this sheet disagree, the card wins.",
        "The bargain belongs to the Resolution phase",
        "Each player picks a different House",
        *(
            f"{p * rules.events_per_house + rules.special_events} cards for {p} players"
            for p in (3, 4, 5)
        ),
    ]
    for phrase in must:
        assert phrase in md, phrase


def test_build_is_deterministic(built: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    again = tmp_path_factory.mktemp("again")
    result = _build(again)
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


def test_reference_names_only_files_the_kit_has(built: Path) -> None:
    """Every PDF the reference points a player to is one the build wrote."""
    written = {p.name for p in built.iterdir()}
    for name in ("reference.md", "reference.html"):
        named = set(re.findall(r"\b[a-z][a-z0-9-]*\.pdf\b", (built / name).read_text()))
        assert named, name
        assert named <= written, (name, sorted(named - written))
