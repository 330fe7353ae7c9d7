"""The Tabletop Simulator export of the thrones kit: the saved object field by field
against saved objects the game wrote (:mod:`tests.render.tts_reference`), every CardID
in the sheet cell that shows its card, copies as in the manifest."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat
from typer.testing import CliRunner

from pnp.cli import app
from pnp.render import raster
from pnp.render.exports.tts import MAX_PIXELS, SHEET_COLS, SHEET_ROWS
from pnp.render.face import DrawContext
from pnp.render.kit import kit_components
from pnp.render.sides import distinct_sides, plain_page, side_pdf
from pnp.rulesets import find_ruleset
from tests.render import tts_reference as ref

runner = CliRunner()


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The thrones kit exported for Tabletop Simulator at a low DPI (small sheets)."""
    out = tmp_path_factory.mktemp("tts")
    result = runner.invoke(
        app,
        [
            *("export", "thrones", "--format", "tts", "--dpi", "40", "--out", str(out)),
            *("--workers", "2", "--base-url", "https://example.org/kit/"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Saved Objects" in result.output  # where to copy the file
    return out / "thrones" / "tts"


def _save(folder: Path) -> dict[str, Any]:
    return json.loads((folder / "pnp-thrones.json").read_text())


def _check_fields(obj: dict[str, Any], fields: dict[str, Any], where: str) -> None:
    assert set(obj) == set(fields), f"{where}: {sorted(set(obj) ^ set(fields))}"
    for key, kind in fields.items():
        assert isinstance(obj[key], kind), f"{where}.{key}: {type(obj[key]).__name__}"
        if kind is bool:
            continue
        assert not isinstance(obj[key], bool) or kind is bool, f"{where}.{key}"


def _walk(objs: list[dict[str, Any]]):
    for o in objs:
        yield o
        yield from _walk(o.get("ContainedObjects", []))


def test_saved_object_has_the_games_structure(exported: Path) -> None:
    save = _save(exported)
    assert list(save) == list(ref.HEADER)
    _check_fields(save, ref.HEADER, "header")
    names = Counter(o["Name"] for o in _walk(save["ObjectStates"]))
    assert {"DeckCustom", "Card", "Custom_Tile", "Bag", "Custom_Board"} <= set(names)
    for obj in _walk(save["ObjectStates"]):
        where = f"{obj['Name']} {obj['GMNotes']}"
        _check_fields(obj, {**ref.COMMON, **ref.OWN[obj["Name"]]}, where)
        assert list(obj["Transform"]) == ref.TRANSFORM
        assert list(obj["ColorDiffuse"]) == ref.COLOUR
        assert len(obj["GUID"]) == 6 and int(obj["GUID"], 16) >= 0
        for entry in obj.get("CustomDeck", {}).values():
            _check_fields(entry, ref.CUSTOM_DECK, f"{where} CustomDeck")
            assert entry["BackIsHidden"] is True  # hidden cards show their back
            assert entry["FaceURL"].startswith("https://example.org/kit/images/")
        if "CustomImage" in obj:
            image = obj["CustomImage"]
            own = {**ref.CUSTOM_IMAGE}
            if obj["Name"] == "Custom_Tile":
                own["CustomTile"] = dict
                _check_fields(image["CustomTile"], ref.CUSTOM_TILE, f"{where} CustomTile")
            _check_fields(image, own, f"{where} CustomImage")
            assert image["ImageURL"].startswith("https://example.org/kit/images/")
    guids = [o["GUID"] for o in _walk(save["ObjectStates"])]
    assert len(guids) == len(set(guids))


def test_copies_and_cards_match_the_manifest(exported: Path) -> None:
    ruleset = find_ruleset("thrones")
    comps = kit_components(ruleset, ruleset.load(None, alone=True))
    save = _save(exported)
    cards = Counter(o["GMNotes"] for o in _walk(save["ObjectStates"]) if o["Name"] == "Card")
    tiles = Counter(o["GMNotes"] for o in _walk(save["ObjectStates"]) if o["Name"] == "Custom_Tile")
    boards = Counter(
        o["GMNotes"] for o in _walk(save["ObjectStates"]) if o["Name"] == "Custom_Board"
    )
    for comp in comps:
        found = {"card": cards, "token": tiles, "board": boards}[comp.kind]
        assert found.get(comp.id, 0) == comp.copies, comp.id
    for deck in (o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"):
        assert deck["DeckIDs"] == [c["CardID"] for c in deck["ContainedObjects"]]
        named = {o["Nickname"] for o in deck["ContainedObjects"]}
        assert "" not in named


def test_every_card_id_points_at_the_cell_that_shows_it(exported: Path) -> None:
    index = json.loads((exported / "export.json").read_text())
    cells: dict[int, list[str]] = {}
    sheets: dict[int, dict[str, Any]] = {}
    for deck in index["decks"]:
        for sheet in deck["sheets"]:
            cols, rows = sheet["grid"]
            assert cols <= SHEET_COLS and rows <= SHEET_ROWS
            assert len(sheet["cells"]) <= cols * rows
            cells[sheet["key"]] = sheet["cells"]
            sheets[sheet["key"]] = sheet
            with Image.open(exported / sheet["file"]) as image:
                assert max(image.size) <= MAX_PIXELS
                w, h = sheet["cell_px"]
                assert image.size == (w * cols, h * rows)
    ruleset = find_ruleset("thrones")
    comps = kit_components(ruleset, ruleset.load(None, alone=True))
    sides = {s.name: s for s in distinct_sides(comps)}
    save = _save(exported)
    checked = 0
    for card in (o for o in _walk(save["ObjectStates"]) if o["Name"] == "Card"):
        key, cell = divmod(card["CardID"], 100)
        assert str(key) in card["CustomDeck"]
        name = cells[key][cell]
        assert card["GMNotes"] in [c.id for c in sides[name].components]
        # the pixels: the cell cut from the sheet is that card drawn alone
        if checked < 3 and card["Nickname"] not in {"", None}:
            sheet = sheets[key]
            cols = sheet["grid"][0]
            w, h = sheet["cell_px"]
            with Image.open(exported / sheet["file"]) as image:
                cut = image.convert("RGB").crop(
                    (
                        (cell % cols) * w,
                        (cell // cols) * h,
                        (cell % cols + 1) * w,
                        (cell // cols + 1) * h,
                    )
                )
            side = sides[name]
            pdf = side_pdf([plain_page(side, 0.0)], DrawContext(icons=ruleset.icons), "t", "s")
            with raster.open_pdf(pdf) as doc:
                alone = doc.render(0, *((h, w) if side.w > side.h else (w, h)))
            if side.w > side.h:
                alone = alone.transpose(Image.Transpose.ROTATE_270)
            diff = ImageChops.difference(cut, alone).convert("L")
            assert ImageStat.Stat(diff).mean[0] < 1, name
            checked += 1
    assert checked == 3


def test_sideways_cards_and_tiles(exported: Path) -> None:
    save = _save(exported)
    plots = next(o for o in save["ObjectStates"] if o["Nickname"] == "plots")
    assert plots["SidewaysCard"] is True
    gold = next(o for o in save["ObjectStates"] if o["GMNotes"] == "gold")
    assert gold["Name"] == "Bag"
    tile = gold["ContainedObjects"][0]["CustomImage"]
    assert tile["CustomTile"]["Type"] == 2  # round
    assert tile["ImageSecondaryURL"].endswith(".back.png")


def test_local_urls_by_default(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            *("export", "thrones", "--format", "tts", "--dpi", "10", "--out", str(tmp_path)),
            *("--workers", "1"),
        ],
    )
    assert result.exit_code == 0, result.output
    save = _save(tmp_path / "thrones" / "tts")
    url = save["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"]
    assert url.startswith("file:///") and url.endswith(".sheet.png")
    assert Path(url.removeprefix("file://")).is_file()


def test_descriptions_name_the_icons_the_card_draws(exported: Path) -> None:
    # the PDF holds icons as pictures: read from it, "a [Power] challenge" was "a  challenge"
    cards = {o["Nickname"]: o for o in _walk(_save(exported)["ObjectStates"])}
    # the card text follows a challenge icon with its word: the icon is not said twice
    assert "After you win a power challenge" in cards["Eddard Stark"]["Description"]
    assert "After you win an intrigue challenge" in cards["Arya Stark"]["Description"]
    assert "[Power] power" not in cards["Eddard Stark"]["Description"]
    assert "Lord. Renown." in cards["Eddard Stark"]["Description"]


def test_every_image_says_the_resolution_it_has(exported: Path) -> None:
    index = json.loads((exported / "export.json").read_text())
    for deck in index["decks"]:
        for sheet in deck["sheets"]:
            with Image.open(exported / sheet["file"]) as image:
                dpi = image.info["dpi"][0]
            assert dpi <= 40 + 0.5  # at most what --dpi asked
            assert sheet["cell_px"][0] == pytest.approx(63 / 25.4 * dpi, abs=1.5) or (
                sheet["cell_px"][0] == pytest.approx(88 / 25.4 * dpi, abs=1.5)
            ), sheet["file"]


def test_a_big_kit_lies_on_the_table_and_its_boards_keep_their_proportions(
    tmp_path: Path,
) -> None:
    result = runner.invoke(
        app, ["export", "fief", "--format", "tts", "--dpi", "10", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    objects = json.loads((tmp_path / "fief" / "tts" / "pnp-fief.json").read_text())["ObjectStates"]
    tokens = [o for o in objects if o["Name"] in ("Bag", "Custom_Tile")]
    assert len(tokens) > 100
    assert max(abs(o["Transform"]["posX"]) for o in tokens) < 25
    assert max(abs(o["Transform"]["posZ"]) for o in tokens) < 60
    boards = {o["GMNotes"]: o["Transform"] for o in objects if o["Name"] == "Custom_Board"}
    assert max(abs(t["posX"]) for t in boards.values()) < 100
    fief = find_ruleset("fief")
    sizes = {c.id: max(c.trim_size()) for c in kit_components(fief, fief.load())}
    largest = max(sizes[b] for b in boards)
    for board, transform in boards.items():
        assert transform["scaleX"] == pytest.approx(sizes[board] / largest, abs=1e-3), board
    assert min(t["scaleX"] for t in boards.values()) < 0.6  # a House board beside the map


def test_one_base_url_for_several_rulesets_names_each(tmp_path: Path) -> None:
    args = ["export", "thrones", "ironthrone", "--format", "tts", "--dpi", "10"]
    refused = runner.invoke(
        app, [*args, "--base-url", "https://x.org/tts/", "--out", str(tmp_path / "a")]
    )
    assert refused.exit_code == 2
    assert "put {ruleset} in it" in refused.output
    assert not (tmp_path / "a").exists()
    ok = runner.invoke(
        app, [*args, "--base-url", "https://x.org/{ruleset}/tts/", "--out", str(tmp_path)]
    )
    assert ok.exit_code == 0, ok.output
    for name in ("thrones", "ironthrone"):
        save = json.loads((tmp_path / name / "tts" / f"pnp-{name}.json").read_text())
        decks = [o.get("CustomDeck", {}) for o in save["ObjectStates"]]
        urls = {d["FaceURL"] for deck in decks for d in deck.values()}
        assert urls and all(u.startswith(f"https://x.org/{name}/tts/images/") for u in urls)


def test_no_two_pieces_overlap_when_the_object_is_spawned(tmp_path: Path) -> None:
    """Thrones' 60 mm banners (2.36 units across) lay 2 units apart and the Iron Throne's
    leader-sheet decks (scale 1.4) 3 units apart: neighbours overlapped on the table."""
    result = runner.invoke(
        app,
        [
            "export",
            "thrones",
            "ironthrone",
            "--format",
            "tts",
            "--dpi",
            "10",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    for ruleset in ("thrones", "ironthrone"):
        saved = tmp_path / ruleset / "tts" / f"pnp-{ruleset}.json"
        objects = json.loads(saved.read_text())["ObjectStates"]
        tiles = [o for o in objects if o["Name"] == "Custom_Tile"]
        decks = [o for o in objects if o["Name"] in ("DeckCustom", "CardCustom", "Card")]
        assert tiles and decks, ruleset
        # half extents: a tile is its scale across (an inch a unit), a deck about 3 by
        # 4.2 units a scale (the game's poker card, with room)
        boxes = [
            (o["Transform"], o["Transform"]["scaleX"] / 2, o["Transform"]["scaleZ"] / 2)
            for o in tiles
        ]
        boxes += [
            (o["Transform"], 1.5 * o["Transform"]["scaleX"], 2.1 * o["Transform"]["scaleZ"])
            for o in decks
        ]
        for i, (a, ax, az) in enumerate(boxes):
            for b, bx, bz in boxes[i + 1 :]:
                overlap_x = abs(a["posX"] - b["posX"]) < ax + bx - 1e-6
                overlap_z = abs(a["posZ"] - b["posZ"]) < az + bz - 1e-6
                assert not (overlap_x and overlap_z), (ruleset, a, b)
