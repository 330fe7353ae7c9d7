"""The designer's guide ``content/fief/README.md`` stays true to the content schema.

Three checks keep it from drifting: every field (and every allowed word) of
every content model is named in the guide's section for that model; the
shipped numbers its ``rules.yaml`` tables quote are the shipped ones; and
every ``yaml`` example in it is valid content. The ``validate`` error line it
quotes is checked against a real run as well."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content import ContentError, LoadedContent, load_content
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.kit.reference import resolve
from pnp.rulesets.fief.model import FiefContent
from pnp.rulesets.fief.setup import KNOWN_OPTIONS
from tests.content.guides import (
    literal_words,
    load_example,
    nested_types,
    read_yaml_files,
    section,
    write_yaml,
    yaml_examples,
)

README = RULESET.content_dir() / "README.md"

#: the guide's heading (its start, after the ``#``s) documenting each content model
HEADINGS = {
    "FiefContent": "Files",
    "Board": "`board`",
    "Fief": "`fiefs`",
    "Region": "`regions`",
    "Village": "`villages`",
    "Road": "`roads`",
    "Wall": "`wall`",
    "Attribute": "`attributes`",
    "AttributeEffect": "Attribute effects",
    "House": "`houses`",
    "NobleCounts": "`houses`",
    "InitialNobles": "`houses`",
    "HouseAbility": "House abilities",
    "Once": "House abilities",
    "LookAtHand": "House abilities",
    "Noble": "`nobles`",
    "FortuneCard": "`fortune`",
    "DisasterCopy": "`disaster_copies`",
    "FortuneEffect": "Fortune effects",
    "Ambush": "Fortune effects",
    "Assassination": "Fortune effects",
    "Plague": "Fortune effects",
    "CourtCard": "`court`",
    "CourtEffect": "Court effects",
    "FreeTroops": "Court effects",
    "WallCastle": "`wall_castles`",
    "Title": "`titles`",
    "Unit": "`units`",
    "Building": "`buildings`",
    "Token": "`tokens`",
    "Decision": "`decisions`",
    "Rules": "`rules`",
    "StartRules": "`rules.start`",
    "BattleRules": "`rules.battle`",
    "Dice": "`rules.battle.dice`",
    "IncomeRules": "`rules.income`",
    "Prices": "`rules.prices`",
    "ChanceRules": "`rules.chance`",
    "NightsWatchRules": "`rules.nights_watch`",
    "Recruit": "`rules.nights_watch.recruits`",
}

#: the rules models whose tables quote the shipped values, by their path under ``rules``
RULES_TABLES = {
    "`rules`": (),
    "`rules.start`": ("start",),
    "`rules.battle`": ("battle",),
    "`rules.battle.dice`": ("battle", "dice"),
    "`rules.income`": ("income",),
    "`rules.prices`": ("prices",),
    "`rules.chance`": ("chance",),
    "`rules.nights_watch`": ("nights_watch",),
}


def _readme() -> str:
    return README.read_text(encoding="utf-8")


def content_models() -> list[type[BaseModel]]:
    """Every model reachable from the root of the fief content, root first."""
    seen: list[type[BaseModel]] = []
    todo: list[type[BaseModel]] = [FiefContent]
    while todo:
        model = todo.pop(0)
        if model in seen:
            continue
        seen.append(model)
        for info in model.model_fields.values():
            for t in nested_types(info.annotation):
                if isinstance(t, type) and issubclass(t, BaseModel):
                    todo.append(t)
    return seen


def allowed_words(model: type[BaseModel]) -> list[str]:
    """The non-boolean values of every ``Literal`` field of ``model``."""
    return [w for info in model.model_fields.values() for w in literal_words(info.annotation)]


def test_every_content_model_has_a_section() -> None:
    """A new content model needs a heading in the guide (and an entry in HEADINGS)."""
    missing = [m.__name__ for m in content_models() if m.__name__ not in HEADINGS]
    assert not missing, f"document these models in content/fief/README.md: {missing}"


@pytest.mark.parametrize("model", content_models(), ids=lambda m: m.__name__)
def test_every_field_is_documented(model: type[BaseModel]) -> None:
    """Each field name of each content model, and each word a ``Literal`` field allows,
    appears in backticks in that model's section of the guide."""
    text = section(_readme(), HEADINGS[model.__name__])
    names = [info.alias or name for name, info in model.model_fields.items()]
    missing = [n for n in names if f"`{n}`" not in text]
    assert not missing, f"{model.__name__} fields not in README.md: {missing}"
    words = [w for w in allowed_words(model) if f"`{w}`" not in text]
    assert not words, f"{model.__name__} values not in README.md: {words}"


