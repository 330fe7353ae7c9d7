"""The thrones rules reference (``pnp rules thrones``) is enough to play without a retail rulebook.

Each test names what a player needs and fails if the generated Markdown leaves it out:
every keyword the content uses, every option the referee accepts, the terms and
piles the rules talk about, and the steps of setup and of a challenge.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content import LoadedContent
from pnp.content.placeholders import fill_placeholders
from pnp.rulesets.thrones.effects import KEYWORDS
from pnp.rulesets.thrones.kit.reference import keyword_glossary
from pnp.rulesets.thrones.model import ThronesContent
from pnp.rulesets.thrones.setup import OPTIONS
from pnp.rulesets.thrones.text import KEYWORD_NAMES
from tests.render.pdfcheck import reader
from tests.rulesets.thrones.kit.conftest import model

#: how the reference names each option the referee's setup accepts
OPTION_SECTIONS = {
    "two_on_two": "**Two-on-Two**",
    "titles": "**Titles**",
    "littlefinger": "**Littlefinger**",
    "draft": "**Plot draft**",
    "mulligan": "**Mulligan**",
    "deck_format": "**deck\\_format** option",
}


@pytest.fixture(scope="module")
def md() -> str:
    """The reference as Markdown, written to stdout."""
    result = CliRunner().invoke(app, ["rules", "thrones", "--format", "md", "--out", "-"])
    assert result.exit_code == 0, result.output
    return result.stdout


def section(md: str, heading: str) -> str:
    """The text of one ``## heading`` section, up to the next ``## ``."""
    start = md.index(f"## {heading}\n")
    end = md.find("\n## ", start + 1)
    return md[start : end if end != -1 else len(md)]


def test_every_keyword_the_content_uses_is_explained(md: str, content: LoadedContent) -> None:
    m = content.model
    assert isinstance(m, ThronesContent)
    used = {k for c in m.cards for k in c.all_keywords}
    assert used, "the content uses no keyword: this test would prove nothing"
    glossary = section(md, "Keywords")
    names = {**KEYWORD_NAMES, "immunity": "Immunity"}
    for k in sorted(used):
        row = re.search(rf"^\| \*\*{re.escape(names[k])}\*\* \| (.+) \|$", glossary, re.M)
        assert row, f"keyword {k} has no row in the glossary"
        assert len(row.group(1).split()) >= 8, f"keyword {k} is not explained"


def test_every_referee_option_has_its_variant_described(md: str) -> None:
    assert set(OPTION_SECTIONS) == set(OPTIONS), "a new option needs its words in the reference"
    for option, words in OPTION_SECTIONS.items():
        assert words in md, f"option {option}: {words!r} missing"
    variants = section(md, "Variants")
    for name in ("Two players", "Two-on-Two", "Titles", "Mulligan", "Littlefinger", "Plot draft"):
        assert f"**{name}**" in variants, name
    # rules/setup.py deals while 6 plots remain (two hands of 3) and boxes the rest; it
    # offers no plot of another House: a draft deck need not come out even
    draft = " ".join(variants.split())
    assert "Repeat while the draft deck holds at least 6 plots, then box what is left" in draft
    # setup.fill_draft_deck takes one copy of each plot; only "House X only" plots are
    # barred (every House's plot names its House, so "names another House" barred them all)
    assert "one copy of each plot in neither player's deck" in draft
    assert 'no plot marked "House X only" for another House' in draft


@pytest.mark.parametrize(
    "term",
    [
        "**dead pile**",
        "**discard pile**",
        "**Kneel**",
        "**In play**",
        "**Attachments**",
        "**Events**",
        "**agenda**",
        "**puts into play**",
        "**Influence**",
        "**Owner and controller**",
        "**removed from the game**",
        "**duplicate**",
        "**participating**",
        "**The card comes first**",
        "**treasury**",
        "**power bank**",
    ],
)
def test_terms_a_player_needs_are_defined(md: str, term: str) -> None:
    assert term in md


