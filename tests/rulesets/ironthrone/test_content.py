"""The shipped Iron Throne content and the format checks of ``pnp validate``."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content import ContentError
from pnp.paths import default_content_root
from pnp.rulesets.ironthrone import RULESET
from pnp.rulesets.ironthrone.effects import describe
from pnp.rulesets.ironthrone.model import (
    CharacterCard,
    Hostility,
    HouseEvent,
    IronThroneContent,
    SpecialEvent,
    Truce,
    event_text,
)
from tests.content.copies import at, edit, validate_problems

runner = CliRunner()


@pytest.fixture(scope="module")
def model() -> IronThroneContent:
    loaded = RULESET.load()
    assert isinstance(loaded.model, IronThroneContent)
    return loaded.model


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A writable copy of the shipped ironthrone content (under ``root/ironthrone``)."""
    shutil.copytree(default_content_root() / "ironthrone", tmp_path / "ironthrone")
    return tmp_path


def validate(root: Path) -> tuple[int, str, str]:
    result = runner.invoke(app, ["validate", "ironthrone", "--content", str(root)])
    return result.exit_code, result.stdout, result.stderr


def test_validate_passes_with_component_counts() -> None:
    """IT-COMP-02: the kit holds every component the rulebook lists."""
    result = runner.invoke(app, ["validate", "ironthrone"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "ironthrone:" in out and "is valid" in out
    for line in (
        "houses: 5",
        "house cards: 125 (5 decks)",
        "leader sheets: 25",
        "character tokens: 25",
        "influence boards: 5",
        "influence tokens: 25",
        "event cards: 18",
        "power markers: 100",
    ):
        assert line in out


def test_each_house_deck_has_the_rulebook_breakdown(model: IronThroneContent) -> None:
    """IT-COMP-03: 4 truce, 2 cards per character, hostility 1-8, 10, 12, 20."""
    assert [h.id for h in model.houses] == [
        "baratheon",
        "lannister",
        "stark",
        "targaryen",
        "tyrell",
    ]
    for house in model.houses:
        cards = [c for c in house.deck for _ in range(c.copies)]
        assert len(cards) == 25
        assert sum(isinstance(c, Truce) for c in cards) == 4
        values = sorted(c.value for c in cards if isinstance(c, Hostility))
        assert values == [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 20]
        per_char = Counter(c.character for c in cards if isinstance(c, CharacterCard))
        chars = [c.id for c in model.characters_of(house.id)]
        assert len(chars) == 5
        assert per_char == {c: 2 for c in chars}


def test_events_three_per_house_and_three_specials(model: IronThroneContent) -> None:
    houses = Counter(
        e.house for e in model.events if isinstance(e, HouseEvent) for _ in range(e.copies)
    )
    assert houses == {h.id: 3 for h in model.houses}
    specials = [e for e in model.events if isinstance(e, SpecialEvent)]
    assert sorted(e.defender for e in specials) == [
        "most_cards_in_hand",
        "most_influence_spread",
        "most_leader_power",
    ]
    assert any(e.name == "Influential" for e in specials)


def test_every_ability_prints_text_and_every_card_has_flavour(model: IronThroneContent) -> None:
    titles = set()
    for char in model.characters:
        text = describe(char.leader)
        assert text.endswith(".") and len(text) > 30
        titles.add(char.leader.title)
        assert char.flavor and char.epithet
    for house in model.houses:
        for card in house.deck:
            assert card.flavor, card.id
            if isinstance(card, CharacterCard):
                titles.add(card.ability.title)
                assert describe(card.ability)[0].isupper()
    assert len(titles) == 50  # every leader and card ability has its own title


def test_place_first_reads_right_for_a_supporter_too(model: IronThroneContent) -> None:
    """Wolf Dreams can be played by a supporter, who places no card: the opposing active
    player places first (the referee's first placer), not 'before you'."""
    stark = model.house("stark")
    card = next(c for c in stark.deck if getattr(c, "id", "") == "stark-bran-card")
    assert describe(card.ability) == (  # type: ignore[union-attr]
        "Before house cards go facedown, you may discard 1 card. If you do: "
        "The opposing active player places their house card first, face up."
    )


def test_event_text_is_generated(model: IronThroneContent) -> None:
    houses = {h.id: h for h in model.houses}
    raven = next(e for e in model.events if e.id == "event-stark-raven")
    # our own words: the rulebook's event sentence is not reused (originality)
    assert event_text(raven, houses) == (
        "House Stark defends. If House Stark is your own House, name any other player "
        "as the defender."
    )
    coin = next(e for e in model.events if e.id == "event-counting-coin")
    assert "most power on their leader sheet" in event_text(coin, houses)
    # hostages are house cards too; the referee (preparation.special_score) counts the
    # hand alone, so the card says so
    court = next(e for e in model.events if e.id == "event-crowded-court")
    assert "the most house cards in hand" in event_text(court, houses)


def test_wrong_deck_breakdown_is_a_located_error(root: Path) -> None:
    """IT-COMP-03: a deck that breaks the breakdown fails validate with file, line and field."""
    stark = root / "ironthrone" / "houses" / "stark.yaml"
    text = stark.read_text()
    text = text.replace("type: hostility, value: 20,", "type: hostility, value: 19,")
    text = text.replace(
        "name: Envoy of Winterfell, copies: 4,", "name: Envoy of Winterfell, copies: 3,"
    )
    stark.write_text(text)
    code, _, err = validate(root)
    assert code == 2
    lines = err.splitlines()
    assert any(
        "houses/stark.yaml:13:5: houses[0].deck: House Stark's deck has the wrong breakdown: "
        "3 truce cards (needs 4); hostility values missing 20; unexpected 19" in line
        for line in lines
    ), err
    assert "(25 cards, this has 24)" in err
    assert "Traceback" not in err
    assert lines[-1] == "1 problem found."


def test_missing_character_card_copy(root: Path) -> None:
    stark = root / "ironthrone" / "houses" / "stark.yaml"
    text = stark.read_text()
    start = text.index("      - id: stark-bran-card")
    stark.write_text(text.replace(text[start : text.index("\ncharacters:")], ""))
    code, _, err = validate(root)
    assert code == 2
    assert "0 cards for stark-bran (needs 2)" in err


def test_unknown_vocabulary_word_is_a_located_error(root: Path) -> None:
    stark = root / "ironthrone" / "houses" / "stark.yaml"
    text = stark.read_text().replace("do: [{bonus: 3}]", "do: [{bonnus: 3}]", 1)
    text = text.replace("when: before_cards_placed", "when: before_card_placed", 1)
    stark.write_text(text)
    code, _, err = validate(root)
    assert code == 2
    assert "stark.yaml:46:17: houses[0].deck[12].ability.do[0].bonnus: unknown field" in err
    assert "houses[0].deck[14].ability.when: Input should be 'before_your_turn'" in err
    assert "stark.yaml:" in err


def test_words_must_fit_their_window(root: Path) -> None:
    lannister = root / "ironthrone" / "houses" / "lannister.yaml"
    text = lannister.read_text()
    # a character card outside the encounter; an effect outside its window
    text = text.replace(
        "title: White Cloak\n          when: before_cards_placed",
        "title: White Cloak\n          when: before_your_turn",
    )
    text = text.replace(
        "title: Gold Cloaks\n          when: after_cards_revealed",
        "title: Gold Cloaks\n          when: after_resolution",
    )
    lannister.write_text(text)
    code, _, err = validate(root)
    assert code == 2
    assert "ability.when: a character card is used while its character participates" in err
    assert "ability.do[0].withdraw: 'withdraw' cannot be used when the resolution phase ends" in err
    assert "(when: after_resolution; it fits: " in err  # the word to change, not only its meaning


def test_sided_effects_need_a_side(root: Path) -> None:
    tyrell = root / "ironthrone" / "houses" / "tyrell.yaml"
    # Mace's leader ability (Bountiful Harvest), its side condition dropped
    mace = "if: {side: won}\n      do: [{draw: 1}, {distribute: 1}]"
    text = tyrell.read_text()
    assert text.count(mace) == 1
    tyrell.write_text(text.replace(mace, "do: [{steal_power: 1}]"))
    code, _, err = validate(root)
    assert code == 2
    assert "characters[" in err and "'steal_power' acts on the opposing side" in err
    assert "put you on a side under 'if:' (active: true, challenger: true" in err


def test_house_counts(root: Path) -> None:
    """IT-COMP-02: five characters and three events per House."""
    baratheon = root / "ironthrone" / "houses" / "baratheon.yaml"
    text = baratheon.read_text()
    start = text.index("  - id: baratheon-brienne\n    house: baratheon")
    text = text[:start]
    start = text.index("      - id: baratheon-brienne-card")
    baratheon.write_text(text[:start] + text[text.index("\ncharacters:") :])
    events = root / "ironthrone" / "events.yaml"
    events.write_text(
        events.read_text().replace("type: house, house: tyrell", "type: house, house: stark", 1)
    )
    code, _, err = validate(root)
    assert code == 2
    assert "House Baratheon has 4 characters; every House needs 5" in err
    assert "House Stark has 4 event cards; every House needs 3" in err
    assert "House Tyrell has 2 event cards; every House needs 3" in err
    # an event count is told where the events are written, at the House's last one
    stark = next(line for line in err.splitlines() if "House Stark has 4 event" in line)
    assert "ironthrone/events.yaml:" in stark and "houses/" not in stark
    assert "House Baratheon's deck has the wrong breakdown: 23 cards in all" in err


def test_loading_reports_all_problems_at_once(root: Path) -> None:
    game = root / "ironthrone" / "game.yaml"
    game.write_text(game.read_text().replace("power_markers: 100", "power_markers: 60"))
    with pytest.raises(ContentError) as info:
        RULESET.load(root)
    assert any(
        "60 power markers, but a 5-player setup places 100" in str(p) for p in info.value.problems
    )


def test_content_readme_documents_the_whole_vocabulary() -> None:
    from pnp.rulesets.ironthrone.effects import CONDITION_NAMES, EFFECT_NAMES, WINDOWS, Cost

    text = (default_content_root() / "ironthrone" / "README.md").read_text()
    from pnp.rulesets.ironthrone.sigils import SIGILS

    for word in [*WINDOWS, *CONDITION_NAMES, *EFFECT_NAMES, *Cost.model_fields, *SIGILS]:
        assert f"`{word}" in text, word


# -- one run reports every problem (a schema error does not hide the rest) -------------

#: the schema error of :func:`_break_catelyn`
CATELYN = "characters[1].epithet: String should have at least 1 character"


def _break_catelyn(root: Path) -> str:
    """Give Catelyn Stark an empty epithet (a schema error; her house card names her);
    return where pnp reports it."""
    stark = root / "ironthrone" / "houses" / "stark.yaml"
    edit(stark, "epithet: Lady of Winterfell", "epithet: ''")
    return at(stark, "epithet: ''")


def test_a_schema_error_does_not_hide_the_problems_of_other_files(root: Path) -> None:
    catelyn = _break_catelyn(root)
    events = root / "ironthrone" / "events.yaml"
    lannister = root / "ironthrone" / "houses" / "lannister.yaml"
    edit(events, "house: stark, name: A Raven", "house: strak, name: A Raven")
    edit(lannister, "sigil: lion", "sigil: lyon")
    # not reported: Stark's 2 events (one names 'strak'), 4 characters, 0 Catelyn cards,
    # or 'stark-catelyn' as an unknown character: each follows from another problem
    assert validate_problems("ironthrone", root) == [
        f"{at(events, 'house: strak')}: events[0].house: unknown houses id 'strak' "
        "(did you mean 'stark'?)",
        f"{at(lannister, 'sigil: lyon')}: houses[0].sigil: no sigil named 'lyon'; "
        "the kit draws: wolf, lion, stag, dragon, rose",
        f"{catelyn}: {CATELYN}",
    ]


def test_a_broken_character_is_neither_unknown_nor_missing_from_the_counts(root: Path) -> None:
    """With Catelyn left out for her schema error, House Stark would have 4 characters,
    its deck 2 cards of nobody, and her card an unknown character: none is reported; the
    rules problem in another file is."""
    catelyn = _break_catelyn(root)
    game = root / "ironthrone" / "game.yaml"
    edit(game, "power_markers: 100", "power_markers: 90")
    assert validate_problems("ironthrone", root) == [
        f"{at(game, 'power_markers: 90')}: rules.power_markers: 90 power markers, but a "
        "5-player setup places 100",
        f"{catelyn}: {CATELYN}",
    ]


def test_a_truce_must_bargain_for_something(root: Path) -> None:
    # with every term 0 the truce cards could print no terms (the kit crashed on it)
    game = root / "ironthrone" / "game.yaml"
    text = game.read_text()
    assert "truce: {influence: 1, hostages: 2, power: 3}" in text
    game.write_text(
        text.replace(
            "{influence: 1, hostages: 2, power: 3}", "{influence: 0, hostages: 0, power: 0}"
        )
    )
    code, _, err = validate(root)
    assert code == 2
    assert "game.yaml:17:3: rules.truce: a truce bargains for something" in err


def test_an_effect_on_the_opposing_side_has_none_before_your_turn(root: Path) -> None:
    # before your turn no encounter has begun: a leader stealing power there never could
    stark = root / "ironthrone" / "houses" / "stark.yaml"
    old = "if: {hand_at_least: 1}\n      do: [{discard: 1}, {draw: 2}]"
    assert old in stark.read_text()
    stark.write_text(stark.read_text().replace(old, "do: [{steal_power: 2}]"))
    code, _, err = validate(root)
    assert code == 2
    assert (
        "leader.do[0].steal_power: 'steal_power' acts on the opposing side, and before your "
        "turn there is none yet: use it in a window of the encounter"
    ) in err


def test_a_hand_cannot_be_larger_than_the_house_deck(root: Path) -> None:
    game = root / "ironthrone" / "game.yaml"
    game.write_text(game.read_text().replace("hand_size: 5 ", "hand_size: 30"))
    code, _, err = validate(root)
    assert code == 2
    assert "rules.hand_size: a hand of 30 cards from a house deck of 25" in err


def test_the_truce_decision_states_the_bargains_the_referee_offers() -> None:
    """The reference said any mix of the terms may be agreed; the referee offers each
    side nothing, one term at any amount it allows, or every term at its most. The
    decision says so, amounts included."""
    from pnp.engine.game import GameConfig
    from pnp.rulesets.ironthrone import RULESET

    content = RULESET.load()
    t = content.model.rules.truce
    game = RULESET.new_game(content, GameConfig(3), 1)
    singles = {(1, 0, 0)} | {(0, h, 0) for h in range(1, t.hostages + 1)}
    singles |= {(0, 0, p) for p in range(1, t.power + 1)}
    assert set(game.ref.packages) == {(0, 0, 0), (t.influence, t.hostages, t.power)} | singles
    # the printed text (numbers filled in): each side's share is one of the packages
    # above, partial amounts included, and a deal pairs two shares (QA: the old
    # sentence read as one term at its most, or the full bundle, or nothing)
    from pnp.rulesets.ironthrone.kit.reference import reference_context

    decisions = {d["id"]: d["text"] for d in reference_context(content)["decisions"]}
    text = " ".join(decisions["IT-GAP-05"].split())
    assert "what the challenger gets and what the defender gets" in text
    assert f"1 to {t.hostages} hostages; 1 to {t.power} power;" in text
    assert f"influence, {t.hostages} hostages and {t.power} power" in text
    assert "less what cannot be given then" in text and "nothing;" in text
    assert "At the table any mix of the terms may be agreed." in text


def test_an_influence_count_no_board_has_is_reported_at_the_rules(root: Path) -> None:
    """influence_tokens: 1 gave five problems, one in each House file, none at the line
    that changed."""
    game = root / "ironthrone" / "game.yaml"
    text = game.read_text()
    assert "influence_tokens: 5" in text
    game.write_text(text.replace("influence_tokens: 5", "influence_tokens: 1"))
    code, _, err = validate(root)
    assert code == 2
    problems = [line for line in err.splitlines() if "influence tokens" in line]
    assert len(problems) == 1, err
    assert (
        "game.yaml:" in problems[0]
        and "rules.influence_tokens: 1 influence tokens a House" in (problems[0])
    )
    assert "every House's board has 5 spaces" in problems[0]