def _flow(value: Any) -> str:
    """A value as the guide's tables write it: YAML flow style, ``null`` for None."""
    if value is None:
        return "null"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    return str(value)


def _shipped_rules() -> dict[str, Any]:
    return yaml.safe_load((RULESET.content_dir() / "rules.yaml").read_text())["rules"]


@pytest.mark.parametrize("heading", list(RULES_TABLES))
def test_rules_tables_quote_the_shipped_values(heading: str) -> None:
    """Each rules.yaml number is in the guide's table with the value rules.yaml ships."""
    node: Any = _shipped_rules()
    for part in RULES_TABLES[heading]:
        node = node[part]
    text = section(_readme(), heading)
    for key, value in node.items():
        if isinstance(value, dict) and key != "units":
            continue  # a sub-table of its own
        row = f"| `{key}` | `{_flow(value)}` |"
        assert row in text, f"README.md {heading}: expected the row {row!r} (rules.yaml changed?)"


# -- the examples --------------------------------------------------------------------


def readme_examples() -> list[str]:
    """The text of every fenced ``yaml`` block of the guide (fragments fenced without
    ``yaml`` are not examples here)."""
    return yaml_examples(_readme(), bare=False)


def _identity(section_name: str, item: Any) -> Any:
    """What makes a list item the same item: its id, or a road's two ends."""
    if isinstance(item, dict) and "id" in item:
        return item["id"]
    if section_name == "roads" and isinstance(item, dict):
        return frozenset((item.get("a"), item.get("b")))
    return None


def _merge(into: dict[str, Any], change: dict[str, Any]) -> None:
    for key, value in change.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


def apply_example(folder: Path, example: dict[str, Any]) -> None:
    """Put an example into a content folder as a designer would edit it.

    A list item whose id (a road: whose two ends) is already in a file replaces
    it there; a new item goes into a file of its own, ``readme-example.yaml``; a
    mapping section (``rules``, ``board``, ``wall``) is merged key by key into
    the file that holds it.
    """
    docs = read_yaml_files(folder)
    changed: set[Path] = set()
    extra: dict[str, Any] = {}
    for name, value in example.items():
        if isinstance(value, list):
            for item in value:
                key = _identity(name, item)
                placed = False
                for path, doc in docs.items():
                    items = doc.get(name) if isinstance(doc, dict) else None
                    if key is None or not isinstance(items, list):
                        continue
                    for i, old in enumerate(items):
                        if _identity(name, old) == key:
                            items[i] = item
                            placed = True
                            changed.add(path)
                if not placed:
                    extra.setdefault(name, []).append(item)
        elif isinstance(value, dict):
            owner = next(p for p, d in docs.items() if isinstance(d, dict) and name in d)
            _merge(docs[owner][name], value)
            changed.add(owner)
        else:
            extra[name] = value
    for path in changed:
        write_yaml(path, docs[path])
    if extra:
        (folder / "readme-example.yaml").write_text(yaml.safe_dump(extra, sort_keys=False))


def _is_subset(want: Any, got: Any) -> bool:
    if isinstance(want, dict):
        return isinstance(got, dict) and all(
            k in got and _is_subset(v, got[k]) for k, v in want.items()
        )
    if isinstance(want, list):
        return (
            isinstance(got, list)
            and len(want) == len(got)
            and all(_is_subset(w, g) for w, g in zip(want, got, strict=True))
        )
    return bool(want == got)


def _assert_applied(content: LoadedContent[FiefContent], example: dict[str, Any]) -> None:
    """Every item and key of the example is in the loaded content as written."""
    model = content.model
    for name, value in example.items():
        loaded = getattr(model, name)
        if isinstance(value, list):
            for item in value:
                key = _identity(name, item)
                matches = [o for o in loaded if _identity(name, o.model_dump()) == key]
                assert len(matches) == 1, (name, key)
                assert _is_subset(item, matches[0].model_dump(mode="json", by_alias=True)), item
        else:
            assert _is_subset(value, loaded.model_dump(mode="json", by_alias=True)), name


