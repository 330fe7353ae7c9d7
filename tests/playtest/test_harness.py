"""The playtest harness on the haggle fixture: determinism, failures kept, verdicts, outputs."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp import __version__
from pnp.cli import app
from pnp.engine.record import read_records
from pnp.engine.replay import replay
from pnp.errors import PnpError
from pnp.playtest import JSON_KEYS, LocalExecutor, PlaytestPlan, game_seed, run_playtest
from pnp.playtest.command import PlaytestRequest, run_command
from pnp.playtest.pdf import _path_rows
from pnp.playtest.progress import PlaytestProgress
from tests.fixtures.haggle import CONTENT_ROOT, HAGGLE


def request(tmp_path: Path, **kw) -> PlaytestRequest:
    base = {
        "ruleset": "haggle",
        "games": 60,
        "seed": 5,
        "players": 3,
        "content": CONTENT_ROOT,
        "workers": 1,
    }
    base.update(kw)
    return PlaytestRequest(**base)


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, haggle_registry: None) -> None:
    monkeypatch.chdir(tmp_path)


def play(tmp_path: Path, **kw):
    lines: list[str] = []
    report = run_command(request(tmp_path, **kw), lines.append)
    return report, lines


def test_json_describes_its_run_with_exactly_the_documented_keys(tmp_path: Path) -> None:
    report, lines = play(tmp_path, json=True, options=["endless=false"])
    data = json.loads("\n".join(lines))
    assert tuple(data) == JSON_KEYS
    # what played, and how
    assert data["pnp_version"] == __version__ and data["ruleset"] == "haggle"
    assert data["content_hash"] == HAGGLE.load(CONTENT_ROOT).content_hash
    assert (data["seed"], data["players"], data["agents"]) == (5, 3, ["heuristic"] * 3)
    assert data["seat_houses"] is None and data["options"] == {"endless": False}
    assert data["game_count"] == {"asked": 60, "max_games": None, "looks": [60]}
    assert data["fair_band"] == {
        "low": 0.233333,
        "high": 0.433333,
        "fair_rate": 0.333333,
        "margin": 0.1,
    }
    assert data["rule"].startswith("A House or seat is inside when its 95% Wilson interval")
    assert "at most 10.0 points wide" in data["rule"] and "before 500 games" in data["rule"]
    assert data["ways_to_win"] and all(
        set(way) == {"path", "wins"} for ways in data["ways_to_win"].values() for way in ways
    )
    # what happened
    assert data["games"] == 60 and data["crashes"] == [] and data["invariant_violations"] == []
    assert data["cap_hits"] == 0 and data["reasons"] == []
    for stats in [*data["houses"].values(), *data["seats"]]:
        assert set(stats) - {"seat", "agent"} == {
            "games",
            "wins",
            "rate",
            "ci_low",
            "ci_high",
            "judgement",
            "more_games",
            "outside_band",
        }
        assert 0 <= stats["ci_low"] <= stats["rate"] <= stats["ci_high"] <= 1
        assert stats["judgement"] in ("inside", "undecided")
        assert (stats["more_games"] is None) == (stats["judgement"] == "inside")
    assert [s["seat"] for s in data["seats"]] == [0, 1, 2]
    assert set(data["cards"]) == {c.id for c in HAGGLE.load(CONTENT_ROOT).model.cards}
    assert all(c["judgement"] in ("inside", "undecided") for c in data["cards"].values())
    assert 0 <= data["first_player_rate"] <= 1
    assert set(data["length"]["rounds"]) == {"mean", "median", "p10", "p90", "min", "max"}
    assert sum(data["endings"].values()) == 60
    # 60 games leave the cards (500 games to call one dead) and some rates undecided
    assert data["verdict"] == "inconclusive" and report.exit_code == 3
    assert data["undecided"] and all(
        set(u) == {"what", "name", "why", "more_games"} for u in data["undecided"]
    )


@pytest.mark.parametrize("options", [[], ["crash_on=gold-crown"]], ids=["clean", "crashes"])
def test_workers_one_and_two_give_identical_results(tmp_path: Path, options) -> None:
    one, _ = play(tmp_path, games=80, agents="heuristic,random,random", options=options)
    two, _ = play(tmp_path, games=80, agents="heuristic,random,random", options=options, workers=2)
    assert json.dumps(one.full_json()) == json.dumps(two.full_json())
    assert bool(one.stats.crashes) == bool(options)
    other, _ = play(tmp_path, games=80, agents="heuristic,random,random", seed=6)
    assert other.to_json() != one.to_json()


def test_game_seeds_depend_on_run_seed_and_index_only() -> None:
    assert game_seed(5, 3) == game_seed(5, 3)
    assert len({game_seed(5, i) for i in range(100)} | {game_seed(6, i) for i in range(100)}) == 200


@pytest.mark.parametrize("workers", [1, 2])
def test_planted_crash_is_caught_kept_and_reproducible(tmp_path: Path, workers: int) -> None:
    report, lines = play(tmp_path, options=["crash_on=dragon-egg"], workers=workers)
    data = report.to_json()
    crashes = data["crashes"]
    assert crashes, "some game plays the dragon egg"
    assert data["games"] == 60 and sum(data["endings"].values()) == 60 - len(crashes)
    assert data["verdict"] == "fail" and report.exit_code == 1
    assert data["reasons"][0].startswith(
        f"{len(crashes)} game(s) crashed (first: game {crashes[0]['game']}"
    )
    first = crashes[0]
    assert first["type"] == "RuntimeError" and first["phase"] == "apply"
    assert first["seed"] == game_seed(5, first["game"])
    path = Path(first["record"])
    assert path.parent == Path("output/haggle/playtest/seed-5")
    assert sorted(p.name for p in path.parent.iterdir()) == sorted(
        f"game-{c['game']:06d}.json" for c in crashes
    )
    (record,) = read_records(path)
    assert record.status == "crash" and record.origin == {"playtest_seed": 5, "game": first["game"]}
    outcome = replay(record, HAGGLE, HAGGLE.load(CONTENT_ROOT))
    assert outcome.ok and outcome.run.failure.message == first["message"]
    text = "\n".join(lines)
    assert f"replay: pnp replay {path}" in text and "verdict: FAIL" in text
    # a later run of the same seed without the bug leaves no stale crash record behind
    play(tmp_path, workers=workers)
    assert list(path.parent.iterdir()) == []


def test_planted_violation_is_caught_and_reproducible(tmp_path: Path) -> None:
    report, _ = play(tmp_path, options=["leak_on=spice-jar"], games=30)
    found = report.to_json()["invariant_violations"]
    assert found and all("gold" in " ".join(v["violations"]) for v in found)
    (record,) = read_records(Path(found[0]["record"]))
    assert replay(record, HAGGLE, HAGGLE.load(CONTENT_ROOT)).ok
    assert "broke an invariant" in report.reasons[0]


def test_caps_are_reported_and_judged(tmp_path: Path) -> None:
    report, _ = play(tmp_path, options=["endless=true"], games=10, max_rounds=4)
    data = report.to_json()
    assert data["cap_hits"] == 10 and data["endings"] == {"round_cap": 10}
    assert any("hit a cap (100.0%" in r for r in data["reasons"])
    assert data["length"]["rounds"]["mean"] == 0  # no game finished normally
    # the summary says so, rather than "rounds mean 0.0, median 0"
    text = "\n".join(report.text())
    assert "length: no game finished (each ended at a cap, in a crash or a violation)" in text
    assert "rounds mean 0.0" not in text
    report, _ = play(tmp_path, options=["endless=true"], games=10, max_steps=30, max_cap_rate=1.0)
    assert report.to_json()["endings"] == {"step_cap": 10}
    assert not any("cap" in r for r in report.reasons)


def test_never_played_cards_are_undecided_in_short_runs_and_dead_in_long_ones(
    tmp_path: Path, monkeypatch
) -> None:
    ghost = dataclasses.replace(
        HAGGLE, card_ids=lambda content: [*(c.id for c in content.model.cards), "ghost"]
    )
    monkeypatch.setattr("pnp.rulesets.RULESETS", (ghost,))
    report, _ = play(tmp_path, games=40)
    data = report.to_json()
    assert data["cards_never_played"] == ["ghost"]
    # fewer games than the 500 needed to call a card dead: undecided, not failed
    assert not report.reasons and data["cards"]["ghost"]["judgement"] == "undecided"
    assert data["cards"]["ghost"]["more_games"] == 460
    report, _ = play(tmp_path, games=40, card_games=40)
    assert report.reasons == ["1 card(s) never played in 40 games: ghost"]
    assert report.to_json()["cards"]["ghost"]["judgement"] == "outside"


def test_cards_only_unseated_houses_deal_are_left_out_when_every_house_is_given(
    tmp_path: Path, monkeypatch
) -> None:
    # "ghost" is dealt only by a Martell seat (a House card), "wraith" by Martell or Tyrell
    dealt = {"ghost": ["martell"], "wraith": ["martell", "tyrell"]}
    ghosts = dataclasses.replace(
        HAGGLE,
        card_ids=lambda content: [*(c.id for c in content.model.cards), "ghost", "wraith"],
        card_houses=lambda content: dealt,
    )
    monkeypatch.setattr("pnp.rulesets.RULESETS", (ghosts,))
    report, lines = play(tmp_path, games=40, card_games=40, players=2, houses="stark,tyrell")
    data = report.to_json()
    # no seat plays Martell: ghost is not counted (nor dead); Tyrell deals wraith: it is dead
    assert data["cards_left_out"] == ["ghost"]
    assert "ghost" not in data["cards"] and data["cards"]["wraith"]["judgement"] == "outside"
    assert report.reasons == ["1 card(s) never played in 40 games: wraith"]
    assert any("counted (1 more not: no seat's House deals them)" in line for line in lines)
    # a seat left to the seed may play Martell: every card is counted
    report, _ = play(tmp_path, games=40, card_games=40, players=2, houses="stark,random")
    assert report.to_json()["cards_left_out"] == []
    assert report.reasons == ["2 card(s) never played in 40 games: ghost, wraith"]
    # a mirror match of a House that deals neither leaves both out, and the run passes
    report, _ = play(tmp_path, games=40, card_games=40, players=2, houses="stark,stark")
    assert report.to_json()["cards_left_out"] == ["ghost", "wraith"]
    assert not report.reasons


def test_records_dir_keeps_every_game_and_each_replays(tmp_path: Path) -> None:
    play(tmp_path, games=12, records=tmp_path / "records", agents="heuristic")
    files = sorted((tmp_path / "records").glob("*.json"))
    assert [f.name for f in files] == [f"game-{i:06d}.json" for i in range(12)]
    content = HAGGLE.load(CONTENT_ROOT)
    for file in files:
        (record,) = read_records(file)
        assert record.final_state_hash and record.agents == ["heuristic"] * 3
        assert replay(record, HAGGLE, content).ok
    assert not Path("output").exists()  # nothing failed, so nothing else was written


def test_a_records_folder_holds_one_run_and_the_users_own_files(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    _, first = play(tmp_path, games=12, records=folder)
    assert "records: 12 kept in records/" in first  # a fresh folder: what it wrote
    mine = ["notes.txt", "game-1.json", "game-000001.json.bak", "best-game-000002.json"]
    for name in mine:
        (folder / name).write_text("the user's own\n")
    (folder / "game-000099.json").mkdir()  # not a record pnp wrote: a folder stays
    report, lines = play(tmp_path, games=4, seed=6, records=folder)
    assert report.replaced == 12
    assert "records: replaced the 12 record(s) of an earlier run in records/" in lines
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted([*(f"game-{i:06d}.json" for i in range(4)), *mine, "game-000099.json"])
    seeds = [read_records(folder / f"game-{i:06d}.json")[0].seed for i in range(4)]
    assert seeds == [game_seed(6, i) for i in range(4)]  # every record is this run's
    # --json keeps standard output one JSON object and says it on standard error
    out: list[tuple[str, bool]] = []
    run_command(
        request(tmp_path, games=2, records=folder, json=True),
        lambda line, err=False: out.append((line, err)),
    )
    assert json.loads(out[0][0])["games"] == 2
    assert out[1:] == [("records: replaced the 4 record(s) of an earlier run in records/", True)]


def test_a_run_that_keeps_no_record_says_it_removed_the_earlier_ones(tmp_path: Path) -> None:
    """A run with crashes keeps their records; a clean rerun keeps none and empties the
    folder, which it must not call 'replaced'."""
    play(tmp_path, games=10, options=["crash_on=gold-crown"])
    folder = tmp_path / "output" / "haggle" / "playtest" / "seed-5"
    crashed = len(list(folder.glob("game-*.json")))
    assert crashed > 0
    report, lines = play(tmp_path, games=10)
    assert report.replaced == crashed and not list(folder.glob("game-*.json"))
    assert (
        f"records: removed the {crashed} record(s) of an earlier run in "
        "output/haggle/playtest/seed-5/ (this run kept none: the folder holds one run)"
    ) in lines


@pytest.mark.parametrize(
    "bad",
    [{"options": ["colour=red"]}, {"houses": "stark,lanister,tyrell"}, {"games": 0}],
)
def test_a_run_that_fails_to_start_deletes_no_record(tmp_path: Path, bad: dict) -> None:
    folder = tmp_path / "records"
    play(tmp_path, games=3, records=folder)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    with pytest.raises(PnpError):
        play(tmp_path, records=folder, **bad)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_houses_name_the_first_seats_and_leave_the_rest_to_the_seed(tmp_path: Path) -> None:
    # as a sweep's pairings and pnp play do; before, pnp playtest refused "--houses stark"
    short, _ = play(tmp_path, games=20, players=3, houses="stark")
    full, _ = play(tmp_path, games=20, players=3, houses="stark,random,random")
    assert short.full_json()["setup"]["houses"] == ["stark", None, None]
    assert short.to_json() == full.to_json()


def test_houses_agents_and_options_reach_the_games(tmp_path: Path) -> None:
    report, _ = play(
        tmp_path, games=20, players=2, houses="lannister,random", agents="heuristic,random"
    )
    data = report.full_json()
    assert data["houses"]["lannister"]["games"] == 20
    assert [s["agent"] for s in data["seats"]] == ["heuristic", "random"]
    assert data["agents"] == ["heuristic", "random"]  # the agent per seat, as in --json
    assert set(data["agent_rates"]) == {"heuristic", "random"}
    assert data["agent_rates"]["random"]["games"] == 20
    assert data["setup"]["houses"] == ["lannister", None]


def test_pdf_report_and_stats_file(tmp_path: Path) -> None:
    pdf, stats = tmp_path / "out" / "report.pdf", tmp_path / "stats.json"
    report, lines = play(
        tmp_path, games=40, report=pdf, stats=stats, options=["crash_on=dragon-egg"]
    )
    reader = PdfReader(pdf)
    text = "".join(page.extract_text() for page in reader.pages)
    for needle in (
        "Playtest report",
        "Verdict: FAIL",
        "Win rate per House",
        "Game length",
        "Cards",
        "crashed",
    ):
        assert needle in text
    first = pdf.read_bytes()
    play(tmp_path, games=40, report=pdf, options=["crash_on=dragon-egg"])
    assert pdf.read_bytes() == first  # byte-identical for the same run
    full = json.loads(stats.read_text())
    assert set(full) >= {*report.to_json(), "cards", "agent_rates", "setup", "thresholds"}
    # --stats is --json plus more: every key --json has keeps its shape there
    short = report.to_json()
    assert full["agents"] == short["agents"] == ["heuristic"] * 3
    for key, value in short.items():
        assert type(full[key]) is type(value), key
    assert full["cards"]["copper-ring"]["drawn"] > 0
    assert lines[-1] == f"report: {pdf}"


def test_progress_bar_runs(tmp_path: Path) -> None:
    report, _ = play(tmp_path, games=5, progress=True)
    assert report.stats.games == 5
    bar = PlaytestProgress(3, "x", enabled=False)
    with bar:
        bar.start()
    assert bar.failures == 0


def test_library_use_without_the_cli() -> None:
    content = HAGGLE.load(CONTENT_ROOT)
    plan = PlaytestPlan(HAGGLE, games=10, seed=1, players=4, agents=("random",) * 4)
    report = run_playtest(plan, content, executor=LocalExecutor(1))
    assert report.stats.games == 10 and len(report.stats.seats) == 4


# -- the command line ------------------------------------------------------------------


def invoke(*args: str):
    return CliRunner().invoke(app, ["playtest", "haggle", "--content", str(CONTENT_ROOT), *args])


def test_cli_pass_fail_and_inconclusive_exit_codes() -> None:
    result = invoke("--workers", "1", "--json")  # --games auto: until decided
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["verdict"] == "pass"
    result = invoke("--games", "30", "--workers", "1", "-o", "crash_on=gold-crown")
    assert result.exit_code == 1
    assert "verdict: FAIL" in result.stdout and "crashed" in result.stdout
    result = invoke("--games", "30", "--workers", "1")
    assert result.exit_code == 3, result.output
    assert "verdict: INCONCLUSIVE (" in result.stdout and "  ? " in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "7"], "haggle is played by 2–4 players, not 7"),
        (["--agents", "heurstic"], "unknown agent 'heurstic'"),
        (
            ["--agents", "random,random"],
            "names 2 agents for 3 players; give one name, which every seat plays, or 3 names",
        ),
        (["--houses", "stark,lanister,tyrell"], "unknown house 'lanister'"),
        (["--houses", "stark,tyrell,martell,lannister"], "names 4 Houses for 3 players; one per"),
        # sweep's pairings, read as a House named 'all-pairs' with no deck
        (["--houses", "all-pairs"], "several pairings and all-pairs are pnp sweep's"),
        (["--houses", "stark,lannister;tyrell,martell"], "all-pairs are pnp sweep's"),
        (["-o", "colour=red"], "unknown option 'colour'"),
        (["-o", "colour"], "expected KEY=VALUE"),
        (
            ["-o", "crash_on=gold-crown", "-o", "crash_on =silver"],
            "--option 'crash_on' is given twice ('crash_on=gold-crown', 'crash_on =silver')",
        ),
        (["--games", "0"], "--games must be at least 1"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--report", "out.txt"], "the report is a PDF"),
        # the file written last replaced the other: the report was lost under the stats
        (["--stats", "same.pdf", "--report", "same.pdf"], "--report and --stats both name"),
        (["--stats", "x.csv", "--cards", "./x.csv"], "--stats and --cards both name x.csv"),
        (["--fair-margin", "2"], "--fair-margin must be between 0 and 1"),
        (["--house-games", "-1"], "--house-games must be 0 or more"),
        (["--seat-games", "-1"], "--seat-games must be 0 or more"),
        (["--card-games", "-5"], "--card-games must be 0 or more"),
    ],
)
def test_cli_bad_input_exits_two(args: list[str], message: str) -> None:
    result = invoke("--players", "3", *args) if "--players" not in args else invoke(*args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_cli_says_which_houses_and_seats_played_too_few_games_to_judge() -> None:
    three = ("--workers", "1", "--players", "3", "--houses", "stark,lannister,tyrell")
    result = invoke("--games", "6", *three)
    assert result.exit_code == 3, result.output
    for name in ("lannister", "stark", "tyrell", "seat 0 (heuristic)"):
        assert f"  ? {name} has played 6 games, fewer than the 30 it needs to be judged" in (
            result.stdout
        )
    result = invoke("--games", "6", *three, "--house-games", "6")
    assert "  ? lannister has played" not in result.stdout
    assert "  ? seat 0 (heuristic) has played 6 games" in result.stdout
    result = invoke("--games", "6", *three, "--house-games", "6", "--seat-games", "6")
    assert "fewer than the" not in result.stdout
    result = invoke("--games", "3", *three, "--stats", "stats.json", "--seat-games", "2")
    thresholds = json.loads(Path("stats.json").read_text())["thresholds"]
    assert (thresholds["house_games"], thresholds["seat_games"]) == (30, 2)


def test_cli_random_agents_hunt_crashes_without_judging_balance(monkeypatch) -> None:
    ghost = dataclasses.replace(
        HAGGLE, card_ids=lambda content: [*(c.id for c in content.model.cards), "ghost"]
    )
    monkeypatch.setattr("pnp.rulesets.RULESETS", (ghost,))
    args = ("--games", "40", "--workers", "1", "--players", "3", "--card-games", "1")
    result = invoke(*args, "--agents", "heuristic,random,heuristic", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    why = "seat 1 plays random agents, whose play says nothing about balance"
    assert data["not_judged"]["houses"] == why and data["not_judged"]["seats"] == why
    assert "cards" in data["not_judged"] and data["cards_never_played"] == ["ghost"]
    assert data["verdict"] == "pass"
    # the ruleset's own bots are judged: the ghost card fails the run
    result = invoke(*args)
    assert result.exit_code == 1 and "1 card(s) never played in 40 games: ghost" in result.stdout
    # and with random seats nothing is left undecided: a random run is never inconclusive
    result = invoke("--games", "40", "--workers", "1", "--players", "3", "--agents", "random")
    assert result.exit_code == 0 and "verdict: PASS" in result.stdout
    # a crash still fails a random run, which says what it left unjudged
    result = invoke(*args, "--agents", "random", "-o", "crash_on=gold-crown")
    assert result.exit_code == 1 and "crashed" in result.stdout
    assert "  never played (2; not judged): gold-crown, ghost" in result.stdout
    assert (
        "balance and cards not judged: every seat plays random agents, "
        "whose play says nothing about balance or cards\nverdict: FAIL"
    ) in result.stdout


def test_cli_agents_and_houses_ignore_case_like_ruleset_names() -> None:
    args = ["--games", "4", "--workers", "1", "--players", "2", "--json"]
    result = invoke(*args, "--agents", "Random,HEURISTIC", "--houses", "Lannister,RANDOM")
    assert result.exit_code in (0, 1), result.output  # played: the verdict is not the point
    data = json.loads(result.stdout)
    assert data["houses"]["lannister"]["games"] == 4
    result = invoke(*args, "--agents", "Greedy")
    assert result.exit_code == 2
    assert "unknown agent 'Greedy' for haggle (agents: random, ismcts, heuristic)" in result.stderr


def test_cli_unknown_ruleset_and_bad_content(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["playtest", "hagle"])
    assert result.exit_code == 2 and "did you mean 'haggle'" in result.stderr
    bad = tmp_path / "haggle"
    bad.mkdir()
    (bad / "cards.yaml").write_text("cards: [{id: x}]\n")
    result = CliRunner().invoke(app, ["playtest", "haggle", "--content", str(tmp_path)])
    assert result.exit_code == 2 and "cards.yaml:1:" in result.stderr


def test_pdf_with_many_cards_and_odd_names(tmp_path: Path, monkeypatch) -> None:
    extra = [f"ghost-{i:03d}" for i in range(100)] + ["<odd & card>"]
    many = dataclasses.replace(
        HAGGLE, card_ids=lambda content: [*(c.id for c in content.model.cards), *extra]
    )
    monkeypatch.setattr("pnp.rulesets.RULESETS", (many,))
    pdf = tmp_path / "many.pdf"
    report, _ = play(tmp_path, games=10, report=pdf)
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "(1–45 of 107)" in text and "(91–107 of 107)" in text
    assert "<odd & card>" in text
    assert len(report.stats.never_played) == 101


def test_ways_to_win_reach_the_summary_the_stats_file_and_the_pdf(tmp_path: Path) -> None:
    pdf, stats = tmp_path / "report.pdf", tmp_path / "stats.json"
    report, lines = play(tmp_path, games=40, report=pdf, stats=stats)
    start = lines.index("ways to win (per House, commonest first, share of its wins):")
    shown = lines[start + 1 : start + 1 + len(report.stats.houses)]
    assert [line.split()[0] for line in shown] == list(report.stats.paths)
    assert all(" points " in line and "%" in line for line in shown)
    full = json.loads(stats.read_text())["ways_to_win"]
    wins = {house: sum(w["wins"] for w in ways) for house, ways in full.items()}
    # haggle says how every winner won: the ways add up to the House's wins
    assert wins == {h: r.wins for h, r in report.stats.houses.items() if r.wins}
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Ways to win, per House" in text and "way to win" in text
    # a ruleset that does not say how its winners won gets no such line
    untold = dataclasses.replace(report, stats=dataclasses.replace(report.stats, paths={}))
    assert not any(line.startswith("ways to win") for line in untold.text())
    assert untold.full_json()["ways_to_win"] == {}


def test_a_way_that_names_nothing_is_said_in_words() -> None:
    """fief's winner holding no VP Title (an ally) read 'stark      - 100.0%'."""
    from pnp.playtest.report import way_text

    assert way_text("-") == "nothing of its own (an ally's or a shared win)"
    assert way_text("paramount-vale + king") == "paramount-vale + king"


