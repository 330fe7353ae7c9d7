"""Random YAML never crashes the loader: it loads or reports problems."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.content import ContentError, load_content
from tests.fixtures.toy import ToyContent

# FUZZ_EXAMPLES=5000 runs a longer search locally; CI keeps the default.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "300"))

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["unit", "spell", "knight", "art/knight.png", "../x.png", "cost"]),
)
keys = st.one_of(
    st.sampled_from(
        [
            "cards",
            "decks",
            "settings",
            "id",
            "type",
            "name",
            "cost",
            "strength",
            "copies",
            "art",
            "text",
            "hand_size",
            "max_deck",
        ]
    ),
    st.text(max_size=8),
)
values = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(keys, children, max_size=5)
    ),
    max_leaves=25,
)
documents = st.dictionaries(keys, values, max_size=4)
raw_texts = st.one_of(
    documents.map(lambda d: yaml.safe_dump(d, allow_unicode=True)),
    st.text(max_size=200),
    st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(raw_texts, min_size=1, max_size=3))
def test_random_yaml_loads_or_reports(texts: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "art").mkdir()
        (folder / "art" / "knight.png").write_bytes(b"png")
        for i, text in enumerate(texts):
            (folder / f"f{i}.yaml").write_bytes(text.encode("utf-8", "surrogatepass"))
        try:
            loaded = load_content(ToyContent, folder)
        except ContentError as exc:
            assert exc.problems, "a ContentError must carry at least one problem"
            for problem in exc.problems:
                assert problem.message
        else:
            assert isinstance(loaded.model, ToyContent)
