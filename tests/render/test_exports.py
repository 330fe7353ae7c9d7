"""``pnp export`` on the toy kit: PNG sizes and DPI against the manifest, the same pixels
as the kit's PDF page, print-on-demand templates, determinism, bad options."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat
from typer.testing import CliRunner

import pnp.rulesets
from pnp.cli import app
from pnp.render import raster
from pnp.render.exports.printers import PRINTERS, fit_card
from tests.fixtures.toy import TOY
from tests.render.pdfcheck import placements

runner = CliRunner()
TOY_CONTENT = str(Path("tests/fixtures/toy/content"))


def invoke(*args: str):
    return runner.invoke(app, list(args))


def files_under(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The toy kit built (PDFs and manifest) and exported as PNGs at 100 dpi."""
    out = tmp_path_factory.mktemp("export")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pnp.rulesets, "RULESETS", (TOY,))
        built = invoke("build", "toy", "--out", str(out), "--content", TOY_CONTENT, "--bleed", "0")
        assert built.exit_code == 0, built.output
        result = invoke(
            "export", "toy", "--format", "png", "--dpi", "100", "--out", str(out),
            "--content", TOY_CONTENT, "--workers", "1",
        )  # fmt: skip
    assert result.exit_code == 0, result.output
    return out / "toy"


def test_png_sizes_dpi_and_counts_match_the_manifest(exported: Path) -> None:
    manifest = json.loads((exported / "manifest.json").read_text())
    index = json.loads((exported / "png" / "export.json").read_text())
    images = {e["file"]: e for e in index["images"]}
    assert sorted(images) == sorted(p.name for p in (exported / "png").glob("*.png"))
    printed = [c for c in manifest["components"] if c["copies"] > 0]
    for comp in printed:
        fronts = [e for e in images.values() if comp["id"] in e["ids"] and e["side"] == "front"]
        assert len(fronts) == 1, comp["id"]
        backs = [e for e in images.values() if comp["id"] in e["ids"] and e["side"] == "back"]
        assert len(backs) == (1 if "back_pages" in comp else 0), comp["id"]
        w_mm, h_mm = comp["size_mm"]
        data = (exported / "png" / fronts[0]["file"]).read_bytes()
        with Image.open(io.BytesIO(data)) as image:
            assert image.size == (raster.pixels(w_mm, 100), raster.pixels(h_mm, 100))
            assert image.mode == "RGB"
            assert image.info.get("srgb") == 0
        assert [round(v) for v in raster.png_dpi(data)] == [100, 100]
    # copies are counted once per image: the manifest's copies, summed
    for entry in images.values():
        assert entry["copies"] == sum(c["copies"] for c in printed if c["id"] in entry["ids"])
    # a card and its back are named by id and side
    assert "knight.front.png" in images


def test_pixels_rounds_one_way() -> None:
    assert raster.pixels(63, 300) == 744  # 744.09
    assert raster.pixels(88, 300) == 1039  # 1039.37
    assert raster.pixels(25.4 / 300 * 2.5, 300) == 3  # halves go up
    assert raster.pixels(69.85, 300) == 825


def test_png_is_the_card_cut_from_the_kit_page(exported: Path) -> None:
    """The exported image and the same card cut out of the kit's PDF page, rasterised at
    the same DPI, differ only by antialiasing along edges."""
    pdf = (exported / "cards.pdf").read_bytes()
    page = placements(pdf)[0]
    knight = next(p for p in page if p.component == "knight" and p.side == "face")
    dpi = 100
    with raster.open_pdf(pdf) as doc:
        pw, ph = doc.page_size(0)
        sheet = doc.render(0, round(pw / 72 * dpi), round(ph / 72 * dpi))
    scale = dpi / 72
    box = knight.box  # bleed 0: the trim
    left, top = round(box.x * scale), round((ph - box.top) * scale)
    png = Image.open(exported / "png" / "knight.front.png").convert("RGB")
    cut = sheet.crop((left, top, left + png.width, top + png.height))
    diff = ImageChops.difference(png, cut).convert("L")
    assert ImageStat.Stat(diff).mean[0] < 6  # on average a few levels of 255
    # all but a thin share of pixels agree closely; the rest lie on edges
    close = sum(diff.histogram()[:48])
    assert close / (png.width * png.height) > 0.97


