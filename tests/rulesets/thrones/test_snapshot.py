"""The thrones snapshot (:mod:`pnp.rulesets.thrones.snapshot`) and the defaults it declares
for what it leaves out."""

from __future__ import annotations

from pnp.content import LoadedContent
from pnp.engine.scenarios.paths import FieldDefaults, StatePath
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.state import CARD_DEFAULTS

CARDS = [
    {"id": "t-a", "name": "A", "type": "character", "cost": 1, "strength": 1, "icons": ["power"]},
]


def test_a_card_in_play_leaves_out_exactly_its_declared_defaults(content: LoadedContent) -> None:
    """A standing card without power shows no `kneeling` or `power` (state hashes stay as they
    were), yet reads `kneeling: false` and `power: 0` through the declared defaults; a
    kneeling card with power shows both."""
    assert RULESET.scenario_game is not None
    setup = {
        "players": 2,
        "phase": "challenges",
        "seats": [
            {"house": "stark", "in_play": ["t-a", {"card": "t-a", "kneeling": True, "power": 2}]},
            {"house": "lannister"},
        ],
    }
    snapshot = RULESET.scenario_game(content, setup, CARDS, 0).snapshot()
    standing, kneeling = snapshot["seats"][0]["in_play"]
    assert set(standing) == {"card", "uid", "strength"}
    assert not set(standing) & set(CARD_DEFAULTS)
    assert kneeling["kneeling"] is True and kneeling["power"] == 2
    defaults = FieldDefaults.parse(RULESET.snapshot_defaults)
    assert defaults.at(("seats", 1, "in_play", 0)) == CARD_DEFAULTS
    for key, usual in CARD_DEFAULTS.items():
        assert StatePath.parse(f"seats[0].in_play[0].{key}").resolve(snapshot, defaults) == usual
    assert StatePath.parse("seats[0].in_play[1].kneeling").resolve(snapshot, defaults) is True
