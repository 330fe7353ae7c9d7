"""Game records: their JSON, how they are read back, and how they are written."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest

from pnp.content.problems import display_path
from pnp.engine.errors import RecordError
from pnp.engine.game import GameConfig, Result
from pnp.engine.record import (
    Record,
    check_writable,
    read_records,
    record_name,
    records_in,
    result_dict,
    write_atomic,
)
from pnp.engine.runner import CRASHED, FINISHED, Failure, GameRun, Limits
from pnp.errors import OutputError


def full_record() -> Record:
    """A record whose every field differs from its default."""
    return Record(
        ruleset="haggle",
        seed=17,
        players=3,
        agents=["random", "heuristic", "random"],
        choices=[2, 0, 1],
        status=FINISHED,
        content_hash="abc123",
        engine_version="9.9.9",
        houses=["stark", None, "lannister"],
        options={"winter": True},
        limits={"max_steps": 500, "max_rounds": 12, "invariants": False},
        final_state_hash="f00d",
        result={"winners": [1], "ending": "power", "rounds": 4, "scores": [3, 15, 2]},
        factions=["stark", "tyrell", "lannister"],
        first_player=2,
        rounds=4,
        violations=["a seat holds -1 gold"],
        failure={"phase": "apply", "type": "KeyError", "message": "x", "step": 3},
        content_root="/tmp/content",
        origin={"playtest_seed": 7, "game": 41},
    )


# --- the record's JSON --------------------------------------------------------------


def test_every_field_survives_the_json_round_trip() -> None:
    record = full_record()
    assert Record.from_json(json.loads(record.text()), "r.json") == record


def test_the_file_lists_the_format_first_and_keys_in_their_fixed_order_one_space_deep() -> None:
    text = full_record().text()
    assert text.startswith('{\n "format": "pnp-record/1",\n "ruleset": "haggle",\n')
    assert text.endswith("\n ]\n}\n")  # choices last, one per line
    keys = list(json.loads(text))
    assert keys[-1] == "choices" and keys.index("origin") < keys.index("status")


def test_from_run_keeps_what_the_game_gave() -> None:
    run = GameRun(
        seed=5,
        status=CRASHED,
        result=Result((0,), "power", 3, (15.0, 4.0)),
        choices=[1, 2],
        factions=("stark", "greyjoy"),
        first_player=1,
        violations=["v"],
        failure=Failure("apply", "KeyError", "'x'", "Traceback …", 2),
        state_hash="beef",
        rounds=3,
    )
    config = GameConfig(2, ("stark", None), {"winter": True})
    record = Record.from_run(
        "haggle",
        config,
        ["random", "random"],
        Limits(max_steps=99, max_rounds=7, invariants=False),
        run,
        content_hash="h1",
        content_root=Path("."),
        origin={"game": 4},
    )
    assert record == Record(
        ruleset="haggle",
        seed=5,
        players=2,
        agents=["random", "random"],
        choices=[1, 2],
        status=CRASHED,
        content_hash="h1",
        houses=["stark", None],
        options={"winter": True},
        limits={"max_steps": 99, "max_rounds": 7, "invariants": False},
        final_state_hash="beef",
        result={"winners": [0], "ending": "power", "rounds": 3, "scores": [15.0, 4.0]},
        factions=["stark", "greyjoy"],
        first_player=1,
        rounds=3,
        violations=["v"],
        failure={
            "phase": "apply",
            "type": "KeyError",
            "message": "'x'",
            "step": 2,
            "traceback": "Traceback …",
        },
        content_root=str(Path(".").resolve()),
        origin={"game": 4},
    )
    assert record.game_limits() == Limits(max_steps=99, max_rounds=7, invariants=False)
    assert record.config() == config


def test_houses_left_to_the_seed_stay_none() -> None:
    run = GameRun(seed=1, status=FINISHED, result=None, choices=[])
    record = Record.from_run(
        "haggle", GameConfig(2), ["random"] * 2, Limits(), run, content_hash=""
    )
    assert record.houses is None and record.origin == {} and record.content_root is None
    assert record.result is None and record.failure is None


def test_result_dict_names_every_field() -> None:
    result = Result((1, 2), "shared_victory", 6, (1.0, 9.0, 9.0), ("a", "b"))
    assert result_dict(result) == {
        "winners": [1, 2],
        "ending": "shared_victory",
        "rounds": 6,
        "scores": [1.0, 9.0, 9.0],
    }
    assert result_dict(None) is None


def test_missing_limits_are_the_defaults() -> None:
    record = Record("haggle", 1, 2, ["random"] * 2, [], FINISHED)
    assert record.game_limits() == Limits()
    partial = Record("haggle", 1, 2, ["random"] * 2, [], FINISHED, limits={"max_rounds": 3})
    assert partial.game_limits() == Limits(max_rounds=3)


# --- malformed records ----------------------------------------------------------------


def data(**changes: Any) -> dict[str, Any]:
    base = full_record().to_json()
    base.update(changes)
    return base


@pytest.mark.parametrize(
    ("key", "value", "wanted"),
    [
        ("ruleset", 5, "text"),
        ("seed", "7", "an integer"),
        ("seed", True, "an integer"),
        ("players", 2.0, "an integer"),
        ("agents", "random", "a list of agent names"),
        ("choices", {}, "a list of option indices"),
        ("choices", [1, True], "a list of option indices"),
        ("choices", [1, "2"], "a list of option indices"),
        ("status", 1, "text"),
        ("rounds", 2.5, "a whole number"),
        ("first_player", "1", "a seat number or null"),
        ("limits", {"max_steps": 0}, "a mapping with max_steps and max_rounds"),
    ],
)
def test_a_field_of_the_wrong_shape_is_named(key: str, value: Any, wanted: str) -> None:
    with pytest.raises(RecordError) as caught:
        Record.from_json(data(**{key: value}), "r.json")
    assert str(caught.value).startswith(f"r.json: {key}: expected {wanted}")


def test_a_missing_required_field_is_named() -> None:
    record = data()
    del record["players"]
    with pytest.raises(RecordError, match=r"^r\.json: players: expected an integer$"):
        Record.from_json(record, "r.json")


def test_wrong_format_and_unknown_status_say_what_they_got() -> None:
    with pytest.raises(RecordError) as caught:
        Record.from_json(data(format="pnp-record/0"), "w")
    assert str(caught.value) == "w: format: expected 'pnp-record/1', got 'pnp-record/0'"
    with pytest.raises(RecordError) as caught:
        Record.from_json(data(status="won"), "w")
    assert str(caught.value) == "w: status: unknown status 'won'"
    with pytest.raises(RecordError, match=r"^w: a record must be a JSON object$"):
        Record.from_json([], "w")


def test_unknown_keys_are_ignored() -> None:
    assert Record.from_json(data(comment="mine"), "w") == full_record()


# --- reading files ---------------------------------------------------------------------


def test_a_jsonl_file_names_the_line_of_a_bad_record(tmp_path: Path) -> None:
    good = json.dumps(full_record().to_json())
    path = tmp_path / "games.jsonl"
    path.write_text(f"{good}\n\n{json.dumps(data(seed='x'))}\n", encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        read_records(path)
    assert str(caught.value) == f"{display_path(path)}:3: seed: expected an integer"


def test_a_jsonl_file_names_the_line_and_column_of_bad_json(tmp_path: Path) -> None:
    good = json.dumps(full_record().to_json())
    path = tmp_path / "games.jsonl"
    path.write_text(f"{good}\n  {{nope\n", encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        read_records(path)
    shown = display_path(path)
    assert str(caught.value) == (
        f"{shown}:2:4: not valid JSON: Expecting property name enclosed in double quotes"
    )


def test_a_jsonl_file_reads_every_record_in_order(tmp_path: Path) -> None:
    first, second = full_record(), full_record()
    second.seed = 18
    path = tmp_path / "games.jsonl"
    path.write_text(
        f"{json.dumps(first.to_json())}\n\n{json.dumps(second.to_json())}\n", encoding="utf-8"
    )
    assert read_records(path) == [first, second]


def test_a_jsonl_file_of_blank_lines_has_no_records(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text("\n  \n", encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        read_records(path)
    assert str(caught.value) == f"{display_path(path)}: no records in the file"


@pytest.mark.parametrize(
    ("raw", "where", "byte"),
    [
        (b'{"a":\n\n"b\xff"}', "3:3", 0xFF),  # the last of several newlines counts
        (b'\n\xff{"a": 1}', "2:1", 0xFF),  # a newline at the very start counts too
        (b'  \xfe{"a": 1}', "1:3", 0xFE),
        (b' \xff\n\n{"a": 1}', "1:2", 0xFF),  # a newline after the byte does not count
    ],
)
def test_bytes_that_are_not_utf8_are_located_by_line_and_column(
    tmp_path: Path, raw: bytes, where: str, byte: int
) -> None:
    path = tmp_path / "r.json"
    path.write_bytes(raw)
    with pytest.raises(RecordError) as caught:
        read_records(path)
    assert str(caught.value) == (
        f"{display_path(path)}:{where}: not UTF-8 text (byte 0x{byte:02x}); "
        "a record is JSON written by pnp playtest"
    )


def test_a_record_that_cannot_be_read_says_why(tmp_path: Path) -> None:
    with pytest.raises(RecordError) as caught:
        read_records(tmp_path)
    assert str(caught.value) == f"{display_path(tmp_path)}: cannot read the record: Is a directory"


def test_records_in_a_missing_folder_say_why(tmp_path: Path) -> None:
    missing = tmp_path / "gone"
    with pytest.raises(RecordError) as caught:
        records_in(missing)
    assert str(caught.value) == (
        f"{display_path(missing)}: cannot list the folder: No such file or directory"
    )


def test_records_in_sorts_records_by_game_and_keeps_the_rest_apart(tmp_path: Path) -> None:
    for index in (10, 2, 1_000_000):
        (tmp_path / record_name(index)).write_text("{}")
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / ".game-000003.json.tmp").write_text("")
    (tmp_path / "game-000004.json.d").mkdir()
    records, others = records_in(tmp_path)
    assert [p.name for p in records] == [
        "game-000002.json",
        "game-000010.json",
        "game-1000000.json",
    ]
    assert others == [tmp_path / "notes.txt"]


# --- writing ---------------------------------------------------------------------------


def test_write_atomic_makes_missing_folders_and_writes_text_or_bytes(tmp_path: Path) -> None:
    text_path = tmp_path / "a" / "b" / "c.json"
    write_atomic(text_path, "é\n")
    assert text_path.read_bytes() == "é\n".encode()
    bytes_path = tmp_path / "a" / "raw.bin"
    write_atomic(bytes_path, b"\x00\xff")
    assert bytes_path.read_bytes() == b"\x00\xff"
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == ["b", "raw.bin"]


def test_write_atomic_writes_through_a_hidden_file_beside_the_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    moved: list[tuple[str, str]] = []
    real_replace = os.replace

    def spy(src: Any, dst: Any) -> None:
        moved.append((str(src), str(dst)))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    target = tmp_path / "r.json"
    write_atomic(target, "{}")
    [(src, dst)] = moved
    assert Path(src).parent == tmp_path and Path(src).name.startswith(".r.json.")
    assert dst == str(target)


def test_write_atomic_under_a_file_names_the_target(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    target = tmp_path / "file" / "sub" / "r.json"
    with pytest.raises(OutputError) as caught:
        write_atomic(target, "{}")
    assert str(caught.value) == f"cannot write {display_path(target)}: Not a directory"


def fail_on_replace(monkeypatch: pytest.MonkeyPatch, fault: BaseException, gone: bool) -> None:
    """Make the final rename raise ``fault``, the temporary file first removed if ``gone``
    (something else cleaned it up)."""

    def failing(src: Any, dst: Any) -> None:
        if gone:
            Path(src).unlink()
        raise fault

    monkeypatch.setattr(os, "replace", failing)


@pytest.mark.parametrize("gone", [False, True])
def test_a_failed_write_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, gone: bool
) -> None:
    fail_on_replace(monkeypatch, OSError(28, "No space left on device"), gone)
    target = tmp_path / "r.json"
    with pytest.raises(OutputError) as caught:
        write_atomic(target, "{}")
    assert str(caught.value) == f"cannot write {display_path(target)}: No space left on device"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("gone", [False, True])
def test_an_interrupted_write_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, gone: bool
) -> None:
    fail_on_replace(monkeypatch, KeyboardInterrupt(), gone)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(tmp_path / "r.json", "{}")
    assert list(tmp_path.iterdir()) == []


def test_record_write_is_its_text(tmp_path: Path) -> None:
    record = full_record()
    record.write(tmp_path / "r.json")
    assert (tmp_path / "r.json").read_text(encoding="utf-8") == record.text()
    assert read_records(tmp_path / "r.json") == [record]


# --- checking an output before a long run ------------------------------------------------


class TempSpy:
    """Records the folder of each probe file :func:`check_writable` makes."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, error: OSError | None = None) -> None:
        self.dirs: list[Path] = []
        self.error = error
        monkeypatch.setattr(tempfile, "TemporaryFile", self)

    def __call__(self, dir: Any = None) -> Any:
        self.dirs.append(Path(dir) if dir is not None else Path(tempfile.gettempdir()))
        if self.error is not None:
            raise self.error
        return open(os.devnull, "wb")


