"""Content items the referee finds by their role, not their id, still play when renamed.

Each test renames an item in a copy of the shipped content (every reference
to it too), then runs a shipped scenario, its ids renamed the same way,
against that copy: the game must play exactly as it does with the shipped
names.
"""

from __future__ import annotations

from pathlib import Path

from tests.rulesets.fief.variants import edit, run_edited


def test_renamed_ambush_and_secret_passage_still_play(content_copy: Path, tmp_path: Path) -> None:
    """The cards are offered in battle by their effect words, whatever their ids."""
    fortune = content_copy / "cards" / "fortune.yaml"
    edit(fortune, "id: ambush\n", "id: sneak-attack\n")
    edit(fortune, "id: secret-passage\n", "id: hidden-path\n")
    edits = {
        "hand: [ambush, secret-passage]": "hand: [sneak-attack, hidden-path]",
        "card: ambush}": "card: sneak-attack}",
        "card: secret-passage,": "card: hidden-path,",
    }
    run_edited(content_copy, "battle-ambush-and-secret-passage.yaml", edits, tmp_path)


def test_renamed_secret_passage_still_lands(content_copy: Path, tmp_path: Path) -> None:
    """A refused landing is forced by the card with the secret_passage effect."""
    edit(content_copy / "cards" / "fortune.yaml", "id: secret-passage\n", "id: hidden-path\n")
    edits = {
        "hand: [secret-passage]": "hand: [hidden-path]",
        "card: secret-passage,": "card: hidden-path,",
    }
    run_edited(content_copy, "ships-master-lets-a-noble-sail.yaml", edits, tmp_path)


def test_renamed_archers_still_shoot(content_copy: Path, tmp_path: Path) -> None:
    """FF-PH-20: the volley is shot by the units whose role is ``archer``, whatever their id."""
    edit(content_copy / "units.yaml", "{id: archer,", "{id: bowman,")
    edits = {"archer:": "bowman:", "lose archer": "lose bowman", "unit: archer,": "unit: bowman,"}
    run_edited(content_copy, "battle-archers.yaml", edits, tmp_path)


def test_renamed_siege_engines_still_cancel_dice(content_copy: Path, tmp_path: Path) -> None:
    """FF-PH-17: the units whose role is ``siege`` cancel a building's dice, whatever their id."""
    edit(content_copy / "units.yaml", "{id: siege-engine,", "{id: battering-ram,")
    edits = {"siege-engine: 1": "battering-ram: 1"}
    run_edited(content_copy, "battle-fortified-city-and-siege.yaml", edits, tmp_path)
