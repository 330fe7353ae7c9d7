"""Content loading: YAML with line marks, pydantic schemas, cross-checks.

Typical use::

    from pnp.content import load_content
    loaded = load_content(MyContent, Path("content/thrones"))
    loaded.model.cards[0].name
"""

from pnp.content.loader import (
    LoadedContent,
    content_files,
    explain_error,
    load_content,
    validate_document,
)
from pnp.content.model import ArtFit, ArtPath, ContentModel, ContentPath, Id, Ref, Slug
from pnp.content.problems import ContentError, Problem
from pnp.content.summary import summarize

__all__ = [
    "ArtFit",
    "ArtPath",
    "ContentError",
    "ContentModel",
    "ContentPath",
    "Id",
    "LoadedContent",
    "Problem",
    "Ref",
    "Slug",
    "content_files",
    "explain_error",
    "load_content",
    "summarize",
    "validate_document",
]