def test_pdf_ways_table_lists_five_per_house_and_sums_the_rest() -> None:
    ways = [(f"way {i}", 10 - i) for i in range(7)]  # 10, 9, … 4 wins: 49 in all
    rows = _path_rows({"stark": ways, "tully": [("crown", 1)]})
    assert rows[0] == ["House", "way to win", "wins", "share of its wins"]
    stark, tully = rows[1:7], rows[7:]
    assert [r[0] for r in stark] == ["stark", "", "", "", "", ""]  # the House named once
    assert [r[1] for r in stark] == ["way 0", "way 1", "way 2", "way 3", "way 4", "2 other ways"]
    assert stark[-1][2:] == ["9", "18.4%"]  # 5 + 4 of 49
    assert tully == [["tully", "crown", "1", "100.0%"]]


def test_cli_ctrl_c_says_so_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def stopped(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("pnp.playtest.command.run_playtest", stopped)
    report, stats = tmp_path / "report.pdf", tmp_path / "stats.json"
    result = invoke("-n", "30", "--workers", "1", "--report", str(report), "--stats", str(stats))
    assert result.exit_code == 130, result.output
    assert "interrupted: nothing was written" in result.stderr
    assert "Traceback" not in result.output
    assert not report.exists() and not stats.exists()


def test_the_summary_names_the_options_played(tmp_path: Path) -> None:
    played, _ = play(tmp_path, games=2)
    # the shipped content (no --content) and no options: nothing added
    report = dataclasses.replace(played, plan=dataclasses.replace(played.plan, content_root=None))
    assert report.text()[0].endswith(f", seed {report.plan.seed}")
    varied = dataclasses.replace(
        report, plan=dataclasses.replace(report.plan, options={"winter": True, "deck": "big"})
    )
    assert varied.text()[0].endswith(f", seed {report.plan.seed}, options winter=true deck=big")


def test_the_summary_and_the_report_name_the_content_and_how_the_games_were_counted(
    tmp_path: Path,
) -> None:
    """Two reports, of the shipped and of edited content, read alike; and the report said
    'games 400' of a run --games auto stopped at its --max-games."""
    pdf = tmp_path / "r.pdf"
    report, lines = play(tmp_path, games="auto", max_games=60, report=pdf)
    assert lines[0].endswith(f", content {CONTENT_ROOT}")
    assert report.content_text() == f"{CONTENT_ROOT} (hash {report.content_hash[:12]})"
    looked = ", ".join(f"{n:,}" for n in report.looks)
    text = " ".join("".join(p.extract_text() for p in PdfReader(pdf).pages).split())
    assert f"(--games auto: looked at {looked}" in text
    assert f"(hash {report.content_hash[:12]})" in text
    assert report.stats.games == 60  # stopped at --max-games: it says so
    assert report.games_text().endswith("; the --max-games limit)")
    fixed, _ = play(tmp_path, games=20)
    assert fixed.games_text() == "20"
