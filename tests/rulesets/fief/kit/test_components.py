"""``pnp build fief``: every PDF, every component in the counts the content declares, no
overflow, card text from the ruleset, byte-identical rebuilds, clear errors."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content import LoadedContent
from pnp.render.boards import plan_board
from pnp.render.kit import kit_components, plan_files, render_files
from pnp.render.options import RenderOptions
from pnp.render.report import RenderReport
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.effects import describe
from pnp.rulesets.fief.kit.components import components
from pnp.rulesets.fief.kit.dienets import battle_dice_needed
from pnp.rulesets.fief.model import TITLE_TOKENS, FiefContent
from tests.render.pdfcheck import placements
from tests.rulesets.fief.kit.conftest import Build, build_fief

PDFS = (
    "nobles.pdf",
    "cards.pdf",
    "tokens.pdf",
    "board.pdf",
    "court-board.pdf",
    "wall-board.pdf",
    "house-boards.pdf",
    "dice.pdf",
    "reference.pdf",
)


def pages(data: bytes) -> int:
    return len(PdfReader(io.BytesIO(data)).pages)


def pdf_text(data: bytes, only: list[int] | None = None) -> str:
    """The text of a PDF's pages (all, or the ``only`` ones), whitespace folded."""
    reader = PdfReader(io.BytesIO(data))
    chosen = [reader.pages[i] for i in only] if only is not None else reader.pages
    return " ".join(" ".join(p.extract_text().split()) for p in chosen)


def front_pages(data: bytes) -> list[int]:
    """The pages holding card fronts (text extraction is slow; backs repeat one face)."""
    return [i for i, page in enumerate(placements(data)) if any(p.side == "face" for p in page)]


def folded(text: str) -> str:
    return " ".join(text.split())


def expected_copies(model: FiefContent) -> dict[str, tuple[int, str]]:
    """What the kit must print, worked out from the content on its own: id -> (copies, file)."""
    want: dict[str, tuple[int, str]] = {}
    for n in model.nobles:
        want[n.id] = (1, "nobles.pdf")
        want[f"avatar-{n.id}"] = (1, "tokens.pdf")
    for c in model.court:
        want[f"court-{c.id}"] = (c.copies, "cards.pdf")
    for f in model.fortune:
        want[f"fortune-{f.id}"] = (f.copies, "cards.pdf")
    for d in model.disaster_copies:
        want[f"{d.id}-autumn"] = (d.autumn, "cards.pdf")
        want[f"{d.id}-winter"] = (d.winter, "cards.pdf")
    for w in model.wall_castles:
        want[w.id] = (w.copies, "cards.pdf")
    for t in model.titles:
        if t.is_card:
            want[f"title-{t.id}"] = (t.copies, "cards.pdf")  # the Brothers' card: 9
        else:
            want[f"title-{t.id}"] = (1, "tokens.pdf")
    units = {u.id: u for u in model.units}
    for h in model.houses:
        counts = {u.id: u.stock for u in model.units if u.shared is None} | dict(h.stock)
        for uid, n in counts.items():
            if n:
                want[f"{uid}-{h.id}"] = (n, "tokens.pdf")
    for u in units.values():
        if u.shared:
            want[u.id] = (u.shared, "tokens.pdf")
    titles = {f"title-{t.id}" for t in model.titles}
    for tok in model.tokens:
        if tok.shape in ("board", "die") or tok.id == "noble-avatar":
            continue
        if tok.id in TITLE_TOKENS:
            covered = [t for t in model.titles if TITLE_TOKENS[tok.id](t)]
            assert tok.count == len(covered), tok.id  # one named token per Title
            continue
        if tok.id in titles:
            assert tok.count == 1, tok.id
            continue
        if tok.shape == "card":
            want[tok.id] = (tok.count, "cards.pdf")
            continue
        for h in model.houses if tok.per_house else ():
            want[f"{tok.id}-{h.id}"] = (tok.per_house, "tokens.pdf")
        if tok.count:
            want[tok.id] = (tok.count, "tokens.pdf")
    return want


