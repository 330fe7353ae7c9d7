"""A fourth ruleset built from ``pnp/rulesets/README.md`` alone works with the shared layers.

``tests/fixtures/kindle`` is a tiny two-player game with the page's file names;
registered by its package path, it plays seeded games through the engine's
runner, refuses a bad move, prints its kit through ``pnp build``, meters that
kit, and runs its scenario files (issue 25).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pnp.rulesets
from pnp.cli import app
from pnp.content import ContentError, LoadedContent
from pnp.engine.decision import Decision, Option
from pnp.engine.errors import IllegalMoveError, SetupError, UnknownDecisionError
from pnp.engine.flow import FlowGame
from pnp.engine.game import GameConfig
from pnp.engine.rng import stream
from pnp.engine.runner import FINISHED, GameRun, Limits, agents_chooser, run_game
from pnp.engine.scenarios import ScenarioRunner
from pnp.playtest.command import PlaytestRequest, run_command
from pnp.rulesets import find_ruleset
from tests.fixtures.kindle import CONTENT_ROOT, RULESET
from tests.fixtures.kindle.bots import HeuristicBot
from tests.rulesets.kitmeter import check_games, kit_ids

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tests" / "fixtures" / "kindle"
#: the page's table, less what a ruleset this small has no need of (catalog, sigils, invariants)
FILES = (
    "__init__.py",
    "model.py",
    "effects.py",
    "state.py",
    "rules/round.py",
    "game.py",
    "setup.py",
    "scenario.py",
    "view.py",
    "bots.py",
    "usage.py",
    "kit/components.py",
    "kit/icons.py",
    "kit/reference.py",
)


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fixture registered by its package path, after the shipped rulesets."""
    monkeypatch.setattr(pnp.rulesets, "RULESETS", (*pnp.rulesets.RULESETS, "tests.fixtures.kindle"))


@pytest.fixture(scope="module")
def content() -> LoadedContent:
    """The fixture's content, loaded once."""
    return RULESET.load(CONTENT_ROOT)


def play(content: LoadedContent, agent: str, seed: int) -> GameRun:
    """One seeded game, both seats ``agent``, invariants checked every step."""
    return run_game(
        RULESET,
        content,
        GameConfig(2),
        seed,
        agents_chooser(RULESET, [agent, agent], seed),
        Limits.for_ruleset(RULESET),
        hash_state=True,
    )


def test_the_fixture_has_the_pages_file_names() -> None:
    assert [name for name in FILES if not (PACKAGE / name).is_file()] == []


def test_it_registers_by_package_path(registered: None) -> None:
    assert find_ruleset("kindle") is RULESET
    assert "kindle" in pnp.rulesets.ruleset_names()


