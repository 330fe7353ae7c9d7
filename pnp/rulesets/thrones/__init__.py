"""The thrones card game: plots, challenges, titles — content schema, referee and bots.

``RULESET`` plugs it into pnp (see :mod:`pnp.rulesets`). Its print hooks name
the :mod:`.kit` by path (:mod:`pnp.rulesets.lazy`): importing the ruleset or playing a
game loads no print code.
"""

from __future__ import annotations

from pnp.rulesets.lazy import OnFirstCall, OnFirstUse
from pnp.rulesets.ruleset import Ruleset
from pnp.rulesets.thrones.bots import HeuristicBot
from pnp.rulesets.thrones.model import (
    MAX_PLAYERS,
    ThronesContent,
    card_houses,
    plot_ids,
    summarize_content,
)
from pnp.rulesets.thrones.scenario import scenario_game
from pnp.rulesets.thrones.setup import new_game
from pnp.rulesets.thrones.snapshot import SNAPSHOT_DEFAULTS
from pnp.rulesets.thrones.usage import kit_meter

RULESET = Ruleset(
    name="thrones",
    title="The Thrones card game",
    player_counts=tuple(range(2, MAX_PLAYERS + 1)),
    # the two-player box (50-card decks, the plot draft) is what the rules are built around
    default_players=2,
    content_model=ThronesContent,
    summarize=summarize_content,
    # every -o option setup.OPTIONS accepts, so `pnp rulesets` lists them all
    notes="options: two_on_two, draft, littlefinger, titles (on at 3–4), mulligan (on at 2), "
    "deck_format=two_player|constructed",
    new_game=new_game,
    scenario_game=scenario_game,
    rule_prefix="TH",
    snapshot_defaults=SNAPSHOT_DEFAULTS,
    agents={"heuristic": HeuristicBot},
    fair_margin=0.05,
    components=OnFirstCall("pnp.rulesets.thrones.kit.components:components"),
    kit_meter=kit_meter,
    card_houses=card_houses,
    extra_card_ids=plot_ids,
    icons=OnFirstUse("pnp.rulesets.thrones.kit.icons:ICONS"),
    reference_context=OnFirstCall("pnp.rulesets.thrones.kit.reference:reference_context"),
    text_form=OnFirstCall("pnp.rulesets.thrones.view:text_form"),
    event_words=OnFirstUse("pnp.rulesets.thrones.view:EVENTS"),
    decision_help=OnFirstUse("pnp.rulesets.thrones.view:HELP"),
)

__all__ = ["RULESET"]