def test_unique_cards_and_duplicates_have_their_rules(md: str) -> None:
    uniq = section(md, "Unique cards and duplicates")
    for words in ("dead pile", "discard pile does not stop", "marshalling turn", "save"):
        assert words in uniq, words


def test_setup_and_challenge_steps_are_all_there(md: str) -> None:
    setup = section(md, "Setup")
    for words in (
        "mulligan",
        "face down",
        "Limited",
        "Setup keyword",
        "nothing triggers",
        "draws back",
    ):
        assert words in setup, words
    rounds = section(md, "A round")
    for words in (
        "If the defender wins there is no claim",
        "unopposed",
    ):
        assert words in rounds, words
    # rules/challenges.py makes the Stealth picks as attackers are declared, before the
    # action window that precedes defenders: the picks belong to step 1, not step 2
    step1 = rounds[rounds.index("1. Name the type") : rounds.index("2. The defender may kneel")]
    step1 = " ".join(step1.split())
    assert "Stealth picks" in step1
    # ... but after the Crown Regent's redirect (TH-GAP-10; run_challenge: offer_redirect,
    # then stealth), against the new target: step 1 said the picks came with declaring
    assert step1.index("Crown Regent") < step1.index("Stealth picks")
    assert "Only then come the Stealth picks, against the final target" in step1


def test_a_saved_character_still_counts_toward_a_military_claim(md: str) -> None:
    """TH-CHAL-15: the claimed characters are named together; one saved is not replaced
    (rules/challenges.py claim: one pick of k characters, then kill offers saves)."""
    rounds = " ".join(section(md, "A round").split())
    assert (
        "a named character that is then saved (by a duplicate, say) still counts toward the "
        "claim, and nobody dies in its place" in rounds
    )


def test_setup_says_which_deck_lists_each_table_plays(md: str, content: LoadedContent) -> None:
    """Two players the two-player lists, three or four the constructed ones with agendas,
    as setup.default_deck_format picks them; the sizes come from the rules' numbers."""
    from pnp.rulesets.thrones.setup import default_deck_format

    assert default_deck_format(2) == "two_player"
    assert default_deck_format(3) == default_deck_format(4) == "constructed"
    r = model(content).rules
    setup = " ".join(section(md, "Setup").split())
    assert f"two players use the two-player lists ({r.two_player_deck} cards, no agenda)" in setup
    assert (
        "three or four players (Two-on-Two too) use the constructed lists "
        f"(at least {r.constructed_min} cards, with the agenda its list names, if any)" in setup
    )
    assert "The referee's **deck\\_format** option plays either kind of list" in setup


def test_setup_says_what_title_cards_and_markers_and_banners_are_for(md: str) -> None:
    setup = " ".join(section(md, "Setup").split())
    assert "A title card only tells what its title does; the marker is what a player takes" in setup
    assert (
        "Power claimed for your House is kept on your House banner with two players, on your "
        "House card with three or four" in setup
    )
    victory = " ".join(section(md, "Power and victory").split())
    assert "on your House card (on your banner with two players)" in victory


def test_reading_a_card_tells_traits_from_houses(md: str, content: LoadedContent) -> None:
    """ "Kneel a Dragon card" asks for the trait, not House Targaryen: the sheet says how card
    text names each, and the example it gives is how the generated card text reads."""
    from pnp.rulesets.thrones.text import card_text

    m = model(content)
    houses = {h.id: h.name for h in m.houses}
    reading = " ".join(section(md, "Reading a card").split())
    assert "a House is always written with the word House before it" in reading
    assert '"a Dragon card"' in reading
    texts = [line for c in m.cards for line in card_text(c, houses)]
    assert any("a Dragon card" in line for line in texts)
    assert any("House Stark character" in line for line in texts)


