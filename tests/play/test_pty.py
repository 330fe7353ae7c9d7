"""A full game of each ruleset through a real pseudo-terminal: one human seat, always option 1.

``pnp play`` runs as a user runs it, in its own process on a pty (pexpect),
so the terminal paths (rich on a terminal, ``input()`` on a tty, the screen
clear) are the real ones; the game must reach its end and leave a record that
``pnp replay`` reproduces.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.engine.record import read_records

ROOT = Path(__file__).resolve().parents[2]

#: small games that end quickly: (ruleset, players, seed)
GAMES = [("thrones", 2, 8), ("ironthrone", 3, 2), ("fief", 3, 3)]


@pytest.mark.parametrize(("ruleset", "players", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_a_full_game_on_a_pseudo_terminal(
    ruleset: str, players: int, seed: int, tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1", COLUMNS="80", LINES="40")
    child = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "pnp",
            "play",
            ruleset,
            "--players",
            str(players),
            "--seed",
            str(seed),
            "--record",
            str(record),
        ],
        cwd=str(tmp_path),
        env=env,
        encoding="utf-8",
        timeout=120,
        dimensions=(40, 80),
    )
    decisions = 0
    while True:
        found = child.expect([r"Choose 1-\d+ \(.*q quit\): ", "Game over", pexpect.EOF])
        if found != 0:
            break
        decisions += 1
        child.sendline("1")
    assert found == 1, child.before
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert decisions > 10
    [saved] = read_records(record)
    assert saved.status == "finished"
    assert saved.agents[0] == "human" and "human" not in saved.agents[1:]
    assert len(saved.choices) > decisions  # the bots decided too
    replayed = CliRunner().invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0, replayed.output
    assert "reproduced" in replayed.output


def test_ctrl_c_at_a_prompt_saves_the_game(tmp_path: Path) -> None:
    record = tmp_path / "[saves]" / "game.json"  # brackets print as themselves
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "pnp", "play", "ironthrone", "--players", "3", "--record", str(record)],
        cwd=str(tmp_path),
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 80),
    )
    prompt = r"Choose 1-\d+ \(.*q quit\): "
    child.expect(prompt)
    child.sendline("1")
    child.expect(prompt)
    child.sendintr()
    child.expect(re.escape(f"Stopped. Saved to {record}."))
    child.expect(pexpect.EOF)
    # the game is saved: the generic "nothing was written" would be untrue after it
    assert "nothing was written" not in (child.before or "")
    child.close()
    assert child.exitstatus == 130
    [saved] = read_records(record)
    assert saved.status == "incomplete" and saved.choices  # the choice made is kept
    resumed = CliRunner().invoke(app, ["play", "--resume", str(record)], input="q\n")
    assert resumed.exit_code == 0 and read_records(record)[0].choices == saved.choices
