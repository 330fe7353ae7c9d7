"""A content mapping that holds exactly one of its keys: one effect word, one condition.

Every ruleset's ability vocabulary writes an effect as a one-key mapping
(``{draw: 2}``, ``{kill: {...}}``); :class:`OneKeyModel` checks that exactly
one key is given and answers which, so each vocabulary declares its words as
fields and nothing else.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import model_validator

from pnp.content.model import ContentModel


class OneKeyModel(ContentModel):
    """A mapping with exactly one of :attr:`one_of` given (default: every field).

    Fields outside :attr:`one_of` are modifiers a word may carry (``up_to``,
    ``faceup``); they do not count.
    """

    #: the fields of which exactly one is given (``()``: all of the model's fields)
    one_of: ClassVar[tuple[str, ...]] = ()
    #: what one of them is called in an error (``effect word``, ``condition``)
    one_key_noun: ClassVar[str] = "key"

    @classmethod
    def keys(cls) -> tuple[str, ...]:
        """The fields of which exactly one is given."""
        return cls.one_of or tuple(cls.model_fields)

    @model_validator(mode="after")
    def _exactly_one(self) -> Any:
        given = [name for name in self.keys() if getattr(self, name) is not None]
        if len(given) != 1:
            known = ", ".join(self.keys())
            got = " and ".join(given) if given else "none"
            raise ValueError(f"give exactly one {self.one_key_noun} ({known}); got {got}")
        return self

    @property
    def key(self) -> str:
        """The key given."""
        return next(name for name in self.keys() if getattr(self, name) is not None)

    @property
    def value(self) -> Any:
        """The given key's value."""
        return getattr(self, self.key)