def test_the_guide_has_examples() -> None:
    assert len(readme_examples()) >= 10


@pytest.mark.parametrize("number", range(len(readme_examples())), ids=lambda n: f"example-{n + 1}")
def test_yaml_examples_are_valid_content(number: int, content_copy: Path) -> None:
    """Every ```yaml block of the guide is a complete snippet: put into a copy of the
    shipped content (see :func:`apply_example`: edits replace the item with the same
    id, new items are added) it loads and passes every check of ``pnp validate``,
    each of its items is in the loaded content as written, and a decision's
    ``{rules.…}`` placeholders name real rules. Fragments are fenced without
    ``yaml`` and are not checked here."""
    example = yaml.safe_load(readme_examples()[number])
    assert isinstance(example, dict) and example, "an example is a mapping of sections"
    apply_example(content_copy, example)
    loaded = load_example(FiefContent, content_copy, number)
    _assert_applied(loaded, example)
    for d in loaded.model.decisions:
        resolve(d.text, loaded.model, f"decisions {d.id!r}")


def test_a_broken_example_would_fail(content_copy: Path) -> None:
    """The example check is not vacuous: a misspelt reference does not load."""
    broken = readme_examples()[0].replace("fief: riverlands", "fief: riverland", 1)
    assert broken != readme_examples()[0]
    apply_example(content_copy, yaml.safe_load(broken))
    with pytest.raises(ContentError, match="unknown fiefs id 'riverland'"):
        load_content(FiefContent, content_copy)


def test_the_quoted_validate_run_is_real(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The console run the guide quotes is what ``pnp validate`` prints for that edit."""
    quoted = re.search(r"^```console\n\$ (pnp validate [^\n]*)\n(.*?)^```", _readme(), re.S | re.M)
    assert quoted is not None, "README.md quotes a validate run"
    command, output = quoted.group(1), quoted.group(2).splitlines()
    folder = tmp_path / "my-fief"
    shutil.copytree(RULESET.content_dir(), folder)
    stark = folder / "nobles" / "stark.yaml"
    text = stark.read_text()
    assert "attributes: [commander, well-connected]" in text
    stark.write_text(text.replace("[commander, well-connected]", "[comander, well-connected]", 1))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, command.split()[1:])
    assert result.exit_code == 2
    assert result.output.splitlines() == output


# --- What the docs outside the content guide say about fief stays true: the options
# ``pnp rulesets`` lists, the top-level README's ``-o`` examples and the scenario
# guide's Night's Watch example.

ROOT = Path(__file__).resolve().parents[3]


def test_pnp_rulesets_lists_every_option(fief_content: LoadedContent[Any]) -> None:
    """README: "-o sets a ruleset option (pnp rulesets lists them)"; the Night's Watch
    with the player counts it is played with."""
    for key in KNOWN_OPTIONS:
        assert key in RULESET.notes, key
    rules = fief_content.model.rules
    span = f"{rules.nights_watch.min_players}–{rules.max_players} players"
    assert f"nights_watch ({span})" in RULESET.notes


def test_the_readme_names_the_night_s_watch_option() -> None:
    text = " ".join((ROOT / "README.md").read_text().split())
    assert "`-o nights_watch=true` for fief's Night's Watch expansion (5–6 players" in text


def test_the_scenario_guide_s_wall_example_builds(fief_content: LoadedContent[Any]) -> None:
    """The ``wall:`` example of tests/scenarios/fief/README.md sets up the position it shows."""
    guide = (ROOT / "tests" / "scenarios" / "fief" / "README.md").read_text()
    blocks = re.findall(r"```yaml\n(.*?)```", guide, re.S)
    (example,) = [b for b in blocks if "wall:" in b]
    setup = yaml.safe_load(example)["setup"]
    assert RULESET.scenario_game is not None
    game = RULESET.scenario_game(fief_content, setup, [], 0)
    s = game.s
    assert s.nights_watch
    assert s.wall_marker == setup["wall"]["marker"]
    assert [c for c, up in s.castles.items() if not up] == setup["wall"]["fallen"]
    assert s.recruits == setup["wall"]["recruits"]
    assert s.nobles["stark-benjen"].zone == "wall"