def test_an_existing_file_can_be_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spy = TempSpy(monkeypatch)
    (tmp_path / "report.pdf").write_text("old")
    check_writable(tmp_path / "report.pdf", "--report")
    assert spy.dirs == [tmp_path]


def test_a_missing_path_is_probed_in_its_nearest_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = TempSpy(monkeypatch)
    check_writable(tmp_path / "a" / "b" / "report.pdf", "--report")
    check_writable(tmp_path / "x" / "records", "--records", folder=True)
    assert spy.dirs == [tmp_path, tmp_path]
    assert list(tmp_path.iterdir()) == []  # nothing was made


def test_an_existing_folder_is_probed_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = TempSpy(monkeypatch)
    (tmp_path / "records").mkdir()
    check_writable(tmp_path / "records", "--records", folder=True)
    assert spy.dirs == [tmp_path / "records"]


def test_a_file_where_a_folder_is_wanted_and_the_reverse(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("x")
    shown = display_path(tmp_path / "taken")
    with pytest.raises(OutputError) as caught:
        check_writable(tmp_path / "taken", "--records", folder=True)
    assert str(caught.value) == f"--records {shown}: not a folder"
    (tmp_path / "dir").mkdir()
    with pytest.raises(OutputError) as caught:
        check_writable(tmp_path / "dir", "--report")
    assert str(caught.value) == f"--report {display_path(tmp_path / 'dir')}: is a folder"


def test_a_path_under_a_file_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("x")
    target = tmp_path / "taken" / "sub" / "report.pdf"
    with pytest.raises(OutputError) as caught:
        check_writable(target, "--report")
    assert str(caught.value) == (
        f"--report {display_path(target)}: {display_path(tmp_path / 'taken')} is not a folder"
    )


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (PermissionError(13, "Permission denied"), "Permission denied"),
        (OSError("quota exceeded"), "quota exceeded"),
    ],
)
def test_a_folder_that_cannot_be_written_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, reason: str
) -> None:
    TempSpy(monkeypatch, error)
    target = tmp_path / "report.pdf"
    with pytest.raises(OutputError) as caught:
        check_writable(target, "--report")
    assert str(caught.value) == (
        f"--report {display_path(target)}: cannot write to {display_path(tmp_path)}: {reason}"
    )
