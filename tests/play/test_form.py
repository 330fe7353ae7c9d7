"""The generic text form (a ruleset without its own) and the pieces every form shares."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import pnp.rulesets
from pnp.cli import app
from pnp.engine.event import Event
from pnp.engine.record import read_records
from pnp.play.form import TextForm, Words
from pnp.play.screen import counted, esc, humanize, tint
from tests.fixtures.haggle import CONTENT_ROOT, HAGGLE


def test_a_ruleset_without_a_text_form_plays_with_the_generic_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(pnp.rulesets, "RULESETS", (HAGGLE,))
    assert HAGGLE.text_form is None
    record = tmp_path / "g.json"
    result = CliRunner().invoke(
        app,
        ["play", "haggle", "--content", str(CONTENT_ROOT), "--record", str(record)],
        input="1\n" * 200,
    )
    assert result.exit_code == 0, result.output
    assert "your decision" in result.output and "Game over" in result.output
    assert read_records(record)[0].status == "finished"


class Form(TextForm):
    EVENTS = {
        "drew": Words("{seat} draws {card}.", hidden="{seat} draws a card."),
        "attack": Words("{seat} attacks {target!p}."),
        "march": Words("{seat} marches with {troops:troop}."),
        "count": Words("{seat} counts {n:d}."),
        "noise": None,
    }


@pytest.fixture
def form() -> Form:
    f = Form(HAGGLE.load(CONTENT_ROOT), ("stark", "tully"))
    f.names.update({"stark": "House Stark", "tully": "House Tully", "ice": "Ice"})
    f.colours = {"stark": "#888888"}
    return f


def test_a_private_event_is_told_in_full_to_its_seat_only(form: Form) -> None:
    drew = Event("drew", 0, {"card": "ice"})
    assert form.event(drew, 0) == "[bold #888888]Stark[/] (seat 0) draws Ice."
    assert form.event(drew, 1) == "[bold #888888]Stark[/] (seat 0) draws a card."
    assert form.event(drew, None) == "[bold #888888]Stark[/] (seat 0) draws Ice."


def test_events_name_players_skip_noise_and_fall_back_to_data(form: Form) -> None:
    assert form.event(Event("attack", 1, {"target": 0}), 0) == (
        "Tully (seat 1) attacks [bold #888888]Stark[/] (seat 0)."
    )
    assert form.event(Event("noise", 0), 0) is None
    assert form.event(Event("odd_thing", None, {"card": "ice"}), 0) == "odd thing (card Ice)"
    # words naming data the event lacks fall back to the data, never crash
    assert form.event(Event("attack", 1, {}), 0) == "Tully (seat 1): attack"


def test_a_count_with_a_noun_reads_as_so_many_of_it(form: Form) -> None:
    # before, fief told "moves Robb Stark from Winterfell to Moat Cailin (1 troops)"
    told = [form.event(Event("march", 1, {"troops": n}), 1) for n in (0, 1, 3)]
    assert told == [
        "Tully (seat 1) marches with no troops.",
        "Tully (seat 1) marches with 1 troop.",
        "Tully (seat 1) marches with 3 troops.",
    ]
    # Python's own one-letter formats keep their meaning
    assert form.event(Event("count", 1, {"n": 3}), 1) == "Tully (seat 1) counts 3."


def test_option_labels_read_as_names(form: Form) -> None:
    assert form.option_label("take: ice against seat 1") == "take: Ice against Tully (seat 1)"


def test_screen_helpers() -> None:
    assert esc("[b]x") == r"\[b]x"
    assert tint("Ice", "#3f6fb5") == "[bold #3f6fb5]Ice[/]"
    assert tint("Ice", "") == "Ice"
    assert humanize("marshal: stark-bran, done", {"stark-bran": "Bran"}) == "marshal: Bran, done"
    assert counted(["a", "b", "a"]) == ["a ×2", "b"]


@pytest.mark.parametrize("name", ["thrones", "ironthrone", "fief"])
def test_the_referee_and_its_text_form_load_no_rich(name: str) -> None:
    """A view module holds the text form as plain blocks: a playtest's games load no rich
    (only pnp/play/draw.py does, when a screen is drawn)."""
    import json
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    probe = (
        f"import sys, json, pnp.rulesets.{name}.game, pnp.rulesets.{name}.view; "
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'rich')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
    )
    assert json.loads(out.stdout) == []
    drawn = subprocess.run(
        [sys.executable, "-c", probe.replace("import sys,", "import sys, pnp.play.draw,")],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
    )
    assert "rich.console" in json.loads(drawn.stdout)  # the probe sees rich when it is there


#: setups that between them reach every kind of event: each option and player count
EVENT_SETUPS = {
    "thrones": [(2, {}), (2, {"draft": True}), (3, {"littlefinger": True}), (4, {})],
    "ironthrone": [(3, {}), (5, {})],
    "fief": [
        (4, {"winter": True, "tactics": True, "concession": True}),
        (6, {"nights_watch": True, "winter": True}),
    ],
}


def _emitted_kinds(package: Path) -> set[str]:
    """The event kinds a package's code names where it emits (``emit("kind", …)``) or
    builds (``Event("kind", …)``) an event."""
    import ast

    kinds = set()
    for source in package.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            first = node.args[0]
            if name in ("emit", "Event") and isinstance(first, ast.Constant):
                kinds.add(str(first.value))
    return kinds


#: one event of each kind and shape of data (its keys) met in :func:`_played`'s games
_SHAPES: dict[str, dict[tuple[str, frozenset[str]], Event]] = {}


@functools.cache
def _played(name: str) -> tuple[frozenset[str], frozenset[str]]:
    """The event kinds and decision kinds of seeded games of every setup of ``name``
    (heuristic and random seats); one event of each shape lands in :data:`_SHAPES`."""
    from pnp.engine.game import GameConfig
    from pnp.engine.runner import Limits, agents_chooser, run_game
    from pnp.rulesets import find_ruleset

    ruleset = find_ruleset(name)
    content = ruleset.load(None)
    events: set[str] = set()
    decisions: set[str] = set()
    shapes = _SHAPES.setdefault(name, {})

    def observe(batch: Any) -> None:
        for e in batch:
            events.add(e.kind)
            shapes.setdefault((e.kind, frozenset(e.data)), e)

    for players, options in EVENT_SETUPS[name]:
        for seed in range(3):
            for agent in ("heuristic", "random"):
                choose = agents_chooser(ruleset, [agent] * players, seed)

                def noting(game: Any, decision: Any, choose: Any = choose) -> Any:
                    decisions.add(decision.kind)
                    return choose(game, decision)

                run_game(
                    ruleset,
                    content,
                    GameConfig(players, None, options),
                    seed,
                    noting,
                    Limits.for_ruleset(ruleset),
                    observer=observe,
                )
    return frozenset(events), frozenset(decisions)


def _form(name: str) -> TextForm:
    from pnp.play.form import text_form_for
    from pnp.rulesets import find_ruleset

    ruleset = find_ruleset(name)
    content = ruleset.load(None)
    return text_form_for(ruleset, content, [h.id for h in content.model.houses][:2])


@pytest.mark.parametrize("name", sorted(EVENT_SETUPS))
def test_every_event_a_ruleset_emits_is_told_in_words(name: str) -> None:
    # before, fief's whole Night's Watch, its winter and tactics, thrones' melee titles and
    # plot draft, Iron Throne's stay-outs reached the table as data: "wall bids revealed
    # (bids {'0': 1}, ...)", "challenge redirected (old 0, new 2)"
    package = Path(__file__).resolve().parents[2] / "pnp" / "rulesets" / name
    seen = _emitted_kinds(package) | _played(name)[0]
    assert sorted(seen - set(_form(name).EVENTS)) == []


@pytest.mark.parametrize("name", sorted(EVENT_SETUPS))
def test_every_shape_of_event_met_is_told_in_sentences_not_as_data(name: str) -> None:
    # fief's uprising aimed at a Noble (not a Village) was told as
    # "Tully (seat 3): uprising (noble Lysa Arryn)"
    _played(name)
    form = _form(name)
    raw = [
        f"{kind} {sorted(keys)}"
        for (kind, keys), event in sorted(_SHAPES[name].items(), key=lambda kv: kv[0][0])
        if form.EVENTS.get(kind) is not None and form.event(event, None) == form._as_data(event)
    ]
    assert raw == []


@pytest.mark.parametrize("name", sorted(EVENT_SETUPS))
def test_every_decision_is_explained_by_a_section_of_the_reference(name: str) -> None:
    # before, '?' at a thrones redirect or a fief castle falling said only "Choose one of
    # the options (castle falls)", with no section to read
    form = _form(name)
    assert sorted(_played(name)[1] - set(form.HELP)) == []
    reference = CliRunner().invoke(app, ["rules", name, "--format", "md", "--out", "-"])
    assert reference.exit_code == 0, reference.output
    headings = {
        line.lstrip("#").strip() for line in reference.stdout.splitlines() if line.startswith("#")
    }
    assert sorted({h.section for h in form.HELP.values()} - headings) == []


def test_house_colours_stay_readable_on_dark_and_light_terminals() -> None:
    """The thrones Targaryens (#1b1b1b) drew near-black names and borders on a dark
    terminal; a colour within the band is left as it is."""
    import colorsys

    from pnp.play.screen import LIGHTNESS, readable

    def lightness(colour: str) -> float:
        rgb = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
        return colorsys.rgb_to_hls(*rgb)[1]

    for colour in ("#1b1b1b", "#000000", "#ffffff", "#0a1a3a", "#f4f0e0"):
        assert LIGHTNESS[0] - 0.01 <= lightness(readable(colour)) <= LIGHTNESS[1] + 0.01
    assert readable("#3f6fb5") == "#3f6fb5"  # Tully's blue, readable already
    assert readable("") == "" and readable("white") == "white"
    assert tint("Stark", "#1b1b1b") == f"[bold {readable('#1b1b1b')}]Stark[/]"


#: decisions whose ``?`` names a part of a section, not all of it: thrones' round, fief's
#: Phase 1 (they named the whole)
SUBSECTIONS = {
    "thrones": {
        "plot": "Plot",
        "marshal": "Draw and marshalling",
        "challenge": "Challenges",
        "attackers": "Challenges",
        "defenders": "Challenges",
        "claim": "Challenges",
    },
    "fief": {
        "propose_marriage": "Marriages and alliances",
        "divorce": "Marriages and alliances",
        "vote": "Elections",
        "bribe": "Elections",
        "pardon": "Pardons and Outlaws",
        "false_idols": "The False Idols",
        "place_noble": "The Court Event deck",
    },
}


@pytest.mark.parametrize("name", sorted(SUBSECTIONS))
def test_help_names_the_part_of_the_reference_that_has_the_rule(name: str) -> None:
    from pnp.engine.decision import Decision, Option

    form = _form(name)
    for kind, section in SUBSECTIONS[name].items():
        assert form.explain(Decision(0, kind, (Option("x"),))).section == section, kind