def test_export_is_byte_identical_and_parallel_gives_the_same_bytes(
    exported: Path, toy_registry: None, tmp_path: Path
) -> None:
    result = invoke(
        "export", "toy", "--format", "png", "--dpi", "100", "--out", str(tmp_path),
        "--content", TOY_CONTENT, "--workers", "2",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert files_under(tmp_path / "toy" / "png") == files_under(exported / "png")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dpi", "0"], "--dpi must be between 10 and 1200, not 0"),
        (["--format", "pod", "--preset", "kinkos"], "--preset: unknown printer 'kinkos'"),
        (["--format", "pod"], "--format pod needs --preset"),
        (["--format", "tts", "--base-url", "not a url"], "--base-url: 'not a url' is not a URL"),
        (["--base-url", "https://example.org/"], "use it with --format tts"),
        (["--preset", "thegamecrafter"], "use it with --format pod"),
        (["--bleed", "30"], "--bleed must be between 0 and 10 mm"),
        (["--workers", "0"], "--workers must be at least 1"),
        (
            ["--format", "pod", "--preset", "makeplayingcards", "--dpi", "600"],
            "--dpi does not apply to --format pod",
        ),
    ],
)
def test_bad_options_exit_2_and_write_nothing(
    args: list[str], message: str, toy_registry: None, tmp_path: Path
) -> None:
    result = invoke(
        "export", "toy", "--out", str(tmp_path / "out"), "--content", TOY_CONTENT, *args
    )
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_second_export_removes_what_it_no_longer_makes(
    toy_registry: None, tmp_path: Path
) -> None:
    args = ["export", "toy", "--out", str(tmp_path), "--content", TOY_CONTENT]
    assert invoke(*args, "--format", "pod", "--preset", "thegamecrafter").exit_code == 0
    folder = tmp_path / "toy" / "pod" / "thegamecrafter"
    stray = folder / "kept.txt"
    stray.write_text("mine")
    old = next(folder.rglob("*.png"))
    old.rename(old.with_name("zz-old.png"))
    index = json.loads((folder / "export.json").read_text())
    index["files"].append(old.with_name("zz-old.png").relative_to(folder).as_posix())
    (folder / "export.json").write_text(json.dumps(index))
    assert invoke(*args, "--format", "pod", "--preset", "thegamecrafter").exit_code == 0
    assert not old.with_name("zz-old.png").exists()  # listed by the last export: removed
    assert stray.exists()  # never listed: left alone


# -- print on demand ---------------------------------------------------------------


def test_printer_templates_have_the_published_pixel_sizes() -> None:
    sizes = {(p.name, t.name): t.pixels for p in PRINTERS.values() for t in p.templates}
    assert sizes[("thegamecrafter", "poker")] == (825, 1125)
    assert sizes[("drivethrucards", "poker")] == (825, 1125)
    assert sizes[("makeplayingcards", "poker")] == (822, 1122)
    assert sizes[("thegamecrafter", "mini")] == (600, 825)
    assert sizes[("thegamecrafter", "tarot")] == (900, 1500)


def test_a_card_goes_on_the_template_that_needs_least_scaling() -> None:
    tgc = PRINTERS["thegamecrafter"]
    poker = fit_card(tgc, 63, 88)
    assert poker.template.name == "poker" and not poker.turned
    assert poker.scale == pytest.approx(63.5 / 63)  # fits the width; 0.1 mm of fill above
    plot = fit_card(tgc, 88, 63)
    assert plot.template.name == "poker" and plot.turned
    assert fit_card(tgc, 44, 63).template.name == "mini"
    assert fit_card(tgc, 88, 126).template.name == "jumbo"
    words = poker.describe(63, 88)
    assert "poker template" in words and "100.8%" in words
    assert "come back" not in words and not poker.shrinks_text()


def test_fief_backs_and_decks_are_named_by_what_they_are() -> None:
    """fief's mini cards share one file but have five backs: they were 'cards',
    'cards-2' and 'cards-fortune-2' (a TTS player could not tell which deck is which)."""
    from pnp.render.components import Card
    from pnp.render.exports.decks import deck_groups
    from pnp.render.kit import kit_components
    from pnp.render.sides import distinct_sides
    from pnp.rulesets import find_ruleset

    fief = find_ruleset("fief")
    comps = kit_components(fief, fief.load())
    sides = distinct_sides(comps, include=lambda c: isinstance(c, Card))
    backs = {s.name for s in sides if s.side == "back"}
    for name in ("court", "fortune-bounty", "fortune-disaster", "winter-disaster", "wall-castle"):
        assert f"{name}.back" in backs, sorted(backs)
    decks = [name for name, _ in deck_groups(comps, sides)]
    assert "cards-court" in decks and "cards-wall-castle" in decks
    assert not [d for d in decks if d[-1].isdigit()], decks  # no 'cards-2'


