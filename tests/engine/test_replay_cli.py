"""``pnp replay``: exit 0 when a record is reproduced, 1 on a mismatch, 2 on bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.engine import GameConfig
from pnp.engine.record import Record
from pnp.engine.runner import Limits, agents_chooser, run_game
from tests.fixtures.haggle import CONTENT_ROOT, HAGGLE


def invoke(*args: str):
    return CliRunner().invoke(app, list(args))


def record_file(content, tmp_path: Path, seed: int = 3, options=None, name="game.json") -> Path:
    config = GameConfig(2, None, options or {})
    limits = Limits()
    run = run_game(
        HAGGLE,
        content,
        config,
        seed,
        agents_chooser(HAGGLE, ["random"] * 2, seed),
        limits,
        hash_state=True,
    )
    record = Record.from_run(
        "haggle",
        config,
        ["random"] * 2,
        limits,
        run,
        content_hash=content.content_hash,
        content_root=CONTENT_ROOT,
    )
    path = tmp_path / name
    record.write(path)
    return path


def test_replay_reproduces(haggle_registry, haggle_content, tmp_path: Path) -> None:
    path = record_file(haggle_content, tmp_path)
    result = invoke("replay", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"OK  {path}: haggle seed 3, ")
    assert "reproduced" in result.stdout and "state hash" in result.stdout


def test_replay_mismatch_exits_one(haggle_registry, haggle_content, tmp_path: Path) -> None:
    path = record_file(haggle_content, tmp_path)
    data = json.loads(path.read_text())
    data["final_state_hash"] = "f" * 64
    path.write_text(json.dumps(data))
    result = invoke("replay", str(path))
    assert result.exit_code == 1
    assert result.stdout.startswith("MISMATCH")
    # the result was reproduced, the hash not: the line says the record's account, then
    # what differs (it read "did not reproduce <ending>, state hash ffff…")
    assert "did not reproduce the record (it says " in result.stdout
    assert "); it differs in:\n  final state hash: recorded " in result.stdout
    assert f"final state hash: recorded {'f' * 64}, replayed" in result.stdout


@pytest.mark.parametrize(
    ("field", "edit", "said"),
    [
        ("factions", lambda v: list(reversed(v)), "factions: recorded"),
        ("first_player", lambda v: 1 - v, "first player: recorded seat"),
        ("rounds", lambda v: v + 7, "rounds: recorded"),
    ],
)
def test_a_record_edited_where_the_choices_still_fit_is_a_mismatch(
    haggle_registry, haggle_content, tmp_path: Path, field: str, edit, said: str
) -> None:
    path = record_file(haggle_content, tmp_path)
    data = json.loads(path.read_text())
    assert data[field] is not None and edit(data[field]) != data[field]
    data[field] = edit(data[field])
    path.write_text(json.dumps(data))
    result = invoke("replay", str(path))
    assert result.exit_code == 1, result.output
    assert result.stdout.startswith("MISMATCH")
    assert said in result.stdout


def test_replay_reproduces_a_crash_with_its_traceback(
    haggle_registry, haggle_content, tmp_path: Path
) -> None:
    for seed in range(20):
        path = record_file(haggle_content, tmp_path, seed, {"crash_on": "silk-scarf"})
        if json.loads(path.read_text())["status"] == "crash":
            break
    result = invoke("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "reproduced the crash RuntimeError: planted crash" in result.stdout
    assert "Traceback (most recent call last)" in result.stdout  # the bug's, for debugging


def test_replay_log_and_jsonl(haggle_registry, haggle_content, tmp_path: Path) -> None:
    lines = [json.loads(record_file(haggle_content, tmp_path, s).read_text()) for s in (1, 2)]
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in lines))
    result = invoke("replay", str(path), "--log", "--content", str(CONTENT_ROOT))
    assert result.exit_code == 0, result.output
    assert result.stdout.count("OK  ") == 2
    assert "decision 1: seat " in result.stdout and "card_drawn seat 0 {card:" in result.stdout


def test_each_line_of_a_jsonl_is_named_and_a_bad_one_spoils_only_itself(
    haggle_registry, haggle_content, tmp_path: Path
) -> None:
    lines = [json.loads(record_file(haggle_content, tmp_path, s).read_text()) for s in (1, 2, 3)]
    lines[1]["final_state_hash"] = "f" * 64
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in lines) + '{"broken": \n')
    result = invoke("replay", str(path), "--content", str(CONTENT_ROOT))
    assert result.exit_code == 2, result.output  # the broken line is malformed
    shown = [ln.split(": ", 1)[0] for ln in result.stdout.splitlines() if ln[:2] in ("OK", "MI")]
    assert shown == [f"OK  {path}:1", f"MISMATCH  {path}:2", f"OK  {path}:3"]
    assert f"{path}:4:" in result.stderr and "not valid JSON" in result.stderr
    assert result.stdout.splitlines()[-1] == "2 reproduced, 1 not reproduced, 1 malformed"


def test_replay_bad_input_exits_two(haggle_registry, haggle_content, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "pnp-record/1", "ruleset": "haggle", "seed": "x"}')
    result = invoke("replay", str(bad))
    assert result.exit_code == 2 and "bad.json: seed: expected an integer" in result.stderr
    assert "Traceback" not in result.output
    path = record_file(haggle_content, tmp_path)
    data = json.loads(path.read_text())
    data["ruleset"] = "hagle"
    path.write_text(json.dumps(data))
    result = invoke("replay", str(path))
    assert result.exit_code == 2 and "unknown ruleset 'hagle'" in result.stderr
    result = invoke("replay", str(tmp_path / "missing.json"))
    assert result.exit_code == 2 and "cannot read the record" in result.stderr


def test_replay_and_scenarios_accept_the_ruleset_folder_as_content(
    haggle_registry, haggle_content, tmp_path: Path
) -> None:
    path = record_file(haggle_content, tmp_path)
    result = invoke("replay", str(path), "--content", str(CONTENT_ROOT / "haggle"))
    assert result.exit_code == 0, result.output
    from tests.fixtures.haggle import SCENARIOS

    scenario = str(SCENARIOS / "play-scores.yaml")
    result = invoke("scenario", scenario, "--content", str(CONTENT_ROOT / "haggle"))
    assert result.exit_code == 0, result.output


def test_replay_a_folder_of_records(haggle_registry, haggle_content, tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    for seed in (1, 2, 3):
        record_file(haggle_content, folder, seed, name=f"game-{seed:06d}.json")
    result = invoke("replay", str(folder))
    assert result.exit_code == 0, result.output
    assert result.stdout.count("OK  ") == 3
    assert result.stderr == ""  # nothing skipped, nothing to say


def test_a_folder_replays_pnps_records_in_game_order_and_skips_other_files(
    haggle_registry, haggle_content, tmp_path: Path
) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    for index, seed in ((2, 1), (10, 2), (1_000_000, 3)):  # game order, not name order
        record_file(haggle_content, folder, seed, name=f"game-{index:06d}.json")
    (folder / "notes.json").write_text('{"mine": "not a record"}\n')
    (folder / "stats.json").write_text("{}\n")  # a --stats file written beside them
    record_file(haggle_content, folder, 4, name="best.json")  # a record, but not so named
    (folder / "game-000003.json").mkdir()  # a folder is no record
    (folder / ".game-000004.json.tmp").write_text("half written")  # hidden: not counted
    result = invoke("replay", str(folder))
    assert result.exit_code == 0, result.output
    ok = [line for line in result.stdout.splitlines() if line.startswith("OK  ")]
    assert [line.split()[1] for line in ok] == [
        f"{folder / name}:"
        for name in ("game-000002.json", "game-000010.json", "game-1000000.json")
    ]
    assert "3 reproduced, 0 not reproduced, 0 malformed" in result.stdout  # skipped: not bad
    assert result.stderr.splitlines() == [
        f"{folder}: skipped 3 files not named like a pnp record (game-NNNNNN.json): "
        "best.json, notes.json, stats.json; name a file to replay it"
    ]
    # a file named on the command line is always read, whatever its name
    result = invoke("replay", str(folder / "best.json"))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"OK  {folder / 'best.json'}: haggle seed 4")
    result = invoke("replay", str(folder / "notes.json"))
    assert result.exit_code == 2 and "notes.json: format: expected 'pnp-record/1'" in result.stderr


def test_a_folder_without_records_is_an_error_naming_it(
    haggle_registry, haggle_content, tmp_path: Path
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    result = invoke("replay", str(empty))
    assert result.exit_code == 2, result.output
    assert result.stderr == f"{empty}: no pnp records (game-NNNNNN.json) in this folder\n"
    assert "Traceback" not in result.output
    (empty / "notes.json").write_text("{}\n")
    result = invoke("replay", str(empty))
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [
        f"{empty}: skipped 1 file not named like a pnp record (game-NNNNNN.json): notes.json; "
        "name a file to replay it",
        f"{empty}: no pnp records (game-NNNNNN.json) in this folder",
    ]
    # the other records given still replay, and the exit status still says 2
    good = record_file(haggle_content, tmp_path, 1)
    result = invoke("replay", str(empty), str(good))
    assert result.exit_code == 2 and result.stdout.startswith(f"OK  {good}")


def test_a_bad_record_is_reported_and_the_others_still_replay(
    haggle_registry, haggle_content, tmp_path: Path
) -> None:
    good = record_file(haggle_content, tmp_path, 1, name="game-000001.json")
    data = json.loads(good.read_text())
    (tmp_path / "game-000002.json").write_text(good.read_text()[:200])
    (tmp_path / "game-000003.json").write_text(json.dumps({**data, "ruleset": "hagle"}))
    record_file(haggle_content, tmp_path, 2, name="game-000004.json")
    result = invoke("replay", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert result.stdout.count("OK  ") == 2  # both good records, before and after the bad ones
    assert "game-000002.json:" in result.stderr and "not valid JSON" in result.stderr
    assert "game-000003.json: ruleset: unknown ruleset 'hagle'" in result.stderr
    assert "2 reproduced, 0 not reproduced, 2 malformed" in result.stdout
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("limits", {"max_steps": "x"}, "limits: expected a mapping with max_steps"),
        ("limits", None, "limits: expected a mapping"),
        ("content_root", 5, "content_root: expected a folder path or null"),
        ("houses", "stark", "houses: expected a list of House ids"),
        ("options", [], "options: expected a mapping"),
        ("failure", {"phase": "agent"}, "failure: expected null, or a mapping"),
    ],
)
def test_a_hand_edited_record_names_the_file_and_key(
    haggle_registry, haggle_content, tmp_path: Path, key: str, value, message: str
) -> None:
    path = record_file(haggle_content, tmp_path)
    path.write_text(json.dumps({**json.loads(path.read_text()), key: value}))
    result = invoke("replay", str(path))
    assert result.exit_code == 2, result.output
    assert f"{path}: {message}" in result.stderr
    assert "Traceback" not in result.output


def test_a_record_the_ruleset_cannot_set_up_names_the_file(
    haggle_registry, haggle_content, tmp_path: Path
) -> None:
    path = record_file(haggle_content, tmp_path)
    path.write_text(json.dumps({**json.loads(path.read_text()), "houses": ["lanister", None]}))
    result = invoke("replay", str(path))
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"{path}: ") and "unknown house 'lanister'" in result.stderr
    assert "Traceback" not in result.output


def test_a_record_that_is_not_utf8_is_located(haggle_registry, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b'{"format": "pnp-record/1",\n "ruleset": "h\xe4ggle"}')
    result = invoke("replay", str(path))
    assert result.exit_code == 2, result.output
    assert f"{path}:2:15: not UTF-8 text (byte 0xe4)" in result.stderr
    assert "codec" not in result.stderr


def test_a_recorded_content_folder_that_is_gone_is_said(
    haggle_registry, haggle_content, tmp_path: Path
) -> None:
    path = record_file(haggle_content, tmp_path)
    data = json.loads(path.read_text())
    data["content_root"] = str(tmp_path / "moved-away")
    path.write_text(json.dumps(data))
    result = invoke("replay", str(path))
    assert f"the content folder it was recorded with, {tmp_path / 'moved-away'}, is gone" in (
        result.stderr
    )
