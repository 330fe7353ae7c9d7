"""Variables for the fief reference sheet (``templates/fief/reference.xml.j2``)."""

from __future__ import annotations

from typing import Any

from pnp.content import LoadedContent


def reference_context(content: LoadedContent[Any]) -> dict[str, Any]:
    """Extra template variables."""
    return {}