def test_build_writes_every_pdf_the_issue_lists(fief_build: Build) -> None:
    for name in (*PDFS, "reference.md", "reference.html", "manifest.json"):
        assert name in fief_build.files, name
    listed = {f["file"]: f for f in fief_build.manifest["files"]}
    for name in PDFS:
        assert fief_build.files[name].startswith(b"%PDF-"), name
        if name != "reference.pdf":
            # the manifest's page counts are the PDFs' own
            assert listed[name]["pages"] == pages(fief_build.files[name]), name


def test_every_content_component_is_in_the_manifest_with_its_copies(
    fief_build: Build, fief_content: LoadedContent[Any]
) -> None:
    entries = {e["id"]: e for e in fief_build.manifest["components"]}
    want = expected_copies(fief_content.model)
    for cid, (copies, file) in want.items():
        assert cid in entries, f"{cid} is not in the manifest"
        assert (entries[cid]["copies"], entries[cid]["file"]) == (copies, file), cid
        if copies:
            assert entries[cid]["pages"], f"{cid} is on no page"


def test_counts_match_the_rulebook_components(fief_build: Build) -> None:
    entries = fief_build.manifest["components"]

    def total(file: str, prefix: str = "") -> int:
        return sum(e["copies"] for e in entries if e["file"] == file and e["id"].startswith(prefix))

    assert total("nobles.pdf") == 77  # 72 House Nobles, 3 Bannermen, 2 Heirs (FF-COMP-01)
    assert total("cards.pdf", "court-") == 22
    assert total("cards.pdf", "fortune-") == 34
    assert sum(e["copies"] for e in entries if re.search(r"-copy-(autumn|winter)$", e["id"])) == 8
    assert total("tokens.pdf", "knight-") == 8 * 9
    assert total("tokens.pdf", "man-at-arms-") == 13 * 8  # Targaryen has Unsullied instead
    assert total("tokens.pdf", "unsullied-") == 7
    assert total("tokens.pdf", "vote-for-") == total("tokens.pdf", "vote-decoy-") == 9
    houses = Counter(e["id"].rsplit("-", 1)[-1] for e in entries if e["id"].startswith("knight-"))
    assert len(houses) == 9
    boards = [e for e in entries if e["kind"] == "board"]
    assert len([e for e in boards if e["file"] == "house-boards.pdf"]) == 9


def test_placed_pieces_match_the_manifest(fief_build: Build) -> None:
    """Count the fronts actually drawn on the sheets, per component."""
    entries = {e["id"]: e for e in fief_build.manifest["components"]}
    for name in ("nobles.pdf", "cards.pdf", "tokens.pdf"):
        drawn = Counter(
            p.component
            for page in placements(fief_build.files[name])
            for p in page
            if p.side == "face"
        )
        for cid, count in drawn.items():
            assert entries[cid]["copies"] == count, (name, cid)
        printed = {cid for cid, e in entries.items() if e["file"] == name and e["copies"]}
        assert printed == set(drawn), name


def test_noble_cards_have_house_backs(fief_build: Build) -> None:
    backs = Counter(
        p.component
        for page in placements(fief_build.files["nobles.pdf"])
        for p in page
        if p.side == "back"
    )
    assert sum(backs.values()) == 77


def test_card_text_is_the_rulesets_generated_text(
    fief_build: Build, fief_content: LoadedContent[Any]
) -> None:
    model = fief_content.model
    data = fief_build.files["cards.pdf"]
    cards = pdf_text(data, front_pages(data))
    for c in model.court:
        assert folded(describe(c.effect)) in cards, c.id
    for f in model.fortune:
        assert folded(describe(f.effect)) in cards, f.id
    data = fief_build.files["nobles.pdf"]
    nobles = pdf_text(data, front_pages(data))
    for a in model.attributes:
        text = folded(" ".join(describe(e) for e in a.effects))
        assert f"{a.name}. {text}" in nobles, a.id
    boards = pdf_text(fief_build.files["house-boards.pdf"])
    for h in model.houses:
        assert h.name in boards
        for ability in h.abilities:
            assert folded(describe(ability)) in boards, (h.id, ability)