def test_reading_a_card_says_how_shared_plots_are_sorted(md: str, content: LoadedContent) -> None:
    """A plot made for no one House prints PLOT alone: the sheet names them all and says the
    deck lists sort them."""
    m = model(content)
    shared = [p.name for p in m.plots if p.house is None]
    assert shared, "no shared plot: this test would prove nothing"
    reading = " ".join(section(md, "Reading a card").split())
    for name in shared:
        assert name in reading, name
    assert "take for each player the plots his deck's list names" in reading


def test_what_follows_a_challenge_comes_in_the_referees_order(md: str) -> None:
    """resolve_challenge's order: delayed effects, unopposed, claim, Renown, Deadly,
    opposes, win then lose Responses, Vigilant then Vengeful."""
    rounds = " ".join(section(md, "A round").split())
    order = rounds[rounds.index("Once a challenge has a winner") :]
    steps = ["waited for its winner", "unopposed power", "the claim"]
    # TH-TITLE-11: an intercepting Lord Commander who wins takes his power here
    steps += ["Lord Commander of the Kingsguard who took the challenge over", "Renown", "Deadly"]
    steps += ["opposes", "Responses to winning", "to losing", "Vigilant", "Vengeful"]
    places = [order.index(step) for step in steps]
    assert places == sorted(places), list(zip(steps, places, strict=True))


def test_every_cost_a_card_asks_is_explained(md: str, content: LoadedContent) -> None:
    """A card's cost word (sacrifice) is a term the reference defines."""
    m = model(content)
    sacrifices = [
        c.id for c in m.cards for a in c.abilities if a.cost is not None and a.cost.sacrifice_self
    ]
    assert sacrifices, "no card asks a sacrifice: this test would prove nothing"
    terms = " ".join(section(md, "Cards, piles and terms").split())
    assert "To **sacrifice** a card" in terms
    assert "it is not killed, and a cost cannot be saved" in terms


def test_two_player_decks_sharing_neutral_cards_are_told_apart(
    md: str, content: LoadedContent
) -> None:
    m = model(content)
    decks = [set(d.cards) for d in m.decks if d.format == "two_player"]
    shared = set.intersection(*decks[:2]) if len(decks) >= 2 else set()
    assert shared, "no two two-player decks share a card: this test would prove nothing"
    terms = " ".join(section(md, "Cards, piles and terms").split())
    assert "mark whose is whose before you shuffle" in terms


def test_sigils_read_as_names_in_the_text_formats() -> None:
    from pnp.rulesets.thrones.kit.icons import ICONS

    # "[Sun And Spear] Martell" read oddly in the Markdown reference
    assert ICONS["sun-and-spear"].label == "Sun and Spear"
    assert ICONS["direwolf"].label == "Direwolf"


def test_each_deck_line_states_its_format_and_size_once() -> None:
    """'Stark, two-player, 50 cards.': the size once, in Markdown, HTML and the PDF."""
    import io

    from pypdf import PdfReader

    from pnp.render.build import reference_bytes
    from pnp.render.options import RenderOptions
    from pnp.render.report import RenderReport
    from pnp.rulesets import find_ruleset

    ruleset = find_ruleset("thrones")
    content = ruleset.load()
    decks = content.model.decks
    two_player = [d for d in decks if d.format == "two_player"]
    assert two_player, "no two-player deck: this test would prove nothing"
    options = RenderOptions()
    texts = {}
    for fmt in ("md", "html", "pdf"):
        data = reference_bytes(ruleset, content, fmt, options, RenderReport())
        if fmt == "pdf":
            pages = PdfReader(io.BytesIO(data)).pages
            texts[fmt] = " ".join(" ".join(p.extract_text().split()) for p in pages)
        else:
            texts[fmt] = data.decode()
    for fmt, text in texts.items():
        assert "cards, 50 cards" not in text, fmt
        for deck in two_player:
            house = next(h.name for h in content.model.houses if h.id == deck.house)
            assert f"{house}, two-player, {sum(deck.cards.values())} cards" in text, fmt


