"""``--games auto``: growing batches until every House, seat and card is decided; the
same stopping point whatever ``--workers``; a much stronger House found and named."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.playtest.command import PlaytestRequest, build_plan, run_command
from pnp.playtest.progress import PlaytestProgress, undecided_text
from pnp.playtest.schedule import DEFAULT_MAX_GAMES, FIRST_BATCH, next_total, parse_games
from pnp.playtest.verdict import Judgement
from pnp.rulesets import all_rulesets, find_ruleset
from tests.fixtures.haggle import CONTENT_ROOT


@pytest.fixture
def haggle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, haggle_registry: None) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(**kw):
    base = {"ruleset": "haggle", "content": CONTENT_ROOT, "players": 3, "workers": 1, "seed": 3}
    lines: list[str] = []
    report = run_command(PlaytestRequest(**{**base, **kw}), lines.append)
    return report, lines


def test_auto_is_the_default_and_plays_until_everything_is_decided(haggle: Path) -> None:
    report, lines = run()
    data = report.to_json()
    assert data["game_count"]["asked"] == "auto"
    assert data["game_count"]["max_games"] == DEFAULT_MAX_GAMES
    looks = data["game_count"]["looks"]
    assert looks[0] == FIRST_BATCH and looks[-1] == data["games"] < DEFAULT_MAX_GAMES
    assert looks == sorted(set(looks))
    # every look but the last left something undecided; the last nothing
    assert data["verdict"] == "pass" and data["undecided"] == []
    assert {h["judgement"] for h in data["houses"].values()} == {"inside"}
    looked = ", ".join(f"{n:,}" for n in looks)
    assert f"(--games auto: looked at {looked}), content " in lines[0]
    shorter, _ = run(games=looks[-2])  # the same seed, stopped one look earlier
    assert shorter.status == "inconclusive"


def test_the_same_seed_stops_at_the_same_game_with_one_or_two_workers(haggle: Path) -> None:
    one, _ = run(seed=11, workers=1)
    two, _ = run(seed=11, workers=2)
    assert one.looks == two.looks and len(one.looks) > 1
    assert json.dumps(one.full_json()) == json.dumps(two.full_json())


def test_a_much_stronger_house_fails_auto_and_is_named(haggle: Path) -> None:
    content = haggle / "doctored"
    shutil.copytree(CONTENT_ROOT, content)
    game = content / "haggle" / "game.yaml"
    # Lannister starts with 3 gold; give it enough to buy every card it is dealt
    game.write_text(game.read_text().replace("start_gold: 3", "start_gold: 40"))
    report, lines = run(content=content)
    assert report.status == "fail" and report.exit_code == 1
    assert [r.split(" wins ")[0] for r in report.reasons] == ["lannister"]
    assert (
        report.reasons[0].startswith("lannister wins ")
        and "above the fair band" in (report.reasons[0])
    )
    # a failure ends the run at once: no batch after the one that found it
    assert report.looks[-1] < DEFAULT_MAX_GAMES
    earlier, _ = run(content=content, games=report.looks[-2])
    assert earlier.reasons == [] and earlier.status == "inconclusive"
    assert "verdict: FAIL (exit 1)" in lines
    assert next(line for line in lines if line.startswith("  house lannister")).endswith("OUTSIDE")


def test_the_max_games_limit_leaves_a_run_inconclusive(haggle: Path) -> None:
    report, lines = run(max_games=150)
    assert report.stats.games == 150 and report.looks == [150]
    assert report.status == "inconclusive" and report.exit_code == 3
    assert any(
        line.startswith("verdict: INCONCLUSIVE (")
        and line.endswith("undecided, after the --max-games limit of 150; exit 3)")
        for line in lines
    )
    assert all(j.more_games is not None for j in report.undecided)


def test_batches_grow_toward_what_the_undecided_need_within_bounds() -> None:
    assert next_total(200, None, 20_000) == 400  # no estimate: double
    assert next_total(200, 10, 20_000) == 300  # at least a quarter more, rounded up to 100
    assert next_total(200, 150, 20_000) == 400  # what they need
    assert next_total(200, 5_000, 20_000) == 400  # at most twice as many
    assert next_total(1600, 700, 20_000) == 2300
    assert next_total(12_000, 9_000, 20_000) == 20_000  # never past --max-games
    assert next_total(150, None, 160) == 160


def test_games_is_a_number_or_auto_and_max_games_goes_with_auto(haggle: Path) -> None:
    assert parse_games("auto") is None and parse_games("AUTO") is None
    assert parse_games("25") == 25 and parse_games(25) == 25
    base = ["playtest", "haggle", "--content", str(CONTENT_ROOT), "--workers", "1"]
    cases = [
        (["--games", "many"], "bad --games value 'many' (expected a whole number or auto)"),
        (["--games", "0"], "--games must be at least 1"),
        (["--games", "10", "--max-games", "50"], "--max-games goes with --games auto, not"),
        (["--max-games", "0"], "--max-games must be at least 1"),
    ]
    for args, message in cases:
        result = CliRunner().invoke(app, [*base, *args])
        assert result.exit_code == 2, result.output
        assert message in result.stderr and "Traceback" not in result.output


def test_the_progress_bar_says_what_is_still_undecided() -> None:
    left = [
        Judgement("house", "stark", "undecided", "", 100),
        Judgement("seat", "seat 1 (heuristic)", "undecided", "", 50),
        *(Judgement("card", f"c{i}", "undecided", "", 300) for i in range(3)),
    ]
    assert undecided_text(left) == "undecided: stark, seat 1, 3 cards"
    many = [Judgement("house", f"h{i}", "undecided") for i in range(6)]
    assert undecided_text(many) == "undecided: h0, h1, h2, h3, 2 more"
    assert undecided_text([]) == ""
    bar = PlaytestProgress(200, "haggle playtest", enabled=False)
    with bar:
        bar.start()
        bar.extend(400, left)
        bar.start()
    assert bar.games == 400
    assert bar.description == "haggle playtest undecided: stark, seat 1, 3 cards"


def test_each_ruleset_plays_its_own_default_player_count() -> None:
    expected = {"thrones": 2, "ironthrone": 4, "fief": 4}
    for ruleset in all_rulesets():
        assert ruleset.players_default == expected[ruleset.name]
        plan, _ = build_plan(PlaytestRequest(ruleset=ruleset.name, games=1))
        assert plan.players == expected[ruleset.name]
    result = CliRunner().invoke(app, ["rulesets"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("thrones     2–4 players (default 2)  The Thrones card game")
    assert lines[2].startswith("fief        3–6 players (default 4)  A Song of Ice and Fief")


# (fief's games are the slowest by far: its 60 games would take the suite ~20 s)
@pytest.mark.parametrize("ruleset", ["thrones", "ironthrone"])
def test_a_short_run_of_the_shipped_content_is_inconclusive_not_pass(ruleset: str) -> None:
    lines: list[str] = []
    report = run_command(PlaytestRequest(ruleset=ruleset, games=60, workers=1), lines.append)
    assert report.reasons == []  # nothing failed ...
    assert report.status == "inconclusive" and report.exit_code == 3  # ... nor was decided
    assert {j.what for j in report.undecided} >= {"house", "seat"}
    assert f"verdict: INCONCLUSIVE ({len(report.undecided)} undecided; exit 3)" in lines


def test_a_much_stronger_house_of_the_shipped_content_fails_auto_and_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # crash records, were there any, go here
    shipped = find_ruleset("thrones").content_dir()
    content = tmp_path / "content" / "thrones"
    shutil.copytree(shipped, content)
    cards = content / "cards" / "lannister.yaml"
    # every Lannister character as strong as the strongest character of the game
    doctored, count = re.subn(r"(?m)^(\s+)strength: \d+$", r"\1strength: 9", cards.read_text())
    assert count > 10
    cards.write_text(doctored)
    lines: list[str] = []
    request = PlaytestRequest(ruleset="thrones", content=content.parent, workers=1)
    report = run_command(request, lines.append)  # --games auto, at thrones' 2 players
    assert report.status == "fail" and report.exit_code == 1
    assert [r.split(" wins ")[0] for r in report.reasons] == ["lannister"]
    assert "above the fair band" in report.reasons[0]
    assert report.looks == [FIRST_BATCH]  # found at the first look; no batch after it
    assert "verdict: FAIL (exit 1)" in lines