def test_board_shows_every_village_and_tiles_over_pages(
    fief_build: Build, fief_content: LoadedContent[Any]
) -> None:
    data = fief_build.files["board.pdf"]
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) > 2  # an assembly map and several tiles
    assert "Assembly map" in reader.pages[0].extract_text()
    # every tile draws the whole board (clipped), so one tile holds all its text
    text = pdf_text(data, [1])
    model = fief_content.model
    for v in model.villages:
        assert v.name in text, v.id
    for f in model.fiefs:
        assert f.name.upper() in text, f.id
    for t in model.titles:
        if t.region:
            assert t.name in text, t.id
    assert model.wall.name.upper() in text


def test_side_boards_hold_the_trackers_and_decks(
    fief_build: Build, fief_content: LoadedContent[Any]
) -> None:
    text = pdf_text(fief_build.files["court-board.pdf"])
    model = fief_content.model
    for t in model.titles:
        if t.kind == "high" or (t.is_card and t.region is None):
            assert t.name in text, t.id
    for word in (
        "Victory Points",
        "Court Event deck",
        "Fortune deck",
        "Summer",
        "Autumn",
        "Winter",
        "Disaster copies",
    ):
        assert word in text
    top = sum(t.vp for t in model.titles)
    assert f" {top} " in f" {text} "


def test_the_wall_board_is_drawn_from_the_content(
    fief_build: Build, fief_content: LoadedContent[Any]
) -> None:
    """The Night's Watch side board: one page of its own, listed in the manifest, with the
    track's every space, each castle, the recruits' prices and the bids of rules.yaml."""
    entries = {e["id"]: e for e in fief_build.manifest["components"]}
    board = entries["wall-board"]
    assert (board["kind"], board["file"], board["pages"]) == ("board", "wall-board.pdf", [1])
    data = fief_build.files["wall-board.pdf"]
    assert pages(data) == 1
    text = pdf_text(data)
    model = fief_content.model
    nw = model.rules.nights_watch
    track = " ".join(str(v) for v in range(1, nw.track + 1))
    assert f" 0 start {track} top " in text  # every space, in order, the marker's start marked
    assert "a d6 + the marker's space" in text
    for castle in model.wall_castles:
        assert castle.name in text, castle.id
    counts = {t.id: t.count for t in model.tokens}
    for r in nw.recruits:
        assert f"price {r.cost} · strength {r.strength} · {counts[r.token]} chits" in text, r
    steps = ", ".join(str(b) for b in nw.bid_steps[:-1]) + f" or {nw.bid_steps[-1]}"
    assert f"bids {steps} Gold Dragons" in text
    assert f"{counts[nw.defender_token]} tokens. Each pays its House {nw.defender_income}" in text
    assert f"He adds {nw.lc_bid_bonus} to his Wall bid" in text
    for gate in model.wall.gates:
        name = next(v.name for v in model.villages if v.id == gate)
        assert name in text, gate
    for word in ("Lord Commander", "The Wall's supplies", "The Brothers", "Phase 7"):
        assert word in text, word
    assert text.count("his recruits") == model.rules.max_players * nw.brothers_per_house


def test_a_title_with_copies_prints_that_many_cards(
    fief_build: Build, fief_content: LoadedContent[Any]
) -> None:
    """The Brother of the Night's Watch is held by many Nobles at once: 9 cards, not 1."""
    brother = next(t for t in fief_content.model.titles if t.id == "brother-of-the-watch")
    assert brother.copies == 9
    entry = next(e for e in fief_build.manifest["components"] if e["id"] == f"title-{brother.id}")
    assert entry["copies"] == brother.copies
    data = fief_build.files["cards.pdf"]
    drawn = sum(
        1
        for page in placements(data)
        for p in page
        if p.side == "face" and p.component == entry["id"]
    )
    assert drawn == brother.copies
    assert pdf_text(data, front_pages(data)).count(brother.name) == brother.copies


