"""The shipped thrones content and the deck-construction checks (TH-DECK-*)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content import ContentError, LoadedContent, load_content
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.model import ThronesContent
from tests.content.copies import at, edit, validate_problems

runner = CliRunner()


def test_validate_command_passes() -> None:
    result = runner.invoke(app, ["validate", "thrones"])
    assert result.exit_code == 0, result.output
    assert "thrones: " in result.output and "is valid" in result.output
    assert "decks: 12 (6 two-player, 6 constructed" in result.output


def test_validate_names_a_card_in_no_deck(content: LoadedContent, tmp_path: Path) -> None:
    # playtests deal the decks, so a new card left out of them would never be tried
    assert "in no deck" not in runner.invoke(app, ["validate", "thrones"]).output
    folder = tmp_path / "thrones"
    shutil.copytree(content.folder, folder)
    extra = "- {id: stark-rickon, name: Rickon Stark, type: location, house: stark, cost: 1}\n"
    (folder / "cards" / "new.yaml").write_text("cards:\n  " + extra)
    result = runner.invoke(app, ["validate", "thrones", "--content", str(folder)])
    assert result.exit_code == 0, result.output
    assert "cards in no deck: 1 (stark-rickon): printed, but never playtested" in result.output


def test_six_houses_with_ready_decks(content: LoadedContent) -> None:
    """TH-COMP-17: six Great Houses; each has a 50-card deck and a 60-card deck."""
    model = content.model
    houses = {h.id for h in model.houses}
    assert houses == {"stark", "lannister", "baratheon", "greyjoy", "martell", "targaryen"}
    for fmt, size in (("two_player", 50), ("constructed", 60)):
        decks = [d for d in model.decks if d.format == fmt]
        assert {d.house for d in decks} == houses
        for d in decks:
            total = sum(d.cards.values())
            assert total == size if fmt == "two_player" else total >= size
            assert len(d.plots) == len(set(d.plots)) == 7


def test_house_pools_and_proportions(content: LoadedContent) -> None:
    """At least 20 distinct cards per House; about 60% characters in each ready deck."""
    model = content.model
    cards = {c.id: c for c in model.cards}
    for h in model.houses:
        pool = [c for c in model.cards if h.id in c.houses]
        assert len(pool) >= 20, h.id
    for d in model.decks:
        if d.format != "two_player":
            continue
        chars = sum(n for cid, n in d.cards.items() if cards[cid].type == "character")
        assert 0.55 <= chars / 50 <= 0.68, (d.id, chars)
        costs = {cards[cid].cost for cid in d.cards if cards[cid].type == "character"}
        assert min(costs) <= 2 and max(costs) >= 6


def test_thirty_two_plots_and_draft_pool(content: LoadedContent) -> None:
    """TH-COMP-03, TH-DECK-04: 32 plots; Stark and Lannister decks leave 18 for drafting."""
    model = content.model
    assert len(model.plots) == 32
    decks = {d.house: d for d in model.decks if d.format == "two_player"}
    used = set(decks["stark"].plots) | set(decks["lannister"].plots)
    assert len(used) == 14
    assert len({p.id for p in model.plots} - used) == 18


def test_every_keyword_appears(content: LoadedContent) -> None:
    """Every keyword of the summary is printed on some card."""
    from pnp.rulesets.thrones.effects import KEYWORDS

    seen: set[str] = set()
    immune = False
    for c in content.model.cards:
        seen.update(c.keywords)
        immune = immune or bool(c.immune_to)
    assert seen == set(KEYWORDS)
    assert immune
    assert any(c.crests for c in content.model.cards)
    assert any(c.income for c in content.model.cards)
    assert any(c.initiative for c in content.model.cards)
    assert any(c.influence for c in content.model.cards)
    assert any(len(c.houses) > 1 for c in content.model.cards)  # TH-COMP-10


@pytest.fixture
def bad_root(tmp_path: Path) -> Path:
    """A writable copy of the shipped thrones content."""
    root = tmp_path / "content"
    shutil.copytree(RULESET.content_dir(), root / "thrones")
    return root


def _edit_deck(root: Path, deck_id: str, change) -> Path:  # type: ignore[no-untyped-def]
    path = root / "thrones" / "decks" / "two-player.yaml"
    if not any(deck_id in line for line in path.read_text().splitlines()):
        path = root / "thrones" / "decks" / "constructed.yaml"
    data = yaml.safe_load(path.read_text())
    for deck in data["decks"]:
        if deck["id"] == deck_id:
            change(deck)
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def _problems(root: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_content(ThronesContent, root / "thrones")
    return [str(p) for p in info.value.problems]


def test_duplicate_plot_is_reported(bad_root: Path) -> None:
    """TH-DECK-01: a plot deck of 7 with a repeated plot is illegal."""

    def change(deck: dict) -> None:
        deck["plots"][1] = deck["plots"][0]

    _edit_deck(bad_root, "stark-ready", change)
    problems = _problems(bad_root)
    assert any(
        "two-player.yaml" in p and "decks[0].plots[1]" in p and "appears twice" in p
        for p in problems
    ), problems


def test_four_copies_is_reported(bad_root: Path) -> None:
    """TH-DECK-02: at most 3 copies of a card."""

    def change(deck: dict) -> None:
        deck["cards"]["stark-northern-levies"] = 4
        deck["cards"]["stark-winterfell-guard"] -= 1

    _edit_deck(bad_root, "stark-ready", change)
    problems = _problems(bad_root)
    assert any("4 copies of 'stark-northern-levies'" in p for p in problems), problems


def test_wrong_house_card_is_reported(bad_root: Path) -> None:
    """A two-player deck holds only its House's and neutral cards."""

    def change(deck: dict) -> None:
        deck["cards"]["lannister-tywin"] = 1
        deck["cards"]["stark-northern-levies"] -= 1

    _edit_deck(bad_root, "stark-ready", change)
    problems = _problems(bad_root)
    assert any("'lannister-tywin' belongs to lannister" in p for p in problems), problems


