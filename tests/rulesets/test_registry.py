"""The ruleset registry and the plug-in protocol."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import pnp.rulesets
from pnp.errors import UnknownRulesetError, UsageError
from pnp.rulesets import all_rulesets, find_ruleset
from tests.fixtures.toy import TOY, ToyContent


def test_find_ruleset(toy_registry: None) -> None:
    assert find_ruleset("toy") is TOY


def test_ruleset_names_are_found_in_any_case() -> None:
    assert find_ruleset("Fief").name == "fief"
    assert find_ruleset("THRONES").name == "thrones"
    assert find_ruleset("IronThrone").name == "ironthrone"


def test_unknown_ruleset_suggests(toy_registry: None) -> None:
    with pytest.raises(UnknownRulesetError, match="did you mean 'toy'"):
        find_ruleset("tyo")
    # the hint and the known list give the canonical lower-case name
    with pytest.raises(
        UnknownRulesetError, match=r"unknown ruleset 'TYO' \(known: toy\); did you mean 'toy'"
    ):
        find_ruleset("TYO")


def test_registered_names_are_unique() -> None:
    names = [r.name for r in all_rulesets()]
    assert len(names) == len(set(names))


def test_every_registered_ruleset_has_content_folder() -> None:
    for ruleset in pnp.rulesets.all_rulesets():
        assert ruleset.content_dir().is_dir(), ruleset.name


def test_content_folder_defaults_to_name() -> None:
    assert TOY.content_folder == "toy"


def test_players_text() -> None:
    assert TOY.players_text() == "2–4"
    odd = pnp.rulesets.Ruleset("odd", "Odd", (3, 5), ToyContent)
    assert odd.players_text() == "3, 5"


def test_check_players() -> None:
    TOY.check_players(3)
    with pytest.raises(UsageError, match="toy is played by 2–4 players, not 6"):
        TOY.check_players(6)


def test_content_dir_resolution(toy_root: Path) -> None:
    assert TOY.content_dir(toy_root) == toy_root / "toy"
    # a ruleset folder given directly, for a single ruleset
    assert TOY.content_dir(toy_root / "toy", alone=True) == toy_root / "toy"
    assert TOY.content_dir(toy_root / "toy", alone=False) == toy_root / "toy" / "toy"


def test_a_folder_whose_yaml_is_no_rulesets_content_is_not_taken_for_one(tmp_path: Path) -> None:
    from pnp.content import ContentError

    # `--content /tmp`: a stray YAML file there must not make every YAML beneath it content
    (tmp_path / "notes.yaml").write_text("setup: {}\nexpect: {}\n", encoding="utf-8")
    (tmp_path / "blank.yaml").write_text("# nothing yet\n", encoding="utf-8")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "units.yaml").write_text("nonsense: 1\n", encoding="utf-8")
    assert TOY.content_dir(tmp_path, alone=True) == tmp_path / "toy"
    with pytest.raises(ContentError) as info:
        TOY.load(tmp_path, alone=True)
    (problem,) = info.value.problems
    assert problem.message.startswith(f"no such content folder ({tmp_path} holds YAML files, ")
    assert "but none with a toy section: " in problem.message and "decks" in problem.message


def test_a_folder_with_broken_yaml_is_read_so_the_loader_names_the_line(tmp_path: Path) -> None:
    from pnp.content import ContentError

    (tmp_path / "game.yaml").write_text("decks: [\n", encoding="utf-8")
    assert TOY.content_dir(tmp_path, alone=True) == tmp_path
    with pytest.raises(ContentError) as info:
        TOY.load(tmp_path, alone=True)
    assert all(p.file.endswith("game.yaml") and p.line for p in info.value.problems)


def test_one_rulesets_folder_given_for_all_says_to_name_the_ruleset(toy_root: Path) -> None:
    from pnp.content import ContentError

    # `pnp validate --content my/toy`: the root holds YAML itself, so it is a ruleset's folder
    with pytest.raises(ContentError) as info:
        TOY.load(toy_root / "toy", alone=False)
    (problem,) = info.value.problems
    assert problem.message.startswith("no such content folder (")
    assert "holds YAML files itself: if it is one ruleset's folder, name that ruleset" in str(
        problem
    )
    # a root without YAML of its own keeps the plain message
    with pytest.raises(ContentError, match=r"no such content folder$"):
        TOY.load(toy_root / "toy" / "cards" / "nothing", alone=False)


def _imported_after(code: str) -> set[str]:
    """The modules a fresh interpreter has imported after running ``code``."""
    shown = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", shown], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_finding_one_ruleset_imports_no_other() -> None:
    loaded = _imported_after("from pnp.rulesets import find_ruleset; find_ruleset('fief')")
    assert "pnp.rulesets.fief" in loaded
    assert "pnp.rulesets.thrones" not in loaded
    assert "pnp.rulesets.ironthrone" not in loaded


def test_help_imports_no_ruleset_and_no_renderer() -> None:
    loaded = _imported_after(
        "import sys\nsys.argv = ['pnp', '--help']\nfrom pnp.cli import app\n"
        "try:\n    app()\nexcept SystemExit:\n    pass"
    )
    assert "pnp.cli" in loaded
    assert not {m for m in loaded if m.startswith("reportlab")}
    assert not {m for m in loaded if m.startswith("pnp.rulesets.") and m != "pnp.rulesets.ruleset"}


def test_registry_names_need_no_import() -> None:
    loaded = _imported_after("from pnp.rulesets import ruleset_names; print(ruleset_names())")
    assert not {m for m in loaded if m.startswith("pnp.rulesets.") and m != "pnp.rulesets.ruleset"}


def test_a_registered_package_must_hold_its_named_ruleset(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a package registered under a name its RULESET does not carry is a plug-in bug
    monkeypatch.setattr(pnp.rulesets, "RULESETS", ("tests.fixtures.toy",))
    with pytest.raises(TypeError, match=r"tests\.fixtures\.toy\.RULESET must be the Ruleset"):
        find_ruleset("toy")