def test_no_printed_piece_says_the_expansion_is_not_played(fief_build: Build) -> None:
    """The Night's Watch is played now: no board, card or sheet may say otherwise."""
    data = fief_build.files["cards.pdf"]
    texts = {"cards.pdf": pdf_text(data, front_pages(data))}
    for name in ("court-board.pdf", "wall-board.pdf", "house-boards.pdf"):
        texts[name] = pdf_text(fief_build.files[name])
    texts["reference.md"] = folded(fief_build.files["reference.md"].decode())
    for name, text in texts.items():
        assert "Night's Watch" in text, name
        for stale in ("not played", "referee does not play", "printed but"):
            assert stale not in text, (name, stale)


def test_die_nets_follow_the_content(fief_build: Build, fief_content: LoadedContent[Any]) -> None:
    text = pdf_text(fief_build.files["dice.pdf"])
    counts = {t.id: t.count for t in fief_content.model.tokens}
    assert text.count("Battle die") == counts["battle-die"]
    assert text.count("Six-sided die") == counts["d6"]
    assert "blank, 1, 1, 2, 2, 3 hits" in text
    tabs = text.count("glue") - text.count("glue each")  # the instructions say it once
    assert tabs == 7 * (counts["battle-die"] + counts["d6"])


def test_the_dice_sheet_prints_a_battle_roll_for_both_sides(
    fief_build: Build, fief_content: LoadedContent[Any]
) -> None:
    """Both sides of a battle roll at the same time: each up to its top strength band's
    dice, one more for a Commander, and one side one more for the Ambush. The sheet
    printed 3 battle dice, fewer than one side's largest roll."""
    model = fief_content.model
    side = max(b[2] for b in model.rules.battle.dice.bands)
    side += max(e.given("extra_die") or 0 for a in model.attributes for e in a.effects)
    ambush = max(
        c.effect.given("ambush").extra_dice for c in model.fortune if c.effect.key == "ambush"
    )
    assert battle_dice_needed(model) == 2 * side + ambush
    text = pdf_text(fief_build.files["dice.pdf"])
    assert text.count("Battle die") >= 2 * side + ambush


def test_boards_fit_one_page_on_a4_and_letter(fief_content: LoadedContent[Any]) -> None:
    boards = [c for c in components(fief_content) if c.kind == "board" and c.id != "main-board"]
    assert boards
    for paper in ("A4", "Letter"):
        for board in boards:
            assert len(plan_board(board, RenderOptions(paper=paper))) == 1, (paper, board.id)


def test_rebuild_is_byte_identical(fief_build: Build, tmp_path: Path) -> None:
    again = build_fief(tmp_path)
    assert again.files.keys() == fief_build.files.keys()
    for name, data in fief_build.files.items():
        assert again.files[name] == data, name


# -- bad input ---------------------------------------------------------------------------


@pytest.fixture
def content_root(content_copy: Path) -> Path:
    """A content root holding a writable copy of ``fief/``."""
    return content_copy.parent


def test_building_without_counters_is_a_clear_error(content_root: Path, tmp_path: Path) -> None:
    tokens = content_root / "fief" / "tokens.yaml"
    text = tokens.read_text()
    assert "id: sept-counter" in text
    tokens.write_text("\n".join(ln for ln in text.splitlines() if "sept-counter" not in ln))
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app, ["build", "fief", "--content", str(content_root), "--out", str(out)]
    )
    assert result.exit_code == 2
    assert "'sept'" in result.output and "sept-counter" in result.output
    assert "Traceback" not in result.output
    assert not out.exists() or not any(out.rglob("*.pdf"))