def test_house_only_card_is_reported(bad_root: Path) -> None:
    """TH-DECK-03: a "House X only" plot in another House's deck is illegal."""

    def change(deck: dict) -> None:
        deck["plots"][0] = "oath-of-the-north"

    _edit_deck(bad_root, "lannister-constructed", change)
    problems = _problems(bad_root)
    assert any("is House stark only, this deck plays lannister" in p for p in problems), problems


def test_deck_size_and_unknown_card(bad_root: Path) -> None:
    """TH-DECK-02: 60+ cards in a constructed deck; unknown ids get a hint."""

    def change(deck: dict) -> None:
        deck["cards"] = {"stark-eddrad": 1}

    _edit_deck(bad_root, "stark-constructed", change)
    problems = _problems(bad_root)
    assert any(
        "unknown card id 'stark-eddrad' (did you mean 'stark-eddard'?)" in p for p in problems
    )
    assert any("at least 60 cards, this one 1" in p for p in problems)  # the misspelt one counts


def test_a_misspelt_card_is_not_also_a_wrong_deck_size(bad_root: Path) -> None:
    def change(deck: dict) -> None:
        count = deck["cards"].pop("stark-northern-levies")
        deck["cards"]["stark-northern-levis"] = count

    _edit_deck(bad_root, "stark-ready", change)
    problems = _problems(bad_root)
    assert any("unknown card id 'stark-northern-levis'" in p for p in problems), problems
    assert not any("a two-player deck holds exactly" in p for p in problems), problems


def test_validate_cli_bad_deck_exit_2(bad_root: Path) -> None:
    def change(deck: dict) -> None:
        deck["plots"][1] = deck["plots"][0]

    _edit_deck(bad_root, "stark-ready", change)
    result = runner.invoke(app, ["validate", "thrones", "--content", str(bad_root)])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "appears twice" in result.output


def test_unknown_vocabulary_word_is_an_error(tmp_path: Path) -> None:
    """A word outside the ability vocabulary fails validation with file and line."""
    folder = tmp_path / "thrones"
    shutil.copytree(RULESET.content_dir(), folder)
    path = folder / "cards" / "stark.yaml"
    text = path.read_text().replace("response: challenge_won", "response: after_chalenge_won", 1)
    path.write_text(text)
    with pytest.raises(ContentError) as info:
        load_content(ThronesContent, folder)
    lines = [str(p) for p in info.value.problems]
    assert any("stark.yaml:" in p and "abilities[0].response" in p for p in lines), lines


