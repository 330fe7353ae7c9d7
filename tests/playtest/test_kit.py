"""The playtest's kit check: peaks against the printed copies, shortfalls and slack."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.engine.game import GameConfig
from pnp.engine.kitmeter import Change
from pnp.engine.record import read_records
from pnp.engine.replay import replay
from pnp.engine.runner import Limits, agents_chooser, run_game
from pnp.paths import default_content_root
from pnp.playtest.command import PlaytestRequest, run_command
from pnp.playtest.kit import (
    KitCheck,
    KitRow,
    Kits,
    Printed,
    check_kit,
    kit_lines,
    kit_shortfall_reasons,
    kits_for,
    printed_copies,
)
from pnp.playtest.plan import game_seed
from pnp.playtest.stats import PeakStats, Tally
from pnp.playtest.worker import GameSummary
from pnp.render.kit import kit_components
from pnp.rulesets import find_ruleset
from tests.content.copies import edit


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def summary(index: int, peaks: dict[str, int], status: str = "finished") -> GameSummary:
    return GameSummary(index=index, seed=1000 + index, status=status, peaks=peaks)


def test_peaks_add_up_in_any_order_and_keep_the_first_worst_game() -> None:
    games = [
        summary(0, {"gold": 4}),
        summary(1, {"gold": 9, "power": 2}),
        summary(2, {"gold": 9}),
        summary(3, {"gold": 30}, status="crash"),  # a crash's state proves nothing
    ]
    tallies = []
    for order in (games, games[::-1]):
        tally = Tally(2, ("random", "random"))
        for game in order:
            tally.add(game)
        tallies.append(tally.kit)
    assert tallies[0] == tallies[1]
    gold = tallies[0]["gold"]
    assert (gold.top, gold.top_index, gold.top_seed) == (9, 1, 1001)
    assert gold.games == {4: 1, 9: 2} and gold.games_over(4) == 2 and gold.games_over(9) == 0


def test_shortfall_slack_and_tightest_from_made_up_peaks() -> None:
    peaks = {"gold": PeakStats(), "power": PeakStats(), "card": PeakStats(), "lost": PeakStats()}
    for index, (gold, power) in enumerate([(12, 31), (13, 20), (9, 25)]):
        peaks["gold"].add(gold, index, 50 + index)
        peaks["power"].add(power, index, 50 + index)
    peaks["card"].add(2, 0, 50)
    peaks["lost"].add(1, 2, 52)
    printed = {
        "gold": Printed("gold", "token", "Gold", 10),
        "power": Printed("power", "token", "Power", 60),
        "card": Printed("card", "card", "A card", 3),
        "spare": Printed("spare", "card", "Unused", 40),
    }
    check = check_kit(peaks, printed, games=3)
    short = check.shortfalls
    assert [(r.component, r.need, r.games_over, r.game, r.seed) for r in short] == [
        ("gold", 13, 2, 1, 51),
        ("lost", 1, 1, 2, 52),  # a piece the kit does not print at all
    ]
    assert short[1].kind == "not printed" and short[1].printed == 0
    # 31 of 60 is slack; 2 of 3 is not; 40 printed and never used is, listed after
    # those some game used (another player count may need it)
    assert [r.component for r in check.slack] == ["power", "spare"]
    lines = kit_lines(check)
    assert "  slack (printed far beyond any game's need): power 31/60" in lines
    assert any(line.startswith("  slack: 1 more that no game used") for line in lines)
    assert [r.figure() for r in check.tightest()] == ["card 2/3", "power 31/60"]
    reasons = kit_shortfall_reasons(check)
    assert reasons[0].startswith("the kit is short of gold: a game had 13 in use at once")
    assert "2 games need more; worst: game 1, seed 51" in reasons[0]
    assert kit_shortfall_reasons(None) == []


def test_a_house_at_several_seats_is_judged_against_as_many_kits() -> None:
    assert kits_for(None) == Kits() and kits_for((None, None)) == Kits()
    assert kits_for(("stark", "lannister", None)) == Kits()
    assert kits_for(("stark", "lannister", "stark", "stark")) == Kits(3, ("stark",))
    assert kits_for(("tyrell", "stark", "tyrell", "stark")) == Kits(2, ("stark", "tyrell"))
    assert kits_for(("tyrell", "stark", "tyrell", None)) == Kits(2, ("tyrell",))
    assert Kits().why() == ""
    assert Kits(2, ("stark",)).why() == (
        "judged against 2 printed kits: stark takes 2 seats, and one kit holds each "
        "House's pieces once"
    )
    assert (
        Kits(2, ("stark", "tyrell"))
        .why()
        .startswith("judged against 2 printed kits: stark and tyrell take 2 seats each, and")
    )
    peaks = {"scout": PeakStats(), "power": PeakStats()}
    peaks["scout"].add(5, 0, 100)
    peaks["power"].add(40, 0, 100)
    printed = {
        "scout": Printed("scout", "card", "Scout", 3),
        "power": Printed("power", "token", "Power", 30),
    }
    one = check_kit(peaks, printed, 1)
    assert [r.component for r in one.shortfalls] == ["power", "scout"] and one.kits == Kits()
    two = check_kit(peaks, printed, 1, kits=Kits(2, ("stark",)))
    assert two.shortfalls == [] and {r.component: r.printed for r in two.rows} == {
        "scout": 6,
        "power": 60,
    }
    assert two.to_json()["kits"] == 2
    assert kit_lines(two)[1] == f"  {Kits(2, ('stark',)).why()}"
    assert not any("judged against" in line for line in kit_lines(one))


def test_a_thrones_mirror_match_needs_two_kits_and_says_so(tmp_path: Path) -> None:
    request = PlaytestRequest(
        "thrones",
        games=6,
        seed=1,
        players=2,
        houses="stark,stark",
        workers=1,
        report=tmp_path / "r.pdf",
    )
    lines: list[str] = []
    report = run_command(request, lines.append)
    kit = report.kit
    assert kit is not None and kit.kits == Kits(2, ("stark",))
    # both seats hold a whole Stark deck: one kit's copies would be short, two hold them
    single = printed_copies(find_ruleset("thrones"), find_ruleset("thrones").load(None))
    assert single is not None
    levies = next(r for r in kit.rows if r.component == "stark-northern-levies")
    assert levies.printed == 2 * single["stark-northern-levies"].copies
    assert single["stark-northern-levies"].copies < levies.need <= levies.printed
    assert kit.shortfalls == [] and not kit_shortfall_reasons(kit)
    assert "  " + kit.kits.why() in lines
    # and no card a Stark deck lacks is waited for: those are left out, not undecided
    model = find_ruleset("thrones").load(None).model
    in_stark = {c for d in model.decks if d.house == "stark" for c in d.cards}
    data = report.to_json()
    assert set(data["cards_left_out"]) == {c.id for c in model.cards} - in_stark
    assert set(data["cards"]) & set(data["cards_left_out"]) == set()
    assert "lannister-tywin" in data["cards_left_out"]
    assert set(data["cards_never_played"]) <= in_stark | {p.id for p in model.plots}
    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "r.pdf").pages)
    assert "every game could be played with 2 printed kits" in text


def test_a_coin_is_needed_only_for_the_worth_its_change_cannot_carry() -> None:
    coins = Change("gold-5", "gold-1", 5)
    peaks = {"gold-1": PeakStats(), coins.worth_id: PeakStats()}
    # money in play at once, and the 1s it needs whatever the 5s: 133 is 25 fives in the
    # fewest coins, yet 15 fives and 58 ones hold it; 173 is more than all 160 can
    for index, (ones, worth) in enumerate([(19, 133), (21, 173), (12, 90), (21, 171)]):
        peaks["gold-1"].add(ones, index, 70 + index)
        peaks[coins.worth_id].add(worth, index, 70 + index)
    printed = {
        "gold-1": Printed("gold-1", "token", "One", 60),
        "gold-5": Printed("gold-5", "token", "Five", 20),
    }
    check = check_kit(peaks, printed, games=4, change=[coins])
    assert [r.component for r in check.rows] == ["gold-1", "gold-5"]  # no row for the worth
    ones, fives = check.rows
    assert (ones.need, ones.games_over, ones.short) == (21, 0, False)
    assert ones.change and not ones.slack  # 39 spare: change for the fives, not slack
    # (173 - 60) / 5 rounded up; two games were worth more than 20 x 5 + 60
    assert (fives.need, fives.games_over, fives.game, fives.seed) == (23, 2, 1, 71)
    assert fives.games_at_need == 2  # 171 needs 23 fives too
    assert "the money in play came to 173 at once, the kit's coins to 160" in fives.note
    (reason,) = kit_shortfall_reasons(check)
    assert reason.startswith(
        "the kit is short of gold-5: a game needed 23 at once, the kit prints 20"
    )
    # without the change rule, the worth would be a piece the kit lacks
    plain = check_kit(peaks, printed, games=4)
    assert "gold-5+gold-1" in [r.component for r in plain.shortfalls]
    # more ones printed carry it all: 173 - 120 needs 11 fives
    printed["gold-1"] = Printed("gold-1", "token", "One", 120)
    assert check_kit(peaks, printed, 4, [coins]).rows[1].need == 11


def test_the_printed_copies_are_the_builds_own_list() -> None:
    ruleset = find_ruleset("thrones")
    content = ruleset.load()
    printed = printed_copies(ruleset, content)
    assert printed is not None
    build = {c.id: c.copies for c in kit_components(ruleset, content) if c.kind != "board"}
    assert {k: p.copies for k, p in printed.items()} == build
    assert printed["power"].copies == 72 and printed["power"].kind == "token"


def content_copy(tmp_path: Path, ruleset: str) -> Path:
    root = tmp_path / "content"
    shutil.copytree(default_content_root() / ruleset, root / ruleset)
    return root


def test_too_few_power_tokens_are_a_named_shortfall_that_fails_the_verdict(
    tmp_path: Path,
) -> None:
    root = content_copy(tmp_path, "thrones")
    rules = root / "thrones" / "rules.yaml"
    edit(rules, "  power: 30\n", "  power: 5\n")
    edit(rules, "  power_per_player: 18\n", "  power_per_player: 1\n")  # the kit prints 5
    lines: list[str] = []
    request = PlaytestRequest("thrones", games=24, seed=4, players=2, content=root, workers=1)
    report = run_command(request, lines.append)
    assert report.exit_code == 1
    kit = report.kit
    assert kit is not None and [r.component for r in kit.shortfalls] == ["power"]
    power = kit.shortfalls[0]
    assert power.printed == 5 and power.need > 5 and 1 <= power.games_over <= 24
    assert power.seed == game_seed(4, power.game)
    assert any(r.startswith("the kit is short of power: a game had") for r in report.reasons)
    assert any(line.startswith("  short: power: a game had") for line in lines)
    # the worst game's record is kept and replays to a game with that very need
    record_path = kit.record_of(power)
    assert record_path is not None and Path(record_path).is_file()
    ruleset = find_ruleset("thrones")
    copied = ruleset.load(root, alone=True)
    (record,) = read_records(Path(record_path))
    assert record.seed == power.seed and replay(record, ruleset, copied).ok
    meters = []
    run = run_game(
        ruleset,
        copied,
        GameConfig(2),
        power.seed,
        agents_chooser(ruleset, ["heuristic", "heuristic"], power.seed),
        Limits.for_ruleset(ruleset),
        observer=lambda events: meters[0].step(events),
        watch=lambda game: meters.append(ruleset.kit_meter(game, True)),
    )
    assert run.status == "finished" and meters[0].finish()["power"] == power.need
    # --json: kit {tightest, shortfalls, slack}; a short piece is never among the tightest
    data = report.to_json()
    assert set(data["kit"]) == {"kits", "tightest", "shortfalls", "slack"}
    assert data["kit"]["kits"] == 1
    tight = data["kit"]["tightest"]
    assert 0 < len(tight) <= 3 and all(t["need"] <= t["printed"] for t in tight)
    assert "power" not in [t["component"] for t in tight]
    entry = data["kit"]["shortfalls"][0]
    assert entry["component"] == "power" and entry["record"] == record_path
    assert entry["need"] == power.need and entry["games"] == power.games_over
    # the same with two workers, the record found where every record is kept
    two = run_command(
        PlaytestRequest(
            "thrones",
            games=24,
            seed=4,
            players=2,
            content=root,
            workers=2,
            records=tmp_path / "all",
        ),
        lambda *a, **k: None,
    )
    assert two.kit is not None
    assert [(r.need, r.games_over, r.game) for r in two.kit.shortfalls] == [
        (power.need, power.games_over, power.game)
    ]
    assert Path(two.kit.record_of(two.kit.shortfalls[0]) or "").is_file()


def test_random_seats_leave_balance_unjudged_but_not_the_kit(tmp_path: Path) -> None:
    root = content_copy(tmp_path, "thrones")
    rules = root / "thrones" / "rules.yaml"
    edit(rules, "  power: 30\n", "  power: 2\n")
    edit(rules, "  power_per_player: 18\n", "  power_per_player: 1\n")  # the kit prints 4
    request = PlaytestRequest(
        "thrones", games=12, seed=3, players=2, content=root, workers=1, agents="random"
    )
    report = run_command(request, lambda *a, **k: None)
    assert report.to_json()["not_judged"]  # balance and cards are not judged ...
    assert report.exit_code == 1  # ... the kit is
    assert [r for r in report.reasons if r.startswith("the kit is short of power:")]


def test_the_shipped_thrones_kit_holds_and_the_pdf_and_stats_say_so(tmp_path: Path) -> None:
    pdf, stats = tmp_path / "report.pdf", tmp_path / "stats.json"
    request = PlaytestRequest(
        "thrones", games=30, seed=2, players=4, workers=1, report=pdf, stats=stats
    )
    lines: list[str] = []
    report = run_command(request, lines.append)
    assert report.kit is not None and report.kit.shortfalls == []
    assert report.to_json()["kit"]["shortfalls"] == []
    assert any(line.startswith("kit (most in use at once") for line in lines)
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "The printed kit" in text and "No shortfall" in text and "The tightest" in text
    # the slack table says in which order it lists (it said "the 20 most spare" over rows
    # in another order: the used ones first)
    assert "The components some game used come first, the most spare first" in text
    assert "most spare)" not in text
    full = json.loads(stats.read_text())
    assert full["kit_components"]["power"]["printed"] == 72
    assert 0 < full["kit_components"]["power"]["need"] <= 60


def test_brother_cards_for_several_seats_at_once_fall_short_when_too_few_are_printed(
    tmp_path: Path,
) -> None:
    root = content_copy(tmp_path, "fief")
    titles = root / "fief" / "titles.yaml"
    # two Brothers' cards: still a card many Nobles hold at once, for two of them
    edit(titles, "expansion: nights_watch, copies: 9,", "expansion: nights_watch, copies: 2,")
    pdf = tmp_path / "report.pdf"
    request = PlaytestRequest(
        "fief",
        games=6,
        seed=1,
        players=6,
        content=root,
        workers=1,
        options=["nights_watch=true"],
        report=pdf,
        json=True,
    )
    lines: list[str] = []
    report = run_command(request, lines.append)
    short = {e["component"]: e for e in json.loads("\n".join(lines))["kit"]["shortfalls"]}
    brothers = short["title-brother-of-the-watch"]
    assert brothers["printed"] == 2 and brothers["need"] >= 3 and brothers["kind"] == "card"
    assert report.exit_code == 1
    assert any("short of title-brother-of-the-watch" in r for r in report.reasons)
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Shortfalls" in text and "title-brother-of-the-watch" in text


def test_a_ruleset_without_a_kit_meter_is_not_checked(tmp_path: Path, haggle_registry) -> None:
    from tests.fixtures.haggle import CONTENT_ROOT

    request = PlaytestRequest("haggle", games=5, players=3, content=CONTENT_ROOT, workers=1)
    report = run_command(request, lambda *a, **k: None)
    assert report.kit is None and report.to_json()["kit"] is None


def test_kit_rows_say_their_spare() -> None:
    row = KitRow("gold", "token", "Gold", 40, 43, 2, 7, 99)
    assert row.short and row.spare == -3 and not row.slack
    assert KitCheck(1, [row]).record_of(row) is None
