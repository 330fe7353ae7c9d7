"""The thrones print kit: ``pnp build thrones`` end to end, counts, text, reference, errors."""

from __future__ import annotations

import html
import io
import itertools
import json
import math
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from reportlab.pdfgen.canvas import Canvas
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content import LoadedContent
from pnp.paths import default_content_root
from pnp.render import CARD_SIZES, Component, DrawContext, Face, escape, mm
from pnp.render.imposition import card_grid, printable_area
from pnp.render.options import RenderOptions
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.effects import KEYWORDS
from pnp.rulesets.thrones.kit.icons import CHARGES, ICONS
from pnp.rulesets.thrones.model import ThronesContent
from pnp.rulesets.thrones.sigils import SIGILS
from pnp.rulesets.thrones.text import KEYWORD_NAMES, card_text
from tests.render.pdfcheck import placements, reader

runner = CliRunner()

FILES = {
    "cards.pdf",
    "plots.pdf",
    "house-cards.pdf",
    "titles.pdf",
    "tokens.pdf",
    "banners.pdf",
    "council-board.pdf",
    "manifest.json",
    "reference.pdf",
    "reference.md",
    "reference.html",
}


def build(out: Path, *extra: str) -> Any:
    """Run ``pnp build thrones --strict`` into ``out``."""
    return runner.invoke(app, ["build", "thrones", "--strict", "--out", str(out), *extra])


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One strict build of the shipped kit, shared by the read-only checks."""
    out = tmp_path_factory.mktemp("kit")
    result = build(out)
    assert result.exit_code == 0, result.output
    # --strict fails on any overflow or missing glyph, and nothing is reported at all
    assert "problem" not in result.stderr, result.stderr
    return out / "thrones"


@pytest.fixture(scope="module")
def manifest(kit: Path) -> dict[str, Any]:
    """The build's manifest."""
    return json.loads((kit / "manifest.json").read_text())


