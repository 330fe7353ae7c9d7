"""Game records: everything needed to replay a game, as JSON.

A record holds the ruleset, the engine version, the content hash, the seed,
the configuration (players, Houses asked for, options), the agents, the
limits, the chosen option indices, and how the game ended: the final state
hash and result, or the crash or invariant violation that stopped it. A
``.json`` file holds one record; a ``.jsonl`` file one record per line.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp import __version__
from pnp.content.problems import display_path
from pnp.engine.errors import RecordError
from pnp.engine.game import GameConfig, Result
from pnp.engine.runner import STATUSES, GameRun, Limits
from pnp.errors import OutputError
from pnp.filemode import output_mode

RECORD_FORMAT = "pnp-record/1"

#: the name of every record a playtest writes (``game-000041.json``), and nothing else
RECORD_NAME = re.compile(r"game-(\d{6,})\.json")
#: :data:`RECORD_NAME` as users read it
RECORD_PATTERN = "game-NNNNNN.json"


def record_name(index: int) -> str:
    """The file name of game ``index``'s record; it matches :data:`RECORD_NAME`."""
    return f"game-{index:06d}.json"


def records_in(folder: Path) -> tuple[list[Path], list[Path]]:
    """The records pnp wrote in ``folder`` (named as :data:`RECORD_NAME`, in game order)
    and the other files there, which are not pnp's records (a user's notes, a stats file).

    Sub-folders and hidden files (``.name``: temporary files) are neither.
    """
    records: list[tuple[int, str, Path]] = []
    others: list[Path] = []
    try:
        entries = list(folder.iterdir())
    except OSError as exc:
        raise RecordError(
            f"{display_path(folder)}: cannot list the folder: {exc.strerror or exc}"
        ) from None
    for path in entries:
        if path.name.startswith(".") or not path.is_file():
            continue
        match = RECORD_NAME.fullmatch(path.name)
        if match:
            records.append((int(match.group(1)), path.name, path))
        else:
            others.append(path)
    return [path for *_, path in sorted(records)], sorted(others)


@dataclass
class Record:
    """One game, replayable."""

    ruleset: str
    seed: int
    players: int
    agents: list[str]
    choices: list[int]
    status: str
    content_hash: str = ""
    engine_version: str = __version__
    #: the Houses asked for, one per seat (``None``: left to the seed)
    houses: list[str | None] | None = None
    options: dict[str, Any] = field(default_factory=dict)
    limits: dict[str, Any] = field(default_factory=dict)
    final_state_hash: str | None = None
    result: dict[str, Any] | None = None
    #: the Houses actually played
    factions: list[str] = field(default_factory=list)
    first_player: int | None = None
    rounds: int = 0
    violations: list[str] = field(default_factory=list)
    failure: dict[str, Any] | None = None
    #: the ``--content`` root used (``None``: the shipped content)
    content_root: str | None = None
    #: where the game came from, e.g. ``{"playtest_seed": 7, "game": 41}``
    origin: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_run(
        cls,
        ruleset: str,
        config: GameConfig,
        agents: list[str],
        limits: Limits,
        run: GameRun,
        *,
        content_hash: str,
        content_root: Path | None = None,
        origin: dict[str, Any] | None = None,
    ) -> Record:
        """The record of a finished :class:`GameRun`."""
        failure = None
        if run.failure is not None:
            f = run.failure
            failure = {
                "phase": f.phase,
                "type": f.type,
                "message": f.message,
                "step": f.step,
                "traceback": f.traceback,
            }
        return cls(
            ruleset=ruleset,
            seed=run.seed,
            players=config.players,
            agents=list(agents),
            choices=list(run.choices),
            status=run.status,
            content_hash=content_hash,
            houses=list(config.factions) if config.factions is not None else None,
            options=dict(config.options),
            limits={
                "max_steps": limits.max_steps,
                "max_rounds": limits.max_rounds,
                "invariants": limits.invariants,
            },
            final_state_hash=run.state_hash,
            result=result_dict(run.result),
            factions=list(run.factions),
            first_player=run.first_player,
            rounds=run.rounds,
            violations=list(run.violations),
            failure=failure,
            content_root=str(content_root.resolve()) if content_root is not None else None,
            origin=dict(origin or {}),
        )

    def config(self) -> GameConfig:
        """The configuration the game was set up with."""
        houses = tuple(self.houses) if self.houses is not None else None
        return GameConfig(self.players, houses, dict(self.options))

    def game_limits(self) -> Limits:
        """The caps and invariant setting the game ran under."""
        default = Limits()  # an instance: a compiled class's attributes are descriptors
        return Limits(
            max_steps=int(self.limits.get("max_steps", default.max_steps)),
            max_rounds=int(self.limits.get("max_rounds", default.max_rounds)),
            invariants=bool(self.limits.get("invariants", True)),
        )

    def to_json(self) -> dict[str, Any]:
        """The record as plain JSON data (keys in a fixed order)."""
        return {
            "format": RECORD_FORMAT,
            "ruleset": self.ruleset,
            "engine_version": self.engine_version,
            "content_hash": self.content_hash,
            "content_root": self.content_root,
            "seed": self.seed,
            "players": self.players,
            "houses": self.houses,
            "agents": self.agents,
            "options": self.options,
            "limits": self.limits,
            "origin": self.origin,
            "status": self.status,
            "result": self.result,
            "final_state_hash": self.final_state_hash,
            "factions": self.factions,
            "first_player": self.first_player,
            "rounds": self.rounds,
            "violations": self.violations,
            "failure": self.failure,
            "choices": self.choices,
        }

    @classmethod
    def from_json(cls, data: Any, where: str) -> Record:
        """Read a record from JSON data; :class:`RecordError` naming ``where`` if malformed."""
        if not isinstance(data, dict):
            raise RecordError(f"{where}: a record must be a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(
                f"{where}: format: expected {RECORD_FORMAT!r}, got {data.get('format')!r}"
            )
        required = {
            "ruleset": (str, "text"),
            "seed": (int, "an integer"),
            "players": (int, "an integer"),
            "agents": (list, "a list of agent names"),
            "choices": (list, "a list of option indices"),
            "status": (str, "text"),
        }
        for key, (kind, wanted) in required.items():
            if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
                raise RecordError(f"{where}: {key}: expected {wanted}")
        if not all(isinstance(c, int) and not isinstance(c, bool) for c in data["choices"]):
            raise RecordError(f"{where}: choices: expected a list of option indices")
        if data["status"] not in STATUSES:
            raise RecordError(f"{where}: status: unknown status {data['status']!r}")
        _check_optional(data, where)
        # every required field was checked above and unknown keys are dropped, so the
        # constructor cannot refuse what is left
        known = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in data.items() if k in known})

    def text(self) -> str:
        """The record as its file holds it (JSON)."""
        return json.dumps(self.to_json(), indent=1, sort_keys=False) + "\n"

    def write(self, path: Path) -> None:
        """Write the record to ``path`` atomically (a ``.json`` file)."""
        write_atomic(path, self.text())


