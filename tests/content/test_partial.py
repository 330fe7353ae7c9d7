"""Salvaging what validated when some entries did not (the toy content's model)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from pnp.content import ContentModel, Id
from pnp.content.partial import complete, salvage
from tests.fixtures.toy import ToyContent


def _data() -> dict[str, Any]:
    return {
        "cards": [
            {"id": "knight", "type": "unit", "name": "Knight", "cost": 3, "strength": 3},
            {"id": "squire", "type": "unit", "name": "Squire", "cost": -1, "strength": 1},
            {"id": "fireball", "type": "spell", "name": "Fireball", "cost": 2},
        ],
        "decks": [{"id": "starter", "cards": ["knight", "squire", "fireball"]}],
        "settings": {"hand_size": 5},
    }


def test_a_broken_entry_is_left_out_and_its_id_kept() -> None:
    partial = salvage(ToyContent, _data(), [("cards", 1, "cost")], lost=False)
    assert [c.id for c in partial.root.cards] == ["knight", "fireball"]
    assert partial.root.settings.hand_size == 5
    assert partial.dropped.ids == {"cards": {"squire"}}
    assert partial.dropped.sections == frozenset()
    assert partial.incomplete == {"cards"}
    # locs in what is left point back at the entry the designer wrote
    assert partial.merged_loc(("cards", 1, "cost")) == ("cards", 2, "cost")
    assert partial.merged_loc(("cards", 0)) == ("cards", 0)
    assert partial.merged_loc(("decks", 0, "cards", 1)) == ("decks", 0, "cards", 1)


def test_an_error_in_a_mapping_section_leaves_it_out_whole() -> None:
    data = _data()
    data["cards"][1]["cost"] = 1
    data["settings"]["hand_size"] = 0
    partial = salvage(ToyContent, data, [("settings", "hand_size")], lost=False)
    assert partial.dropped.sections == {"settings"}
    assert partial.incomplete == {"settings"}
    assert "settings" not in vars(partial.root)
    assert [d.id for d in partial.root.decks] == ["starter"]


def test_a_missing_section_makes_its_ids_unknown() -> None:
    data = _data()
    del data["cards"]
    partial = salvage(ToyContent, data, [("cards",)], lost=False)
    assert partial.dropped.sections == {"cards"}
    assert partial.dropped.namespaces == {"cards"}


def test_an_entry_without_an_id_makes_its_namespace_unknown() -> None:
    data = _data()
    del data["cards"][1]["id"]
    partial = salvage(ToyContent, data, [("cards", 1, "id")], lost=False)
    assert partial.dropped.namespaces == {"cards"}


def test_a_section_that_is_no_list_is_left_out_whole() -> None:
    data = _data()
    data["cards"][1]["cost"] = 1
    data["decks"] = "starter"
    partial = salvage(ToyContent, data, [("decks",)], lost=False)
    assert partial.dropped.sections == {"decks"}
    assert partial.dropped.namespaces == {"decks"}  # the ids it could declare


def test_a_list_rule_broken_by_what_was_left_out_leaves_the_section_out() -> None:
    class Card(ContentModel):
        id: Annotated[str, Id("cards")]
        cost: int = Field(ge=0)

    class Game(ContentModel):
        cards: list[Card] = Field(min_length=2)

    data = {"cards": [{"id": "knight", "cost": 1}, {"id": "squire", "cost": -1}]}
    partial = salvage(Game, data, [("cards", 1, "cost")], lost=False)
    assert partial.dropped.sections == {"cards"}
    assert partial.dropped.ids == {"cards": {"knight", "squire"}}
    assert partial.dropped.namespaces == frozenset()


def test_a_misspelt_section_puts_the_one_it_resembles_in_doubt() -> None:
    data = _data()
    data["cardz"] = [{"id": "page"}]
    partial = salvage(ToyContent, data, [("cardz",)], lost=False)
    assert partial.incomplete == {"cards"}
    assert partial.dropped.namespaces == {"cards"}
    unlike = salvage(ToyContent, {**_data(), "xyzzy": 1}, [("xyzzy",)], lost=False)
    assert unlike.incomplete == {"cards", "decks", "settings"}


def test_a_lost_file_puts_everything_in_doubt() -> None:
    partial = salvage(ToyContent, _data(), [("cards", 1, "cost")], lost=True)
    assert partial.incomplete == {"cards", "decks", "settings"}
    assert partial.dropped.namespaces == {"cards", "decks"}


def test_doubting_a_section() -> None:
    whole = complete(ToyContent.model_validate({**_data(), "cards": _data()["cards"][::2]}))
    assert whole.incomplete == frozenset()
    doubted = whole.doubting({"cards"})
    assert doubted.incomplete == {"cards"}
    assert doubted.dropped.namespaces == {"cards"}
    assert whole.doubting(()) is whole