@pytest.fixture(scope="module")
def entries(manifest: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Manifest entries by component id."""
    return {e["id"]: e for e in manifest["components"]}


def model(content: LoadedContent) -> ThronesContent:
    m = content.model
    assert isinstance(m, ThronesContent)
    return m


# --------------------------------------------------------------------------- files and pages


def test_build_writes_every_file(kit: Path, manifest: dict[str, Any]) -> None:
    assert {p.name for p in kit.iterdir()} == FILES
    listed = {f["file"] for f in manifest["files"]}
    assert listed == FILES - {"manifest.json"}


def test_page_counts_match_the_manifest_and_the_imposition(
    kit: Path, manifest: dict[str, Any], entries: dict[str, dict[str, Any]]
) -> None:
    """Every PDF has the pages the manifest states; card files are n-up with backs."""
    area = printable_area(RenderOptions(paper="A4").page_size)
    for f in manifest["files"]:
        if f["kind"] == "reference":
            continue
        pages = len(reader((kit / f["file"]).read_bytes()).pages)
        assert pages == f["pages"], f["file"]
    by_file: dict[str, list[dict[str, Any]]] = {}
    for e in manifest["components"]:
        by_file.setdefault(e["file"], []).append(e)
    for name, size in (
        ("cards.pdf", CARD_SIZES["poker"]),
        ("titles.pdf", CARD_SIZES["poker"]),
        ("plots.pdf", (88.0, 63.0)),
    ):
        per_page = card_grid(size[0] * mm, size[1] * mm, 3 * mm, area).per_page
        total = sum(e["copies"] for e in by_file[name])
        # fronts, each followed by its page of backs (duplex, long edge)
        expected = 2 * math.ceil(total / per_page)
        pages = {f["file"]: f.get("pages") for f in manifest["files"]}
        assert pages[name] == expected, name
    assert entries["council-board"]["pages"], "the board is tiled onto pages"


def test_cards_plots_and_titles_have_backs(entries: dict[str, dict[str, Any]]) -> None:
    for e in entries.values():
        if e["kind"] == "card":
            assert e["back_pages"], e["id"]


# --------------------------------------------------------------------------- counts


def independent_need(decks: list[Any], count: Any) -> int:
    """The copies any one game needs: two two-player decks or four constructed ones."""
    best = 1
    for fmt, seats in (("two_player", 2), ("constructed", 4)):
        chosen = [d for d in decks if d.format == fmt]
        for group in itertools.combinations(chosen, min(seats, len(chosen))):
            best = max(best, sum(count(d) for d in group))
    return best


def test_every_card_is_in_the_manifest_with_its_supply(
    content: LoadedContent, entries: dict[str, dict[str, Any]]
) -> None:
    m = model(content)
    for card in m.cards:
        e = entries[card.id]
        need = independent_need(m.decks, lambda d, c=card.id: d.cards.get(c, 0))
        assert (e["copies"], e["file"], e["name"]) == (need, "cards.pdf", card.name), card.id
        # no deck needs more than the kit prints
        for deck in m.decks:
            assert deck.cards.get(card.id, 0) <= e["copies"]
    for plot in m.plots:
        e = entries[f"plot-{plot.id}"]
        need = independent_need(m.decks, lambda d, p=plot.id: int(p in d.plots))
        assert (e["copies"], e["file"], e["size_mm"]) == (need, "plots.pdf", [88.0, 63.0])
    for agenda in m.agendas:
        e = entries[f"agenda-{agenda.id}"]
        need = independent_need(m.decks, lambda d, a=agenda.id: int(d.agenda == a))
        assert (e["copies"], e["file"]) == (need, "house-cards.pdf")
    for title in m.titles:
        assert entries[f"title-{title.id}"]["file"] == "titles.pdf"
        assert entries[f"marker-{title.id}"]["file"] == "tokens.pdf"
    for house in m.houses:
        assert entries[f"house-{house.id}"]["copies"] == 1
        assert entries[f"banner-{house.id}"]["file"] == "banners.pdf"
    assert len(entries) == (
        len(m.cards) + len(m.plots) + len(m.agendas) + 2 * len(m.titles) + 2 * len(m.houses) + 4
    )


def test_two_player_decks_and_a_full_table_can_be_built(
    content: LoadedContent, entries: dict[str, dict[str, Any]]
) -> None:
    """Any two two-player decks, or any four constructed ones, fit in one print run."""
    m = model(content)
    for fmt, seats in (("two_player", 2), ("constructed", 4)):
        decks = [d for d in m.decks if d.format == fmt]
        for group in itertools.combinations(decks, seats):
            need: Counter[str] = Counter()
            for d in group:
                need.update(d.cards)
                need.update(f"plot-{p}" for p in d.plots)
            for cid, n in need.items():
                assert entries[cid]["copies"] >= n, (fmt, [d.id for d in group], cid)


def test_token_supply_covers_the_box_and_the_largest_table(
    content: LoadedContent, entries: dict[str, dict[str, Any]]
) -> None:
    t = model(content).tokens
    most = max(RULESET.player_counts)
    assert entries["gold"]["copies"] == max(t.gold, t.gold_per_player * most) == 40
    assert entries["power"]["copies"] == max(t.power, t.power_per_player * most) == 60
    assert entries["first-player"]["copies"] == 1
    assert {entries[i]["shape"] for i in ("gold", "power", "first-player")} == {"round"}


def test_pdfs_hold_each_component_as_often_as_the_manifest_says(
    kit: Path, manifest: dict[str, Any]
) -> None:
    """Count the placed fronts in every PDF (read back with pypdf)."""
    for f in manifest["files"]:
        if f["kind"] == "reference" or f["kind"] == "board":
            continue
        placed = Counter(
            p.component
            for page in placements((kit / f["file"]).read_bytes())
            for p in page
            if p.side == "face"
        )
        expected = {e["id"]: e["copies"] for e in manifest["components"] if e["file"] == f["file"]}
        assert placed == Counter(expected), f["file"]


# --------------------------------------------------------------------------- faces


class RecordingFace(Face):
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
        face = RecordingFace(canvas, context, comp)
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


def test_every_icon_the_text_uses_is_drawn(content: LoadedContent) -> None:
    m = model(content)
    houses = {h.id: h.name for h in m.houses}
    used = set()
    for card in [*m.cards, *m.plots, *m.agendas]:
        for line in card_text(card, houses):
            used |= set(re.findall(r"\[([a-z_-]+)\]", line))
    assert used and used <= set(ICONS)
    assert {h.sigil for h in m.houses} <= set(SIGILS)
    for icon in ICONS.values():  # every icon draws and exports to SVG (the HTML reference)
        assert icon.drawing().contents
        assert icon.svg_symbol().startswith("<symbol")


# --------------------------------------------------------------------------- reference


def test_reference_mentions_what_it_must(kit: Path, content: LoadedContent) -> None:
    m = model(content)
    md = (kit / "reference.md").read_text()
    html = (kit / "reference.html").read_text()
    pdf_text = " ".join(
        " ".join(p.extract_text().split())
        for p in reader((kit / "reference.pdf").read_bytes()).pages
    )
    must = [
        *(KEYWORD_NAMES[k] for k in KEYWORDS),
        "Immunity",
        *(t.name for t in m.titles),
        *(h.name for h in m.houses),
        *("Plot", "Draw", "Marshalling", "Challenges", "Dominance", "Standing", "Taxation"),
        *("Two-on-Two", "Littlefinger", "Plot draft", "Three players", "Two players"),
        *("Supports", "Opposes", "unopposed", "claim", "Stalemate", "Deadly counts"),
        *(d.name for d in m.decks),
    ]
    for word in must:
        assert word in md, word
        assert word in pdf_text, word
    # every ruling the referee takes where the rulebooks are silent is written down
    rulings = [f"TH-GAP-{n:02d}" for n in range(1, 23)]
    rulings += ["TH-COMP-13", "TH-SETUP-08", "TH-UNIQ-04", "TH-ZONE-01"]
    for code in rulings:
        assert code in md, code
    assert "<svg" in html and "Master of Whispers" in html
    assert f"{m.rules.victory_power} power" in md
    assert f"round {m.rules.round_limit}" in md  # the stalemate ruling names its round


# --------------------------------------------------------------------------- determinism


def test_two_builds_are_byte_identical(kit: Path, tmp_path: Path) -> None:
    result = build(tmp_path)
    assert result.exit_code == 0, result.output
    again = tmp_path / "thrones"
    for name in FILES:
        assert (again / name).read_bytes() == (kit / name).read_bytes(), name


# --------------------------------------------------------------------------- bad input


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    """A writable copy of the shipped content root (thrones only)."""
    root = tmp_path / "content"
    shutil.copytree(default_content_root() / "thrones", root / "thrones")
    return root


def test_an_unknown_sigil_is_a_located_error_and_nothing_is_written(
    content_copy: Path, tmp_path: Path
) -> None:
    path = content_copy / "thrones" / "houses.yaml"
    data = yaml.safe_load(path.read_text())
    data["houses"][2]["sigil"] = "stagg"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    result = runner.invoke(app, ["validate", "thrones", "--content", str(content_copy)])
    assert result.exit_code == 2
    assert re.search(
        r"houses\.yaml:\d+:\d+: houses\[2\]\.sigil: unknown sigil 'stagg'", result.stderr
    )
    assert "did you mean 'stag'" in result.stderr
    out = tmp_path / "out"
    built = build(out, "--content", str(content_copy))
    assert built.exit_code == 2 and "Traceback" not in built.output
    assert not out.exists()


def test_negative_token_counts_are_rejected(content_copy: Path) -> None:
    path = content_copy / "thrones" / "rules.yaml"
    path.write_text(path.read_text().replace("gold_per_player: 10", "gold_per_player: -1"))
    result = runner.invoke(app, ["validate", "thrones", "--content", str(content_copy)])
    assert result.exit_code == 2
    assert "tokens.gold_per_player" in result.stderr


def test_reference_names_only_files_the_kit_has(kit: Path) -> None:
    """Every PDF the reference points a player to is one the build wrote."""
    written = {p.name for p in kit.iterdir()}
    named = set(re.findall(r"\b[a-z][a-z0-9-]*\.pdf\b", (kit / "reference.md").read_text()))
    assert named and named <= written, sorted(named - written)


def test_the_kit_draws_every_sigil_the_schema_accepts() -> None:
    """The schema checks a House's ``sigil:`` against the names of :mod:`.sigils` without
    loading the print code; the kit must draw exactly those, each as a charge and an icon."""
    assert tuple(CHARGES) == SIGILS
    assert set(SIGILS) <= set(ICONS)