def test_reference_mentions_what_it_must(kit: Path, content: LoadedContent) -> None:
    m = model(content)
    md = (kit / "reference.md").read_text()
    html = (kit / "reference.html").read_text()
    pdf_text = " ".join(
        " ".join(p.extract_text().split())
        for p in reader((kit / "reference.pdf").read_bytes()).pages
    )
    must = [
        *(KEYWORD_NAMES[k] for k in KEYWORDS),
        "Immunity",
        *(t.name for t in m.titles),
        *(h.name for h in m.houses),
        *("Plot", "Draw", "Marshalling", "Challenges", "Dominance", "Standing", "Taxation"),
        *("Two-on-Two", "Littlefinger", "Plot draft", "Three players", "Two players"),
        *("Supports", "Opposes", "unopposed", "claim", "Stalemate", "Deadly counts"),
        *(d.name for d in m.decks),
    ]
    for word in must:
        assert word in md, word
        assert word in pdf_text, word
    # every ruling the referee takes where the rulebooks are silent is written down
    rulings = [f"TH-GAP-{n:02d}" for n in range(1, 23)]
    rulings += ["TH-COMP-13", "TH-SETUP-08", "TH-UNIQ-04", "TH-ZONE-01"]
    for code in rulings:
        assert code in md, code
    assert "<svg" in html and "Master of Whispers" in html
    assert f"{m.rules.victory_power} power" in md
    assert f"round {m.rules.round_limit}" in md  # the stalemate ruling names its round


def test_reference_names_only_files_the_kit_has(kit: Path) -> None:
    """Every PDF the reference points a player to is one the build wrote."""
    written = {p.name for p in kit.iterdir()}
    named = set(re.findall(r"\b[a-z][a-z0-9-]*\.pdf\b", (kit / "reference.md").read_text()))
    assert named and named <= written, sorted(named - written)


def test_glossary_covers_every_keyword() -> None:
    names = {k["name"] for k in keyword_glossary()}
    assert len(names) == 14 and "Immunity" in names and "No attachments" in names


def test_every_ruling_of_the_content_is_printed_in_its_words(
    md: str, content: LoadedContent
) -> None:
    # content/thrones/README.md: a designer's edit to a ruling shows on the sheet
    rulings = content.model.rulings
    assert rulings
    for ruling in rulings:
        text = fill_placeholders(ruling.text, content.model, ruling.id)  # {rules.…} filled in
        assert f"**{ruling.id}**: {text}" in md, ruling.id


def test_rulings_state_the_numbers_of_the_rules(tmp_path: Path) -> None:
    """A designer set victory_power 12 and round_limit 20: the rulings went on printing
    "reach 15 power" and "After round 30" beside "12 power in all wins"."""
    import shutil

    from pnp.rulesets.thrones import RULESET

    root = tmp_path / "thrones"
    shutil.copytree(RULESET.content_dir(), root)
    rules = root / "rules.yaml"
    text = rules.read_text()
    for old, new in (
        ("victory_power: 15", "victory_power: 12"),
        ("round_limit: 30", "round_limit: 20"),
    ):
        assert old in text
        text = text.replace(old, new)
    rules.write_text(text)
    result = CliRunner().invoke(
        app, ["rules", "thrones", "--content", str(root), "--format", "md", "--out", "-"]
    )
    assert result.exit_code == 0, result.output
    rulings = " ".join(section(result.stdout, "Our rulings where the rulebooks are silent").split())
    assert "If several players reach 12 power at the same moment" in rulings
    assert "After round 20 the game ends" in rulings
    assert "15 power" not in rulings and "round 30" not in rulings
    rules.write_text(
        text.replace(
            "If several players reach {rules.victory_power}",
            "If several players reach {rules.victory_pwer}",
        )
    )
    result = CliRunner().invoke(app, ["validate", "thrones", "--content", str(root)])
    assert result.exit_code == 2
    assert "rulings[0].text: {rules.victory_pwer} names no number of the rules" in result.output
    assert "(did you mean {rules.victory_power}?)" in result.output
