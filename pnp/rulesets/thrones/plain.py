"""Plain copies of the ability models, for the referee's inner loops.

The content's ability vocabulary (:mod:`.effects`) is pydantic models. Reading
an attribute of a pydantic model is several times slower than reading one of
a plain object: the model class defines ``__getattr__``, which keeps the
interpreter from specialising the attribute access. Action and response
windows read ability fields (limits, conditions, costs, filters) thousands
of times a game, so :class:`~.catalog.CardDef` keeps plain copies instead.

A plain copy has the model's fields and the computed values the referee
reads (``groups``, ``effects``, ``kind`` …) as slots, nested models copied
the same way. It is read-only by convention, like the frozen model it copies.
The printed text, the kit and validation keep using the models themselves.
"""

from __future__ import annotations

from typing import Any, cast

from pydantic import BaseModel

from pnp.engine.memo import IdentityMemo
from pnp.rulesets.thrones.effects import ChooseTarget, EachTarget

#: computed attributes of the vocabulary models the referee reads (copied when present)
COMPUTED = ("groups", "player_mods", "card_mods", "effects", "kind", "value", "word", "timing")


class Plain:
    """Base of the plain copies; ``model`` is the copied model."""

    __slots__ = ("model",)
    model: BaseModel

    def __repr__(self) -> str:
        return f"plain {self.model!r}"


_CLASSES: dict[type, type[Plain]] = {}


def plain_class(cls: type[BaseModel]) -> type[Plain]:
    """The plain class that copies instances of model class ``cls`` (made once)."""
    pc = _CLASSES.get(cls)
    if pc is None:
        names = [*cls.model_fields, *(n for n in COMPUTED if hasattr(cls, n))]
        pc = _CLASSES[cls] = type(cls.__name__, (Plain,), {"__slots__": tuple(names)})
    return pc


def plain(value: Any, memo: dict[int, Any] | None = None) -> Any:
    """A plain copy of ``value``: models copied, lists/tuples/dicts rebuilt, the rest as is.

    The same model object always gives the same copy (``memo``), so an
    effect reached through ``Ability.effect`` and ``Ability.effects`` is one
    object, as it is in the model.
    """
    if memo is None:
        memo = {}
    if isinstance(value, BaseModel):
        done = memo.get(id(value))
        if done is not None:
            return done
        cls = plain_class(type(value))
        out = object.__new__(cls)
        memo[id(value)] = out
        out.model = value
        for name in cls.__slots__:
            setattr(out, name, plain(getattr(value, name), memo))
        return out
    if isinstance(value, list):
        return [plain(v, memo) for v in value]
    if isinstance(value, tuple):
        return tuple(plain(v, memo) for v in value)
    if isinstance(value, dict):
        return {k: plain(v, memo) for k, v in value.items()}
    return value


_SHARED: IdentityMemo[BaseModel, Any] = IdentityMemo(size=64)


def shared_plain(model: BaseModel) -> Any:
    """One plain copy of ``model`` for every game played on its content."""
    return _SHARED.get(model, plain)


#: target classes, model or plain copy (``isinstance(t, CHOOSE)``); the plain class
#: is typed as the model it copies (it has the model's fields, all the referee reads)
CHOOSE = (ChooseTarget, cast("type[ChooseTarget]", plain_class(ChooseTarget)))
EACH = (EachTarget, cast("type[EachTarget]", plain_class(EachTarget)))