def test_a_building_counter_that_is_no_token_is_a_clear_error(
    content_root: Path, tmp_path: Path
) -> None:
    """A ``-counter`` token shaped as a card, board or die cannot print as a counter."""
    tokens = content_root / "fief" / "tokens.yaml"
    line = "{id: sept-counter, name: Sept, shape: square, count: 39}"
    text = tokens.read_text()
    assert line in text
    tokens.write_text(text.replace(line, line.replace("square", "card")))
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app, ["build", "fief", "--content", str(content_root), "--out", str(out)]
    )
    assert result.exit_code == 2
    assert (
        "fief: token 'sept-counter' is a building counter: its shape must be round, square, "
        "hex, not 'card'" in result.output
    )
    assert "Traceback" not in result.output


def test_title_token_counts_must_match_the_titles(content_root: Path, tmp_path: Path) -> None:
    tokens = content_root / "fief" / "tokens.yaml"
    tokens.write_text(
        tokens.read_text().replace(
            "id: lordship, name: Lordship (Fief Title) token, shape: square, count: 8",
            "id: lordship, name: Lordship (Fief Title) token, shape: square, count: 9",
        )
    )
    result = CliRunner().invoke(
        app, ["render", "fief", "--content", str(content_root), "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 2
    assert "9 'lordship' token(s)" in result.output and "8 such Title(s)" in result.output


def test_text_that_overflows_is_reported(content_root: Path) -> None:
    """A card whose text cannot fit is named in the render report (``--strict`` fails on it)."""
    court = content_root / "fief" / "cards" / "court.yaml"
    long = "A very long flavour line that goes on and on. " * 12
    court.write_text(
        court.read_text().replace('"A son rides out to claim his place."', f'"{long.strip()}"')
    )
    content = RULESET.load(content_root)
    files = [
        p
        for p in plan_files(kit_components(RULESET, content), RenderOptions())
        if p.name == "cards.pdf"
    ]
    report = RenderReport()
    render_files(RULESET, content, files, report)
    assert any("court-lord-comes-of-age" in line for line in report.lines()), report.lines()


def test_reference_names_only_files_the_kit_has(fief_build: Build) -> None:
    """Every PDF the reference points a player to is one the build wrote."""
    written = {p.name for p in fief_build.folder.iterdir()}
    text = (fief_build.folder / "reference.md").read_text()
    named = set(re.findall(r"\b[a-z][a-z0-9-]*\.pdf\b", text))
    assert named and named <= written, sorted(named - written)


def test_a_troop_the_kit_has_no_picture_for_still_prints(
    content_copy: Path, tmp_path: Path
) -> None:
    """content/fief/README.md's own example adds a Crossbowman: it validated, then the House
    boards stopped render on "unknown icon [crossbowman]". A new troop takes its role's
    icon, else the strength icon, on its tokens and on the boards alike."""
    (content_copy / "extra.yaml").write_text(
        "units:\n"
        "  - {id: crossbowman, name: Crossbowman, strength: 2, hits: 2, cost: 3, stock: 4}\n"
        "  - {id: longbow, name: Longbow, strength: 1, hits: 2, cost: 2, stock: 2, role: archer}\n"
    )
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app, ["render", "fief", "--content", str(content_copy), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    text = " ".join(
        page.extract_text() for page in PdfReader(out / "fief" / "house-boards.pdf").pages
    )
    assert "Crossbowman" in text and "Longbow" in text
    from pnp.rulesets.fief.kit.faces import unit_icon

    units = {u.id: u for u in RULESET.load(content_copy, alone=True).model.units}
    assert unit_icon(units["crossbowman"]) == "strength"
    assert unit_icon(units["longbow"]) == "archer"
    assert unit_icon(units["knight"]) == "knight"
    siege = units["crossbowman"].model_copy(update={"id": "trebuchet", "role": "siege"})
    assert unit_icon(siege) == "siege-engine"  # the kit's siege picture, not the shield
