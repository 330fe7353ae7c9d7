"""A Song of Ice and Fief: a map of Villages, Houses of Nobles, elections, battles.

``RULESET`` plugs it into pnp. The package has the shape every ruleset has
(``pnp/rulesets/README.md``); its print hooks name the :mod:`.kit` by path
(:mod:`pnp.rulesets.lazy`), so importing the ruleset or playing a game loads
no print code.
"""

from __future__ import annotations

from pnp.rulesets.fief.bots import HeuristicBot
from pnp.rulesets.fief.model import PLAYER_COUNTS, FiefContent
from pnp.rulesets.fief.scenario import scenario_game
from pnp.rulesets.fief.setup import new_game
from pnp.rulesets.fief.usage import COINS, kit_meter
from pnp.rulesets.lazy import OnFirstCall, OnFirstUse
from pnp.rulesets.ruleset import Ruleset

RULESET = Ruleset(
    name="fief",
    title="A Song of Ice and Fief",
    player_counts=PLAYER_COUNTS,
    # alliances by marriage start at four players (FF-WIN-04): the game its rules are built around
    default_players=4,
    content_model=FiefContent,
    notes=(
        "options: winter, tactics, concession, nights_watch (5–6 players); alliances from 4 players"
    ),
    new_game=new_game,
    scenario_game=scenario_game,
    rule_prefix="FF",
    agents={"heuristic": HeuristicBot},
    fair_margin=0.07,
    # a game reaching rules.yaml's round limit ends with nobody at the VP
    # target: at most 10% of games may end so (issue 7's acceptance)
    undecided_endings=frozenset({"round_limit"}),
    max_undecided_rate=0.10,
    components=OnFirstCall("pnp.rulesets.fief.kit.components:components"),
    kit_meter=kit_meter,
    kit_change=(COINS,),
    icons=OnFirstUse("pnp.rulesets.fief.kit.icons:ICONS"),
    reference_context=OnFirstCall("pnp.rulesets.fief.kit.reference:reference_context"),
    # rules.yaml ends the game after round 12; the engine stops runaways well past any tuning
    max_rounds=50,
    text_form=OnFirstCall("pnp.rulesets.fief.view:text_form"),
    event_words=OnFirstUse("pnp.rulesets.fief.view:EVENTS"),
    decision_help=OnFirstUse("pnp.rulesets.fief.view:HELP"),
)
