"""The zones a card can be in: where it lies, by name (TH-ZONE rules)."""

from __future__ import annotations

DECK = "deck"
HAND = "hand"
PLAY = "play"
DUPE = "duplicate"
DISCARD = "discard"
DEAD = "dead"
REMOVED = "removed"
SETUP = "setup"  # placed facedown during setup
PLOT_DECK = "plot_deck"
PLOT_USED = "plot_used"
PLOT_REVEALED = "plot_revealed"
PLOT_DRAFT = "plot_draft"  # dealt or drafted, before the plot deck is fixed
PLOT_BOX = "plot_box"  # returned to the box (unused plots)
AGENDA = "agenda"
