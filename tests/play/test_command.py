"""``pnp play`` through CliRunner: prompts, bad input, undo, save and resume, hot-seat."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from pnp.cli import app
from pnp.engine.record import read_records

#: a quick game: Iron Throne at three
GAME = ["ironthrone", "--players", "3", "--seed", "2"]


def play(record: Path, answers: str, *args: str) -> Result:
    """``pnp play`` with ``answers`` typed at its prompts."""
    return CliRunner().invoke(app, ["play", *args, "--record", str(record)], input=answers)


def choices(record: Path) -> list[int]:
    return read_records(record)[0].choices


def test_the_prompt_numbers_the_options_and_quitting_saves(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    result = play(record, "q\n", *GAME)
    assert result.exit_code == 0, result.output
    assert "your decision" in result.output
    assert "\n│ 1  " in result.output and "Choose 1-" in result.output
    assert f"Saved to {record}.\nContinue with: pnp play --resume {record}\n" in result.output
    [saved] = read_records(record)
    assert saved.status == "incomplete" and saved.agents == ["human", "heuristic", "heuristic"]
    assert saved.origin == {"command": "play"}


def test_every_line_fits_80_columns(tmp_path: Path) -> None:
    for ruleset in ("thrones", "ironthrone", "fief"):
        result = play(tmp_path / f"{ruleset}.json", "1\n" * 5 + "q\n", ruleset, "--seed", "3")
        assert result.exit_code == 0, result.output
        # CliRunner echoes no input: the next screen starts on the prompt's line
        out = result.output.replace("q quit): ", "q quit):\n")
        # a file path is as long as it is (and left whole, to be copied)
        lines = [line for line in out.splitlines() if str(tmp_path) not in line]
        assert max(map(len, lines)) <= 80


def test_bad_input_asks_again_with_a_reason_and_loses_nothing(tmp_path: Path) -> None:
    quit_at_once = tmp_path / "a.json"
    play(quit_at_once, "q\n", *GAME)
    record = tmp_path / "b.json"
    result = play(record, "x\n0\n99\n\n-2\n[/x]\n[bold]\nq\n", *GAME)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "'x' is not a number nor a key" in out
    # what looks like rich markup is shown as typed, neither obeyed nor a crash
    assert "'[/x]' is not a number nor a key" in out
    assert "'[bold]' is not a number nor a key" in out
    assert "0 is not an option" in out and "99 is not an option" in out
    assert "type a number from 1 to" in out
    assert "-2 is not an option" in out  # a number, only out of range
    assert choices(record) == choices(quit_at_once)  # nothing was chosen by the bad input


def test_help_explains_the_decision_and_cites_the_reference(tmp_path: Path) -> None:
    result = play(tmp_path / "g.json", "?\nq\n", "thrones", "--seed", "1")
    assert result.exit_code == 0, result.output
    # pnp rules thrones alone writes a PDF: ? names the command that shows the text, on
    # a line of its own (never wrapped)
    assert (
        "Rules reference: «Setup». To read it here:\n"
        "  pnp rules thrones --format md --out -\n"
        "(pnp rules thrones alone writes a PDF: output/thrones/reference.pdf)\n"
    ) in result.output
    assert "\n  u  undo your last decision\n" in result.output


def test_long_news_keeps_its_first_lines_and_l_reads_them_all(tmp_path: Path) -> None:
    """An encounter resolved by the bots makes a long list: it keeps the player's own
    choice and what followed it at its head, names how many lines it leaves out, and
    ``l`` shows every one of them."""
    result = play(tmp_path / "g.json", "1\n1\n1\n1\n1\n4\nl\nq\n", "ironthrone", "--seed", "1")
    assert result.exit_code == 0, result.output
    out = result.output
    short = out[: out.index("since your last decision, every line")]
    panel = short[short.rindex("since your last decision") :]
    assert "• you chose place: Swann Cavalry" in panel
    left_out = re.search(r"… (\d+) more lines \(l reads them all\)", panel)
    assert left_out is not None and int(left_out.group(1)) >= 2
    full = out[out.index("since your last decision, every line") :]
    full = full[: full.index("╰")]
    bullets = lambda text: [ln for ln in text.splitlines() if "│ • " in ln]  # noqa: E731
    assert len(bullets(full)) == len(bullets(panel)) - 1 + int(left_out.group(1))
    assert "more lines" not in full


def test_shortened_news_never_hides_a_single_line() -> None:
    from pnp.play.table import MOST_EVENTS, shortened

    lines = [f"line {i}" for i in range(MOST_EVENTS)]
    assert shortened(lines) == lines
    longer = shortened([*lines, "one more"])
    assert len(longer) == MOST_EVENTS and longer[0] == "line 0"
    assert "… 2 more lines" in next(x for x in longer if "more lines" in x)
    assert longer[-1] == "one more"


def test_undo_asks_the_last_decision_again(tmp_path: Path) -> None:
    before = tmp_path / "before.json"
    play(before, "q\n", *GAME)
    record = tmp_path / "g.json"
    result = play(record, "1\nu\nq\n", *GAME)
    assert result.exit_code == 0, result.output
    assert "Undone: your last decision is asked again." in result.output
    assert choices(record) == choices(before)
    # the same decision is asked once more: its prompt shows twice before the undo's
    first = result.output.split("Undone")[0]
    assert first.count("your decision") == 2


def test_undo_with_nothing_to_undo_says_so(tmp_path: Path) -> None:
    result = play(tmp_path / "g.json", "u\nq\n", *GAME)
    assert "nothing to undo: you have made no decision yet" in result.output


def test_save_keeps_playing(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    result = play(record, "1\ns\n1\nq\n", *GAME)
    assert result.output.count(f"Saved to {record}.") == 2
    assert read_records(record)[0].status == "incomplete"
    # a saved game replays as what it is: a game so far, with no result to name
    replayed = CliRunner().invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0, replayed.output
    assert "reproduced the game so far (unfinished: pnp play --resume continues it)" in (
        replayed.output
    )
    assert "None" not in replayed.output


def test_a_resumed_game_goes_on_as_if_never_stopped(tmp_path: Path) -> None:
    whole = tmp_path / "whole.json"
    assert play(whole, "1\n" * 400, *GAME).exit_code == 0
    split = tmp_path / "split.json"
    play(split, "1\n" * 7 + "q\n", *GAME)
    resumed = CliRunner().invoke(app, ["play", "--resume", str(split)], input="1\n" * 400)
    assert resumed.exit_code == 0, resumed.output
    assert "Game over" in resumed.output
    a, b = read_records(whole)[0], read_records(split)[0]
    assert a.status == b.status == "finished"
    assert a.choices == b.choices
    assert a.final_state_hash == b.final_state_hash
    replay = CliRunner().invoke(app, ["replay", str(split)])
    assert replay.exit_code == 0 and "reproduced" in replay.output


def test_resume_refuses_a_finished_game_and_new_game_options(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    play(record, "1\n" * 400, *GAME)
    again = CliRunner().invoke(app, ["play", "--resume", str(record)])
    assert again.exit_code == 2 and "this game is over" in again.output
    mixed = CliRunner().invoke(app, ["play", "thrones", "--resume", str(record)])
    assert mixed.exit_code == 2 and "drop RULESET" in mixed.output


def test_resume_refuses_a_record_without_a_human(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    play(record, "q\n", *GAME)
    data = json.loads(record.read_text())
    data["agents"] = ["heuristic"] * 3
    record.write_text(json.dumps(data))
    result = CliRunner().invoke(app, ["play", "--resume", str(record)])
    assert result.exit_code == 2 and "no seat of this game is played by a person" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "3"], "--seat 3: the seats of 3 players are 0 to 2"),
        (["--seat", "1", "--seat", "1"], "--seat names a seat twice"),
        (["--houses", "nobody"], "nobody"),
        (["--houses", "stark,lannister,tyrell,baratheon"], "--houses names 4 Houses for 3"),
        (["--agents", "clever"], "unknown agent 'clever'"),
    ],
)
def test_bad_options_exit_2_without_a_traceback(
    tmp_path: Path, args: list[str], message: str
) -> None:
    result = play(tmp_path / "g.json", "q\n", *GAME, *args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_the_default_record_is_numbered_under_output(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    for _ in range(2):
        result = CliRunner().invoke(app, ["play", "ironthrone", "--players", "3"], input="q\n")
        assert result.exit_code == 0, result.output
    folder = tmp_path / "output" / "ironthrone" / "games"
    assert sorted(p.name for p in folder.iterdir()) == ["game-000001.json", "game-000002.json"]
    # without --seed each game's seed is its number: two games, two deals
    seeds = [read_records(p)[0].seed for p in sorted(folder.iterdir())]
    assert seeds == [1, 2]


def test_hot_seat_hides_each_view_until_the_next_player_is_ready(tmp_path: Path) -> None:
    result = play(tmp_path / "g.json", "\n1\n" * 6 + "q\n", "thrones", "--seat", "0", "--seat", "1")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Pass the terminal to" in out
    first_pass = out.index("Pass the terminal to")
    # nothing of a hand is shown before the first player said he is ready
    assert "hand of" not in out[:first_pass]
    assert "(seat 1), then press Enter" in out


def test_hot_seat_undo_never_takes_back_another_players_decision(tmp_path: Path) -> None:
    """Seat 0 saw Martell's set-up revealed: an undo then would take back Martell's set-up
    too and let seat 0 choose again knowing it. It is refused; seat 1's own undo is not."""
    record = tmp_path / "g.json"
    # keep, keep, seat 0 sets up nothing, seat 1 sets up two cards, seat 0 tries to undo
    keys = "\n1\n\n1\n\n5\n\n4\n1\n\nu\nq\n"
    result = play(record, keys, "thrones", "--seat", "0", "--seat", "1", "--seed", "10")
    assert result.exit_code == 0, result.output
    assert "cannot undo: Martell (seat 1) decided since, and would lose it" in result.output
    assert "Undone" not in result.output
    made = choices(record)
    assert len(made) >= 5  # nothing was taken back
    result = play(
        tmp_path / "h.json",
        "\n1\n\n1\n\n5\n\n4\nu\nq\n",
        "thrones",
        "--seat",
        "0",
        "--seat",
        "1",
        "--seed",
        "10",
    )
    assert "Undone: your last decision is asked again." in result.output  # its own, alone


