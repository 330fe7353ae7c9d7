"""Ability vocabularies: every effect word declared once, in one entry.

An ability in content is a mapping holding one effect word (``{draw: 2}``).
Each word is a :class:`Word` subclass that says everything about it in one
place: its name, the schema of its value, the text printed for it, when it
may be used and how the referee resolves it. A :class:`Vocabulary` collects
a ruleset's words and builds from them the pydantic model its content is
validated against, so adding a word is adding one entry::

    WORDS: Vocabulary[KindleWord] = Vocabulary("effect word")

    @WORDS.add
    class Glow(KindleWord):
        \"\"\"The player gains light (KN-EFF-01).\"\"\"

        name = "glow"
        schema = PositiveInt

        def text(self, value: int) -> str:
            return f"Gain {value} [light]."

        def resolve(self, game: Game, seat: int, value: int) -> None:
            ...

    @WORDS.model
    class Effect(OneKeyModel):
        \"\"\"One effect of a card: exactly one word of :data:`WORDS`.\"\"\"

A ruleset's own word base (``KindleWord`` above) fixes the signatures of
``text`` and ``resolve``, since what a word needs to print itself or to
resolve differs from game to game; this module knows no ruleset.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import Field, create_model

from pnp.content.onekey import OneKeyModel

W = TypeVar("W", bound="Word")
M = TypeVar("M", bound=OneKeyModel)


class VocabularyError(Exception):
    """A vocabulary declared wrongly: a word twice, a model built twice (a programming error)."""


class Word:
    """One effect word of a vocabulary; subclass it once per word.

    The class docstring is the word's description (it becomes the field's
    description in the content schema); cite the word's rule IDs there.
    """

    #: the word as written in content (``draw``)
    name: ClassVar[str]
    #: the schema of the word's value, as a pydantic annotation
    #: (``PositiveInt``, ``Literal[True]``, a model class)
    schema: ClassVar[Any]
    #: the timings (windows, phases) the word may be used in; empty: every one
    when: ClassVar[tuple[str, ...]] = ()

    def fits(self, timing: str) -> bool:
        """Whether the word may be used at ``timing``."""
        return not self.when or timing in self.when

    def __repr__(self) -> str:
        return f"<word {self.name}>"


class Vocabulary(Generic[W]):
    """A ruleset's effect words, in the order they were added (that order is the
    order of the content model's fields and of printed references)."""

    def __init__(self, noun: str = "effect word") -> None:
        self.noun = noun
        self._words: dict[str, W] = {}
        self._model: type[OneKeyModel] | None = None

    def add(self, cls: type[W]) -> type[W]:
        """Class decorator: add one instance of the word class ``cls``."""
        if self._model is not None:
            raise VocabularyError(f"{cls.name!r} added after the model was built")
        if cls.name in self._words:
            raise VocabularyError(f"the word {cls.name!r} is declared twice")
        self._words[cls.name] = cls()
        return cls

    def model(self, cls: type[M]) -> type[M]:
        """Class decorator: ``cls`` (a :class:`OneKeyModel`) with one optional field
        per word, holding exactly one of them.

        The fields are made here, from the words, so a word is declared once.
        """
        if self._model is not None:
            raise VocabularyError(f"the model of this vocabulary is {self._model.__name__}")
        fields: dict[str, Any] = {
            word.name: (word.schema | None, Field(default=None, description=_doc(word)))
            for word in self._words.values()
        }
        built = create_model(
            cls.__name__,
            __base__=cls,
            __module__=cls.__module__,
            __doc__=cls.__doc__,
            **fields,
        )
        built.one_of = self.names
        built.one_key_noun = self.noun
        built.__qualname__ = cls.__qualname__
        self._model = built
        return built

    @property
    def names(self) -> tuple[str, ...]:
        """Every word, in order."""
        return tuple(self._words)

    def __getitem__(self, name: str) -> W:
        return self._words[name]

    def __contains__(self, name: object) -> bool:
        return name in self._words

    def __iter__(self) -> Iterator[W]:
        return iter(self._words.values())

    def __len__(self) -> int:
        return len(self._words)


def _doc(word: Word) -> str:
    """The first paragraph of the word's docstring, on one line."""
    doc = (type(word).__doc__ or "").strip().split("\n\n")[0]
    return " ".join(doc.split())