def result_dict(result: Result | None) -> dict[str, Any] | None:
    """A :class:`Result` as plain JSON data."""
    if result is None:
        return None
    return {
        "winners": list(result.winners),
        "ending": result.ending,
        "rounds": result.rounds,
        "scores": list(result.scores),
    }


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: the optional keys of a record: a test of the value and what it should be
_OPTIONAL: dict[str, tuple[Any, str]] = {
    "content_hash": (lambda v: isinstance(v, str), "text"),
    "engine_version": (lambda v: isinstance(v, str), "text"),
    "content_root": (lambda v: v is None or isinstance(v, str), "a folder path or null"),
    "houses": (
        lambda v: (
            v is None or (isinstance(v, list) and all(h is None or isinstance(h, str) for h in v))
        ),
        "a list of House ids (null for one left to the seed) or null",
    ),
    "options": (lambda v: isinstance(v, dict), "a mapping of option names to values"),
    "limits": (
        lambda v: (
            isinstance(v, dict)
            and all(_is_int(v[k]) and v[k] >= 1 for k in ("max_steps", "max_rounds") if k in v)
            and isinstance(v.get("invariants", True), bool)
        ),
        "a mapping with max_steps and max_rounds (whole numbers, at least 1) and invariants "
        "(true or false)",
    ),
    "origin": (lambda v: isinstance(v, dict), "a mapping"),
    "result": (lambda v: v is None or isinstance(v, dict), "a mapping or null"),
    "final_state_hash": (lambda v: v is None or isinstance(v, str), "text or null"),
    "factions": (lambda v: isinstance(v, list), "a list of House ids"),
    "first_player": (lambda v: v is None or _is_int(v), "a seat number or null"),
    "rounds": (_is_int, "a whole number"),
    "violations": (lambda v: isinstance(v, list), "a list of messages"),
    "failure": (
        lambda v: (
            v is None
            or (
                isinstance(v, dict)
                and all(isinstance(v.get(k), str) for k in ("phase", "type", "message"))
                and _is_int(v.get("step"))
            )
        ),
        "null, or a mapping with phase, type, message (text) and step (a whole number)",
    ),
}