def test_a_card_no_template_holds_is_a_problem_and_a_new_shape_is_said() -> None:
    """The Iron Throne's 88 × 126 mm leader sheets: DriveThruCards has no jumbo template,
    so they printed at 79% on the tarot one (5 pt text at 4 pt) with only a note; The
    Game Crafter's jumbo card holds them at 101% but 14 mm taller."""
    dtc = fit_card(PRINTERS["drivethrucards"], 88, 126)
    assert dtc.template.name == "tarot" and dtc.shrinks_text()
    jumbo = fit_card(PRINTERS["thegamecrafter"], 88, 126)
    assert jumbo.template.name == "jumbo" and not jumbo.shrinks_text()
    assert "the cards come back 88.9 × 139.7 mm, not 88 × 126 mm" in jumbo.describe(88, 126)


@pytest.mark.parametrize("printer", sorted(PRINTERS))
def test_pod_files_have_the_printers_size_and_naming(
    printer: str, toy_registry: None, tmp_path: Path
) -> None:
    result = invoke(
        "export", "toy", "--format", "pod", "--preset", printer, "--out", str(tmp_path),
        "--content", TOY_CONTENT, "--workers", "1",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    folder = tmp_path / "toy" / "pod" / printer
    index = json.loads((folder / "export.json").read_text())
    assert index["sources"] and all(s.startswith("https://") for s in index["sources"])
    manifest_cards = {
        c.id: c.copies
        for c in __import__("pnp.render.kit", fromlist=["kit_components"]).kit_components(
            TOY, TOY.load(Path(TOY_CONTENT))
        )
        if c.kind == "card" and c.copies
    }
    assert sum(d["cards"] for d in index["decks"]) == sum(manifest_cards.values())
    template = {t.name: t for t in PRINTERS[printer].templates}
    for deck in index["decks"]:
        want = template[deck["template"]].pixels
        assert tuple(deck["size_px"]) == want
        if PRINTERS[printer].layout == "pdf":
            from pypdf import PdfReader

            (file,) = deck["files"]
            assert file == f"{deck['deck']}.pdf"
            pdf = PdfReader(folder / file)
            # back then front for every printed card
            assert len(pdf.pages) == 2 * deck["cards"]
            page = pdf.pages[0]
            assert round(float(page.mediabox.width) / 72 * 300) == want[0]
            images = list(page.images)
            assert images[0].image.size == want
            assert images[0].image.mode == "CMYK"
        else:
            names = [f for f in deck["files"] if f.endswith(".png")]
            assert f"{deck['deck']}/back.png" in names
            fronts = [n for n in names if not n.endswith("/back.png")]
            assert len(fronts) == deck["faces"]
            for n in names:
                with Image.open(folder / n) as image:
                    assert image.size == want
                    assert round(image.info["dpi"][0]) == 300
                stem = n.split("/", 1)[1]
                assert stem == "back.png" or stem[:4].rstrip("-").isdigit()
            rows = (folder / deck["deck"] / "quantities.csv").read_text().splitlines()
            assert rows[0] == "file,name,quantity"
            assert sum(int(r.rsplit(",", 1)[1]) for r in rows[1:]) == deck["cards"]


def test_guides_draw_the_trim_and_safe_zone(toy_registry: None, tmp_path: Path) -> None:
    args = ["export", "toy", "--format", "pod", "--preset", "thegamecrafter", "--workers", "1"]
    args += ["--content", TOY_CONTENT]
    assert invoke(*args, "--out", str(tmp_path / "a")).exit_code == 0
    result = invoke(*args, "--out", str(tmp_path / "b"), "--guides")
    assert result.exit_code == 0, result.output
    assert "a proof to check" in result.output
    plain = next((tmp_path / "a").rglob("001-*.png"))
    proof = tmp_path / "b" / plain.relative_to(tmp_path / "a")
    with Image.open(plain) as a, Image.open(proof) as b:
        b_rgb = b.convert("RGB")
        assert b_rgb.getpixel((b.width // 2, 37 + 1)) == (220, 0, 0)  # the trim, 1/8 in down
        assert b_rgb.getpixel((b.width // 2, 75 + 1)) == (0, 90, 220)  # the safe zone
        assert a.convert("RGB").getpixel((b.width // 2, 38)) != (220, 0, 0)


def test_text_outside_the_safe_zone_is_reported_and_strict_fails(
    toy_registry: None, tmp_path: Path
) -> None:
    """The toy's cards keep a 3 mm margin; MakePlayingCards' safe zone is 0.12 in
    (3.05 mm) inside a slightly larger trim, so text near the edge is caught."""
    from pnp.render import Card, Face

    def edge_face(face: Face) -> None:
        face.fill("#fff")
        face.label("EDGE", 0.5 * 72 / 25.4, face.height / 2, size=8)

    def components(content):  # type: ignore[no-untyped-def]
        return [Card(id="edgy", face=edge_face, back=None)]

    import dataclasses

    ruleset = dataclasses.replace(TOY, components=components)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pnp.rulesets, "RULESETS", (ruleset,))
        args = ["export", "toy", "--format", "pod", "--preset", "makeplayingcards"]
        args += ["--content", TOY_CONTENT, "--workers", "1"]
        loose = invoke(*args, "--out", str(tmp_path / "a"))
        strict = invoke(*args, "--out", str(tmp_path / "b"), "--strict")
    assert loose.exit_code == 0, loose.output
    assert "card 'edgy' (face): text 'ED' crosses MakePlayingCards's safe zone" in loose.output
    assert strict.exit_code == 2
    assert not (tmp_path / "b").exists()


def test_a_shrunk_deck_names_its_own_smallest_text(toy_registry: None, tmp_path: Path) -> None:
    """An 88 x 126 mm card no DriveThruCards template holds: the problem names the size of
    the smallest text the deck really sets and what it prints at (it said "5 pt text"
    whatever the deck held, QA4 visual item 12)."""
    from pnp.render import Card, Face
    from pnp.render.units import mm

    def sheet_face(face: Face) -> None:
        face.fill("#fff")
        face.label("Big words", 30 * mm, 60 * mm, size=9)
        face.label("small print", 30 * mm, 40 * mm, size=6.5)

    def components(content):  # type: ignore[no-untyped-def]
        return [Card(id="sheet", face=sheet_face, back=None, size=(88, 126))]

    import dataclasses

    ruleset = dataclasses.replace(TOY, components=components)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pnp.rulesets, "RULESETS", (ruleset,))
        args = ["export", "toy", "--format", "pod", "--preset", "drivethrucards"]
        result = invoke(*args, "--content", TOY_CONTENT, "--workers", "1", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    scale = fit_card(PRINTERS["drivethrucards"], 88, 126).scale
    words = " ".join(result.output.split())
    assert f"its smallest text, 6.5 pt, at {6.5 * scale:.1f} pt" in words, words
    assert "5 pt text" not in words


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_during_an_export_writes_nothing(
    workers: str, toy_registry: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C while pages are rasterised (in this process or with workers running) stops
    the export with status 130; the earlier export is left as it was."""
    from pnp import interrupt
    from pnp.render.progress import Bar

    args = ["export", "toy", "--format", "png", "--dpi", "30", "--out", str(tmp_path)]
    args += ["--content", TOY_CONTENT, "--workers", workers]
    assert invoke(*args).exit_code == 0
    before = files_under(tmp_path)
    seen = []

    def advance(self: Bar, n: int = 1) -> None:
        seen.append(n)
        if len(seen) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(Bar, "advance", advance)
    try:
        result = invoke(*args, "--dpi", "40")
    finally:
        interrupt.reset()
    assert result.exit_code == 130, result.output
    assert "nothing was written" in result.output
    assert files_under(tmp_path) == before


@pytest.mark.parametrize("printer", sorted(PRINTERS))
def test_every_printer_says_when_it_adds_a_white_back(
    printer: str, toy_registry: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.fixtures.toy import kit as toy_kit

    monkeypatch.setattr(toy_kit, "card_back", None)  # the toy deck without its back
    result = invoke(
        "export", "toy", "--format", "pod", "--preset", printer, "--out", str(tmp_path),
        "--content", TOY_CONTENT, "--workers", "1",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    from pnp.render.kit import kit_components

    backless = [
        c
        for c in kit_components(TOY, TOY.load(Path(TOY_CONTENT)))
        if c.kind == "card" and c.copies and c.back_draw is None
    ]
    assert backless  # the toy kit has cards without a back
    assert "cards without a back get a plain white back" in result.output


def test_images_too_large_for_image_programs_are_named(
    toy_registry: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pnp.render.exports import images

    args = ["export", "toy", "--out", str(tmp_path), "--content", TOY_CONTENT, "--dpi", "30"]
    assert "million pixels" not in invoke(*args).output
    biggest = max(
        e["size_px"][0] * e["size_px"][1]
        for e in json.loads((tmp_path / "toy" / "png" / "export.json").read_text())["images"]
    )
    monkeypatch.setattr(images, "HUGE_PIXELS", biggest - 1)  # as a board at 1,200 dpi is
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    assert "1 image over 0 million pixels (" in result.output
    assert "which many image programs refuse to open as too large" in result.output


@pytest.mark.parametrize("preset", ["thegamecrafter", "drivethrucards"])
def test_the_fief_cards_keep_inside_a_printer_s_safe_zone(tmp_path: Path, preset: str) -> None:
    """The fief mini cards' flavour line hung its descenders 0.1 mm into the 1/8 in safe
    zone of these printers (14 cards; visual QA), so a --strict export failed."""
    args = ["export", "fief", "--format", "pod", "--preset", preset, "--strict"]
    result = invoke(*args, "--workers", "1", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "safe zone" not in result.output
