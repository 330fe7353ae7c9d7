"""The fields of saved objects that Tabletop Simulator itself wrote, from public examples.

Read from these files (field names, value types and nesting only; no values are
used):

* ``stom66/tts-castle-wars``, ``Assets/tts-saves/TS_Save_2173.json``: a save the
  game wrote (``"VersionNumber": "v13.0.3"``). Its ``Deck`` (the name a custom
  deck takes once the game has handled it; a fresh import is ``DeckCustom`` with
  the same fields), the ``Card`` objects inside it with their ``CustomDeck``
  entries, its ``Custom_Token`` objects, and the save header.
* ``ZONT3/tts-deck-generator``, ``tts_deckgen/save_data.py``: a ``DeckCustom`` and
  a ``Card`` pasted from a game-written save (GUIDs and float noise as the game
  writes them); newer than the above, they add ``Value``.
* ``argonui/SCED``, ``objects/ActionDescription.fb09d4.json``: a ``Custom_Tile``
  the game wrote (the repository stores each object of its save in a file).
* Saved objects (files in ``Saves/Saved Objects``) carry the save header with
  empty values and only these keys, as in the public copies in the repositories
  above; the Tabletop Simulator Knowledge Base ("Save File Format") documents
  ``ObjectState`` with ``CustomImage`` (``ImageURL``, ``WidthScale``) for custom
  boards and ``ContainedObjects`` for bags.
"""

from __future__ import annotations

NUMBER = (int, float)

#: every object's common fields and their types
COMMON: dict[str, type | tuple[type, ...]] = {
    "GUID": str,
    "Name": str,
    "Transform": dict,
    "Nickname": str,
    "Description": str,
    "GMNotes": str,
    "ColorDiffuse": dict,
    "LayoutGroupSortIndex": int,
    "Value": int,
    "Locked": bool,
    "Grid": bool,
    "Snap": bool,
    "IgnoreFoW": bool,
    "MeasureMovement": bool,
    "DragSelectable": bool,
    "Autoraise": bool,
    "Sticky": bool,
    "Tooltip": bool,
    "GridProjection": bool,
    "HideWhenFaceDown": bool,
    "Hands": bool,
    "LuaScript": str,
    "LuaScriptState": str,
    "XmlUI": str,
}

TRANSFORM = ["posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"]
COLOUR = ["r", "g", "b"]

#: per object name, its own fields beyond :data:`COMMON`
OWN: dict[str, dict[str, type | tuple[type, ...]]] = {
    "DeckCustom": {
        "SidewaysCard": bool,
        "DeckIDs": list,
        "CustomDeck": dict,
        "ContainedObjects": list,
    },
    "Card": {"CardID": int, "SidewaysCard": bool, "CustomDeck": dict},
    "Custom_Tile": {"CustomImage": dict},
    "Custom_Token": {"CustomImage": dict},
    "Custom_Board": {"CustomImage": dict},
    "Bag": {"ContainedObjects": list},
}

#: a ``CustomDeck`` entry
CUSTOM_DECK: dict[str, type | tuple[type, ...]] = {
    "FaceURL": str,
    "BackURL": str,
    "NumWidth": int,
    "NumHeight": int,
    "BackIsHidden": bool,
    "UniqueBack": bool,
    "Type": int,
}

#: ``CustomImage`` of tiles (with ``CustomTile``) and boards (without)
CUSTOM_IMAGE: dict[str, type | tuple[type, ...]] = {
    "ImageURL": str,
    "ImageSecondaryURL": str,
    "ImageScalar": NUMBER,
    "WidthScale": NUMBER,
}
CUSTOM_TILE: dict[str, type | tuple[type, ...]] = {
    "Type": int,
    "Thickness": NUMBER,
    "Stackable": bool,
    "Stretch": bool,
}

#: a saved object's header, in the game's order
HEADER: dict[str, type | tuple[type, ...]] = {
    "SaveName": str,
    "Date": str,
    "VersionNumber": str,
    "GameMode": str,
    "GameType": str,
    "GameComplexity": str,
    "Tags": list,
    "Gravity": NUMBER,
    "PlayArea": NUMBER,
    "Table": str,
    "Sky": str,
    "Note": str,
    "TabStates": dict,
    "LuaScript": str,
    "LuaScriptState": str,
    "XmlUI": str,
    "ObjectStates": list,
}