def _check_optional(data: dict[str, Any], where: str) -> None:
    """Raise :class:`RecordError` for an optional key whose value has the wrong shape
    (a hand-edited record), rather than fail later inside the replay."""
    for key, (test, wanted) in _OPTIONAL.items():
        if key in data and not test(data[key]):
            raise RecordError(f"{where}: {key}: expected {wanted}")


def write_atomic(path: Path, data: str | bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file, so no half-written file is left.

    Raises :class:`~pnp.errors.OutputError` when ``path`` cannot be written.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as exc:
        raise OutputError(f"cannot write {display_path(path)}: {exc.strerror or exc}") from None
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        # mkstemp makes owner-only files; an output gets the umask's permissions
        os.fchmod(fd, output_mode())
        with os.fdopen(fd, "wb") as out:
            out.write(raw)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise OutputError(f"cannot write {display_path(path)}: {exc.strerror or exc}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def check_outputs(outputs: Sequence[tuple[str, Path | None]]) -> None:
    """Check each given output as :func:`check_writable` does, and that no two name the
    same file: the one written last would silently replace the other."""
    seen: dict[Path, str] = {}
    for option, path in outputs:
        if path is None:
            continue
        check_writable(path, option)
        key = path.resolve()
        if key in seen:
            raise OutputError(
                f"{seen[key]} and {option} both name {display_path(path)}: give each its own file"
            )
        seen[key] = option


def check_writable(path: Path, option: str, *, folder: bool = False) -> None:
    """Raise :class:`~pnp.errors.OutputError` unless ``path`` (a file, or a ``folder``)
    could be written, without creating anything.

    Long runs call this before they start, so a bad ``--report`` or
    ``--records`` fails at once rather than after hours of play.
    """
    shown = f"{option} {display_path(path)}"
    if path.exists():
        if folder and not path.is_dir():
            raise OutputError(f"{shown}: not a folder")
        if not folder and path.is_dir():
            raise OutputError(f"{shown}: is a folder")
    # the nearest folder that exists is where the missing ones would be made
    existing = path if folder and path.is_dir() else path.parent
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise OutputError(f"{shown}: {display_path(existing)} is not a folder")
    try:
        with tempfile.TemporaryFile(dir=existing):
            pass
    except OSError as exc:
        reason = exc.strerror or exc
        raise OutputError(f"{shown}: cannot write to {display_path(existing)}: {reason}") from None


def _text(path: Path) -> str:
    """The text of a record file (:class:`RecordError` if it cannot be read as UTF-8)."""
    shown = display_path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise RecordError(f"{shown}: cannot read the record: {exc.strerror or exc}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:  # located like a content file's, not Python's codec text
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise RecordError(
            f"{shown}:{line}:{column}: not UTF-8 text (byte 0x{raw[exc.start]:02x}); "
            "a record is JSON written by pnp playtest"
        ) from None


def read_records(path: Path) -> list[Record]:
    """Every record in ``path`` (``.json``: one; ``.jsonl``: one per line)."""
    shown = display_path(path)
    text = _text(path)
    if path.suffix == ".jsonl":
        records = []
        for n, row in enumerate(text.splitlines(), start=1):
            if row.strip():
                records.append(Record.from_json(_parse(row, shown, n), f"{shown}:{n}"))
        if not records:
            raise RecordError(f"{shown}: no records in the file")
        return records
    return [Record.from_json(_parse(text, shown), shown)]


def record_entries(path: Path) -> list[tuple[str, Record | RecordError]]:
    """Each record of ``path`` with where it is (``game.json``; ``games.jsonl:3`` for a
    line of a ``.jsonl``), or the problem that keeps it from being read: one bad line
    of a ``.jsonl`` spoils that line only."""
    if path.suffix != ".jsonl":
        try:
            return [(display_path(path), read_records(path)[0])]
        except RecordError as exc:
            return [(display_path(path), exc)]
    try:
        whole = _text(path)
    except RecordError as exc:
        return [(display_path(path), exc)]
    shown = display_path(path)
    out: list[tuple[str, Record | RecordError]] = []
    for n, row in enumerate(whole.splitlines(), start=1):
        if not row.strip():
            continue
        try:
            out.append((f"{shown}:{n}", Record.from_json(_parse(row, shown, n), f"{shown}:{n}")))
        except RecordError as exc:
            out.append((f"{shown}:{n}", exc))
    return out or [(shown, RecordError(f"{shown}: no records in the file"))]


def _parse(text: str, shown: str, line: int | None = None) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"{shown}:{line or exc.lineno}:{exc.colno}"
        raise RecordError(f"{where}: not valid JSON: {exc.msg}") from None
