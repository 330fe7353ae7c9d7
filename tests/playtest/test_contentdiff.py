"""What differs between two versions of the content besides the cards."""

from __future__ import annotations

from pydantic import BaseModel

from pnp.playtest.contentdiff import ContentChange, content_changes, flow, short


class Road(BaseModel):
    a: str
    b: str


class Village(BaseModel):
    id: str
    buildings: list[str] = []
    stronghold: int = 0


class Card(BaseModel):
    id: str
    cost: int


class House(BaseModel):
    id: str
    deck: list[Card] = []


class Content(BaseModel):
    villages: list[Village]
    roads: list[Road]
    houses: list[House] = []
    rules: dict[str, int] = {}


BASE = Content(
    villages=[Village(id="winterfell", stronghold=1), Village(id="riverrun")],
    roads=[Road(a="winterfell", b="riverrun"), Road(a="riverrun", b="oldtown")],
    houses=[House(id="stark", deck=[Card(id="scout", cost=1)])],
    rules={"hand": 5},
)


def test_identical_content_and_a_reordering_change_nothing() -> None:
    assert content_changes(BASE, BASE.model_copy(deep=True), []) == []
    shuffled = BASE.model_copy(update={"villages": BASE.villages[::-1], "roads": BASE.roads[::-1]})
    assert content_changes(BASE, shuffled, []) == []


def test_entries_are_matched_by_id_and_other_lists_as_collections() -> None:
    edited = Content(
        villages=[
            Village(id="riverrun", buildings=["sept"]),
            Village(id="winterfell", stronghold=2),
            Village(id="pyke"),
        ],
        roads=[Road(a="riverrun", b="oldtown"), Road(a="riverrun", b="pyke")],
        houses=BASE.houses,
        rules={"hand": 6, "limit": 7},
    )
    assert content_changes(BASE, edited, []) == [
        ContentChange("villages[winterfell].stronghold", 1, 2),
        ContentChange("villages[riverrun].buildings", [], ["sept"], collection=True),
        ContentChange("villages[pyke]", None, {"id": "pyke", "buildings": [], "stronghold": 0}),
        ContentChange(
            "roads",
            [{"a": "winterfell", "b": "riverrun"}],
            [{"a": "riverrun", "b": "pyke"}],
            collection=True,
        ),
        ContentChange("rules.hand", 5, 6),
        ContentChange("rules.limit", None, 7),
    ]


def test_cards_are_left_out_at_any_depth() -> None:
    dearer = BASE.model_copy(
        update={"houses": [House(id="stark", deck=[Card(id="scout", cost=3)])]}
    )
    assert content_changes(BASE, dearer, ["scout"]) == []
    assert content_changes(BASE, dearer, []) == [
        ContentChange("houses[stark].deck[scout].cost", 1, 3)
    ]


def test_changes_read_as_yaml_flow_style() -> None:
    assert flow({"a": "white-harbor", "via": [], "sea": True, "n": None}) == (
        "{a: white-harbor, via: [], sea: true, n: null}"
    )
    assert short(None) == "(none)" and short("x" * 70, 10) == "x" * 9 + "…"
    assert ContentChange("rules.hand", 5, 6).text() == "rules.hand 5 → 6"
    road = ContentChange("roads", [{"a": "x", "b": "y"}], [], collection=True)
    assert road.text() == "roads: removed [{a: x, b: y}]"
    assert road.to_json() == {"path": "roads", "removed": [{"a": "x", "b": "y"}], "added": []}
    added = ContentChange("villages[pyke].buildings", [], ["sept"], collection=True)
    assert added.text() == "villages[pyke].buildings: added [sept]"


def test_a_changes_two_sides_as_the_pdf_shows_them() -> None:
    assert ContentChange("rules.hand", 5, None).sides() == ("5", "(none)")
    road = ContentChange("roads", [], [{"a": "x", "b": "y"}], collection=True)
    assert road.sides() == ("", "[{a: x, b: y}]")