def test_a_trait_no_card_has_is_an_error(tmp_path: Path) -> None:
    """Traits are free words: a misspelt one in a filter would silently find nothing."""
    folder = tmp_path / "thrones"
    shutil.copytree(RULESET.content_dir(), folder)
    greyjoy = folder / "cards" / "greyjoy.yaml"
    edit(
        greyjoy,
        "trait: Ironborn, attacking: true}, amount",
        "trait: Ironbron, attacking: true}, amount",
    )
    edit(folder / "cards" / "baratheon.yaml", "attach_trait: Lord", "attach_trait: Lords")
    problems = validate_problems("thrones", folder)
    assert [p.split(": ", 1)[1] for p in problems] == [
        "cards[16].attach_trait: no card has the trait 'Lords' (did you mean 'Lord'?), so this "
        "finds nothing",
        "cards[20].abilities[0].effect.strength.target.trait: no card has the trait 'Ironbron' "
        "(did you mean 'Ironborn'?), so this finds nothing",
    ]
    assert problems[0].startswith(f"{at(folder / 'cards' / 'baratheon.yaml', 'attach_trait')}:")
    assert problems[1].startswith(f"{at(greyjoy, 'trait: Ironbron')}:")


def test_an_effect_with_two_words_is_located_at_the_effect(tmp_path: Path) -> None:
    folder = tmp_path / "thrones"
    shutil.copytree(RULESET.content_dir(), folder)
    stark = folder / "cards" / "stark.yaml"
    power = "power, participating: true}\n        effect: {gain_power: {target: self, amount: 1}}"
    edit(stark, power, "power, participating: true}\n        effect: {draw: 1, gain_gold: 1}")
    (line,) = validate_problems("thrones", folder)
    # the field was 'effect.one': 'one' is the name of a union member, not a YAML key
    where = f"{at(stark, 'effect: {draw')}: cards[0].abilities[0].effect: "
    assert line.startswith(where + "give exactly one effect word (gain_power, draw, ")
    assert line.endswith("; got draw and gain_gold")


def test_every_gap_has_a_printed_ruling(content: LoadedContent) -> None:
    """Each TH-GAP item of the checklist is decided in the content's rulings."""
    from pnp.engine.scenarios.coverage import checklist_for_tests, checklist_ids

    ids = {r.id for r in content.model.rulings}
    checklist = checklist_for_tests()
    assert checklist is not None
    gaps = set(checklist_ids(checklist, "TH-GAP-"))
    assert gaps and gaps <= ids, sorted(gaps - ids)


def test_print_counts_cover_every_deck(content: LoadedContent) -> None:
    from pnp.rulesets.thrones.model import print_counts

    counts = print_counts(content.model)
    assert set(counts) == {c.id for c in content.model.cards} | {p.id for p in content.model.plots}
    for deck in content.model.decks:
        for cid, n in deck.cards.items():
            assert counts[cid] >= n
    two_player = [d for d in content.model.decks if d.format == "two_player"]
    for cid in counts:
        need = sum(d.cards.get(cid, 0) + d.plots.count(cid) for d in two_player)
        assert counts[cid] >= need


# -- one run reports every problem (a schema error does not hide the rest) -------------


def test_a_schema_error_does_not_hide_the_problems_of_other_files(bad_root: Path) -> None:
    folder = bad_root / "thrones"
    cards, titles, decks = folder / "cards/stark.yaml", folder / "titles.yaml", folder / "decks"
    edit(
        cards,
        "cost: 5\n    strength: 3\n    icons: [intrigue",
        "cost: -5\n    strength: 3\n    icons: [intrigue",
    )
    edit(titles, "supports: [master-of-whispers]", "supports: [hand-of-the-king]")
    edit(decks / "two-player.yaml", "plots: [call-to-winterfell,", "plots: [call-to-winterfel,")
    assert validate_problems("thrones", bad_root) == [
        f"{at(cards, 'cost: -5')}: cards[1].cost: Input should be greater than or equal to 0",
        f"{at(decks / 'two-player.yaml', 'call-to-winterfel,')}: decks[0].plots[0]: unknown plots "
        "id 'call-to-winterfel' (did you mean 'call-to-winterfell'?)",
        f"{at(titles, 'supports: [hand')}: titles[1].supports: a title cannot support itself",
    ]


