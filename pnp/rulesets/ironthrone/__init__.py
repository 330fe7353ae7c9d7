"""The Iron Throne: encounters, support, influence, power and hostages, for 3–5 players.

The package has the shape every ruleset has: ``model`` (content schema and
format checks), ``effects`` (the ability vocabulary), ``state`` (the game
state), ``rules`` (the referee), ``game`` (the engine surface), ``view`` (what
one seat may know), ``setup`` (new games and scenario positions) and
``agents`` (the heuristic bot).
"""

from __future__ import annotations

from pnp.rulesets.ironthrone.agents import HeuristicBot
from pnp.rulesets.ironthrone.components import components
from pnp.rulesets.ironthrone.icons import ICONS
from pnp.rulesets.ironthrone.model import PLAYER_COUNTS, IronThroneContent, card_ids, summarize
from pnp.rulesets.ironthrone.reference import reference_context
from pnp.rulesets.ironthrone.scenario import scenario_game
from pnp.rulesets.ironthrone.setup import new_game
from pnp.rulesets.ironthrone.usage import kit_meter
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
    agents={"heuristic": HeuristicBot},
    # a game lasts a handful of rounds; sixty means something has gone wrong
    max_rounds=60,
    card_ids=card_ids,
    components=components,
    kit_meter=kit_meter,
    icons=ICONS,
    reference_context=reference_context,
)

__all__ = ["RULESET"]
