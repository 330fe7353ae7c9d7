"""What the kit prints (:mod:`pnp.rulesets.thrones.kit.components`).

``pnp build thrones`` end to end: the files, the pages and copies of each
piece, determinism and bad input."""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from pnp.cli import app
from pnp.content import LoadedContent
from pnp.render import CARD_SIZES, mm
from pnp.render.imposition import card_grid, printable_area
from pnp.render.options import RenderOptions
from tests.render.pdfcheck import placements, reader
from tests.rulesets.thrones.kit.conftest import FILES, build, model, runner


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


def test_two_builds_are_byte_identical(kit: Path, tmp_path: Path) -> None:
    result = build(tmp_path)
    assert result.exit_code == 0, result.output
    again = tmp_path / "thrones"
    for name in FILES:
        assert (again / name).read_bytes() == (kit / name).read_bytes(), name


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
    path.write_text(path.read_text().replace("gold_per_player: 12", "gold_per_player: -1"))
    result = runner.invoke(app, ["validate", "thrones", "--content", str(content_copy)])
    assert result.exit_code == 2
    assert "tokens.gold_per_player" in result.stderr