def test_a_broken_card_in_a_deck_is_neither_unknown_nor_missing_from_its_count(
    bad_root: Path,
) -> None:
    """Catelyn is in the Stark deck twice: with her card left out for its schema error,
    the deck would count 48 cards and name an unknown card; neither is reported, the
    broken title elsewhere is."""
    folder = bad_root / "thrones"
    cards, titles = folder / "cards/stark.yaml", folder / "titles.yaml"
    edit(
        cards,
        "cost: 5\n    strength: 3\n    icons: [intrigue",
        "cost: -5\n    strength: 3\n    icons: [intrigue",
    )
    edit(titles, "supports: [master-of-whispers]", "supports: [hand-of-the-king]")
    assert validate_problems("thrones", bad_root) == [
        f"{at(cards, 'cost: -5')}: cards[1].cost: Input should be greater than or equal to 0",
        f"{at(titles, 'supports: [hand')}: titles[1].supports: a title cannot support itself",
    ]


def test_titles_enough_for_a_full_table_and_one_of_each_power(bad_root: Path) -> None:
    path = bad_root / "thrones" / "titles.yaml"
    data = yaml.safe_load(path.read_text())
    redirect = next(t for t in data["titles"] if t.get("special") == "redirect")
    other = next(t for t in data["titles"] if not t.get("special"))
    other["special"] = "redirect"  # a second: printed, never played
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    found = _problems(bad_root)
    assert any(
        f"special: {redirect['id']!r} already has special: redirect (one title each)" in p
        for p in found
    ), found
    data["titles"] = data["titles"][:3]  # a 4-player table: one seat without a title
    for title in data["titles"]:
        title["supports"], title["opposes"], title["special"] = [], [], None
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    found = _problems(bad_root)
    assert any(
        "titles: 3 titles for tables of up to 4 players: each player takes one a round, "
        "so the kit needs at least 4" in p
        for p in found
    ), found


def test_an_agenda_demand_names_its_trait_and_its_count(bad_root: Path) -> None:
    path = bad_root / "thrones" / "agendas.yaml"
    path.write_text(path.read_text().replace("    requires_trait: Knight\n", ""))
    found = _problems(bad_root)
    assert any("requires_trait and requires_count go together" in p for p in found), found


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        # each validated, printed, and was never played (a designer's edits)
        (
            "cards/stark.yaml",
            "      - response: challenge_won\n"
            "        if: {challenge: intrigue, participating: true}\n"
            "        effect: {draw: 1}\n    flavor: She kept",
            "      - when_revealed: true\n        effect: {draw: 1}\n    flavor: She kept",
            "abilities[0].when_revealed: a plot's timing; a card is never revealed",
        ),
        (
            "cards/stark.yaml",
            "        effect: {draw: 1}\n    flavor: She kept",
            "        effect: {kneel: host}\n    flavor: She kept",
            "'host' is the card an attachment is on: this card has none",
        ),
        (
            "agendas.yaml",
            "      - passive: {dominance: 2}\n",
            "      - action: any\n        effect: {draw: 1}\n",
            "abilities[0].action: an agenda's abilities are passive, forced or response",
        ),
        (
            "cards/stark.yaml",
            "        effect: {draw: 1}\n    flavor: She kept",
            "        effect: []\n    flavor: She kept",
            "effect: needs at least 1 item, got 0",
        ),
        (
            "cards/stark.yaml",
            "    keywords: [stealth]\n    abilities:\n      - response: challenge_won",
            "    keywords: [stealth, stealth]\n    abilities:\n      - response: challenge_won",
            "cards[4].keywords: lists 'stealth' twice",
        ),
        (  # letter case aside: "Lady. lady." was printed
            "cards/stark.yaml",
            "    icons: [intrigue]\n    traits: [Lady]\n    keywords: [stealth]",
            "    icons: [intrigue]\n    traits: [Lady, lady]\n    keywords: [stealth]",
            "cards[4].traits: lists 'lady' twice",
        ),
        (
            "cards/stark.yaml",
            "    icons: [intrigue]\n    traits: [Lady]\n    keywords: [stealth]",
            "    icons: [intrigue, intrigue]\n    traits: [Lady]\n    keywords: [stealth]",
            "cards[4].icons: lists 'intrigue' twice",
        ),
    ],
    ids=[
        "when-revealed",
        "host",
        "agenda-action",
        "no-effect",
        "keyword-twice",
        "trait-twice-in-two-cases",
        "icon-twice",
    ],
)
def test_abilities_and_badges_that_would_print_but_never_play_are_refused(
    bad_root: Path, file: str, old: str, new: str, message: str
) -> None:
    path = bad_root / "thrones" / file
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    problems = _problems(bad_root)
    assert any(file.split("/")[-1] in p and message in p for p in problems), problems
