"""The Iron Throne: encounters, support, influence, power and hostages, for 3–5 players.

``RULESET`` plugs it into pnp. The package has the shape every ruleset has
(``pnp/rulesets/README.md``); its print hooks name the :mod:`.kit` by path
(:mod:`pnp.rulesets.lazy`), so importing the ruleset or playing a game loads
no print code.
"""

from __future__ import annotations

from pnp.rulesets.ironthrone.bots import HeuristicBot
from pnp.rulesets.ironthrone.model import (
    PLAYER_COUNTS,
    IronThroneContent,
    card_houses,
    card_ids,
    summarize,
)
from pnp.rulesets.ironthrone.scenario import scenario_game
from pnp.rulesets.ironthrone.setup import new_game
from pnp.rulesets.ironthrone.usage import kit_meter
from pnp.rulesets.lazy import OnFirstCall, OnFirstUse
from pnp.rulesets.ruleset import Ruleset

RULESET = Ruleset(
    name="ironthrone",
    title="The Iron Throne",
    player_counts=PLAYER_COUNTS,
    # encounters, support and betrayal need a table: four is the count its rules are built around
    default_players=4,
    content_model=IronThroneContent,
    summarize=summarize,
    new_game=new_game,
    scenario_game=scenario_game,
    rule_prefix="IT",
    agents={"heuristic": HeuristicBot},
    # a game lasts a handful of rounds; sixty means something has gone wrong
    max_rounds=60,
    card_ids=card_ids,
    card_houses=card_houses,
    components=OnFirstCall("pnp.rulesets.ironthrone.kit.components:components"),
    kit_meter=kit_meter,
    icons=OnFirstUse("pnp.rulesets.ironthrone.kit.icons:ICONS"),
    reference_context=OnFirstCall("pnp.rulesets.ironthrone.kit.reference:reference_context"),
    text_form=OnFirstCall("pnp.rulesets.ironthrone.view:text_form"),
    event_words=OnFirstUse("pnp.rulesets.ironthrone.view:EVENTS"),
    decision_help=OnFirstUse("pnp.rulesets.ironthrone.view:HELP"),
)

__all__ = ["RULESET"]