def test_the_readme_screen_is_what_pnp_play_draws(tmp_path: Path) -> None:
    """The README's excerpt is a real screen: the first game's marshalling decision."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    section = readme.split("## Play a game against the bots", 1)[1]
    excerpt = section.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    assert len(excerpt) > 40
    # keep the hand, set up Arianne, reveal Sun's Patience, quit at the marshalling decision
    result = play(tmp_path / "g.json", "1\n1\n2\nq\n", "thrones", "--seed", "1")
    out = result.output.replace("q quit): ", "q quit):\n").splitlines()
    shown = out[out.index(excerpt[0]) :]  # from the marshalling screen on
    missing = [line for line in excerpt if line not in shown]
    assert missing == []


def test_resume_refuses_a_game_saved_on_other_content(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    play(record, "1\n" * 3 + "q\n", *GAME)
    data = json.loads(record.read_text())
    data["content_hash"] = "0123456789abcdef" * 4  # saved when a card read otherwise
    record.write_text(json.dumps(data))
    result = CliRunner().invoke(app, ["play", "--resume", str(record)])
    assert result.exit_code == 2, result.output
    assert "content changed since the game was saved" in result.output
    assert "recorded 0123456789ab" in result.output
    assert "Traceback" not in result.output
    assert json.loads(record.read_text())["content_hash"] == data["content_hash"]  # untouched


def test_ismcts_seats_search_and_a_resumed_game_goes_on_alike(tmp_path: Path) -> None:
    search = [*GAME, "--agents", "ismcts", "--budget", "2"]
    whole = tmp_path / "whole.json"
    played = play(whole, "1\n" * 400, *search)
    assert played.exit_code == 0, played.output
    assert "(seat 1) is thinking…" in played.output
    assert "(seat 2) is thinking…" in played.output
    record = read_records(whole)[0]
    assert record.agents == ["human", "ismcts", "ismcts"]
    assert record.origin["search_budget"] == 2
    split = tmp_path / "split.json"
    play(split, "1\n" * 9 + "q\n", *search)
    resumed = CliRunner().invoke(app, ["play", "--resume", str(split)], input="1\n" * 400)
    assert resumed.exit_code == 0, resumed.output
    b = read_records(split)[0]
    assert b.status == record.status == "finished"
    assert b.choices == record.choices
    assert b.final_state_hash == record.final_state_hash
    replay = CliRunner().invoke(app, ["replay", str(split)])
    assert replay.exit_code == 0 and "reproduced" in replay.output


def test_the_budget_changes_the_search(tmp_path: Path) -> None:
    games = []
    for budget in ("2", "6"):
        record = tmp_path / f"b{budget}.json"
        play(record, "1\n" * 400, *GAME, "--agents", "ismcts", "--budget", budget)
        games.append(choices(record))
    assert games[0] != games[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--budget", "8"], "--budget is for ismcts seats; --agents names none"),
        (["--agents", "ismcts", "--budget", "1"], "--budget must be at least 2"),
    ],
)
def test_bad_budgets_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    result = play(tmp_path / "g.json", "q\n", *GAME, *args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not (tmp_path / "g.json").exists()


def test_resume_keeps_the_recorded_budget(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    play(record, "q\n", *GAME, "--agents", "ismcts", "--budget", "3")
    again = CliRunner().invoke(app, ["play", "--resume", str(record), "--budget", "5"])
    assert again.exit_code == 2 and "drop --budget" in again.output
    assert read_records(record)[0].origin["search_budget"] == 3


def test_a_path_with_brackets_is_printed_whole(tmp_path: Path) -> None:
    record = tmp_path / "[red]" / "game.json"
    result = play(record, "q\n", *GAME)
    assert result.exit_code == 0, result.output
    assert f"Saved to {record}.\nContinue with: pnp play --resume {record}\n" in result.output


def test_a_narrow_terminal_gets_a_prompt_that_leaves_room_to_type() -> None:
    """At 60 columns the full prompt filled the line and the answer wrapped."""
    from pnp.play.table import prompt_text

    assert prompt_text(7, 80) == "Choose 1-7 (? help, c cards, l log, u undo, s save, q quit): "
    narrow = prompt_text(7, 60)
    assert narrow == "Choose 1-7 (? help and keys): " and len(narrow) + 4 <= 60