def test_the_referee_loads_no_print_code() -> None:
    probe = (
        "import sys, tests.fixtures.kindle as k\n"
        "from pnp.engine.game import GameConfig\n"
        "k.RULESET.new_game(k.RULESET.load(k.CONTENT_ROOT), GameConfig(2), 1)\n"
        "print(sorted(m for m in sys.modules if m.startswith(('reportlab', 'pnp.render', "
        "'tests.fixtures.kindle.kit'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_seeded_games_finish_and_replay_identically(content: LoadedContent, agent: str) -> None:
    endings = set()
    for seed in range(12):
        run = play(content, agent, seed)
        assert run.status == FINISHED, (seed, run.failure, run.violations)
        assert run.result is not None and run.result.winners
        endings.add(run.result.ending)
        again = play(content, agent, seed)
        assert (again.choices, again.state_hash) == (run.choices, run.state_hash)
    # both ways out are reached: the FlowEnd (kindled) and the flow returning (last_light)
    assert endings == {"kindled", "last_light"}


def test_the_heuristic_bot_beats_random_play(content: LoadedContent) -> None:
    wins = 0
    for seed in range(30):
        seat = seed % 2  # the bot takes each seat in turn
        names = ["random", "random"]
        names[seat] = "heuristic"
        run = run_game(RULESET, content, GameConfig(2), seed, agents_chooser(RULESET, names, seed))
        assert run.status == FINISHED and run.result is not None
        wins += run.result.winners == (seat,)
    assert wins > 15  # more than half (21 of 30 when written)


def test_a_bad_move_is_an_illegal_move(content: LoadedContent) -> None:
    assert RULESET.new_game is not None
    game = RULESET.new_game(content, GameConfig(2), 3)
    assert isinstance(game, FlowGame)
    decision = game.decision()
    assert decision is not None and decision.kind == "play"
    with pytest.raises(IllegalMoveError, match="does not exist"):
        game.apply(len(decision.options))
    with pytest.raises(IllegalMoveError, match="does not exist"):
        game.apply(-1)
    while game.decision() is not None:  # play on (always the first option) to the end
        game.apply(0)
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.apply(0)


def test_a_game_it_cannot_set_up_is_a_setup_error(content: LoadedContent) -> None:
    assert RULESET.new_game is not None
    with pytest.raises(SetupError, match="duel for 2 players, not 3"):
        RULESET.new_game(content, GameConfig(3), 1)
    with pytest.raises(SetupError, match="seats are dawn, dusk"):
        RULESET.new_game(content, GameConfig(2, ("dusk", None)), 1)


def test_the_bot_refuses_a_kind_it_was_not_taught(content: LoadedContent) -> None:
    decision = Decision(0, "trade", (Option("a"), Option("b")))
    assert RULESET.new_game is not None
    view = RULESET.new_game(content, GameConfig(2), 1).view(0)
    with pytest.raises(UnknownDecisionError, match="'trade'"):
        HeuristicBot().choose(view, decision, stream(1, "agent", 0))


def test_an_effect_with_two_words_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(CONTENT_ROOT, root)
    cards = root / "kindle" / "cards.yaml"
    cards.write_text(cards.read_text().replace("[{glow: 2}]", "[{glow: 2, gust: 1}]"))
    with pytest.raises(ContentError, match="give exactly one effect word"):
        RULESET.load(root)


def test_the_kit_and_reference_build_through_pnp_build(registered: None, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["build", "kindle", "--content", str(CONTENT_ROOT), "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    out = tmp_path / "kindle"
    assert {"cards.pdf", "tokens.pdf", "reference.pdf", "manifest.json"} <= {
        p.name for p in out.iterdir()
    }
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["ruleset"] == "kindle"
    assert "Effect words" in (out / "reference.md").read_text()


def test_the_kit_meter_fits_the_printed_kit(content: LoadedContent) -> None:
    top, ids = check_games(RULESET, content, 2, range(8), "heuristic")
    assert ids == kit_ids(RULESET, content)
    printed = {card.id: card.copies for card in content.model.cards}
    assert {k: v for k, v in top.items() if k != "light"} == printed
    assert 0 < top["light"] <= 12


def test_a_playtest_runs_it_and_checks_its_kit(registered: None) -> None:
    request = PlaytestRequest(
        "kindle", games=40, seed=3, players=2, content=CONTENT_ROOT, workers=1
    )
    report = run_command(request, lambda line: None)
    assert report.stats.games == 40 and report.stats.crashes == []
    assert report.kit is not None and report.kit.shortfalls == []
    assert set(report.stats.cards) == {"spark", "blaze", "gale", "kindling", "ember"}
    assert report.stats.never_played == []


@pytest.mark.parametrize(
    "path", sorted((PACKAGE / "scenarios").glob("*.yaml")), ids=lambda p: p.stem
)
def test_its_scenarios_pass(path: Path) -> None:
    runner = ScenarioRunner(find=lambda name: RULESET, content_root=CONTENT_ROOT)
    outcome = runner.run(path)
    assert outcome.passed, "\n".join(outcome.lines())
