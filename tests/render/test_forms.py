"""Faces reused as PDF forms keep their transparency (graphics states)."""

from __future__ import annotations

import io

import pypdf
from reportlab.lib.colors import Color

from pnp.render import Card, Face
from pnp.render.face import DrawContext
from pnp.render.options import RenderOptions
from pnp.render.pages import write_pdf
from pnp.render.sheets import plan_cards


def veiled(face: Face) -> None:
    """A face with a half-transparent band over its background."""
    face.fill("#dde")
    face.rect(0, 0, 20, 20, fill=Color(0.5, 0, 0, alpha=0.5))


def _forms(data: bytes) -> list[pypdf.generic.DictionaryObject]:
    reader = pypdf.PdfReader(io.BytesIO(data))
    found = {}
    for page in reader.pages:
        for ref in page["/Resources"].get("/XObject", {}).values():
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Form":
                found[id(obj)] = obj
    return list(found.values())


def test_a_reused_face_keeps_its_alpha() -> None:
    deck = [Card(id="c", face=veiled, size="poker", copies=3)]
    data = write_pdf(plan_cards(deck, RenderOptions(duplex="none")), DrawContext(), "test")
    forms = [f for f in _forms(data) if b" gs" in f.get_data()]
    assert forms, "the reused face is drawn from a form that sets a graphics state"
    for form in forms:
        states = form["/Resources"]["/ExtGState"]
        names = {
            word.decode().lstrip("/")
            for word in form.get_data().split()
            if word.startswith(b"/gRLs")
        }
        assert names <= {k.lstrip("/") for k in states}
        assert any(s.get_object().get("/ca") == 0.5 for s in states.values())


def test_icons_in_forms_keep_their_fonts() -> None:
    """A form with no graphics state keeps reportlab's own resources (fonts)."""
    deck = [Card(id="c", face=lambda f: f.label("x", 5, 5), size="poker", copies=2)]
    data = write_pdf(plan_cards(deck, RenderOptions(duplex="none")), DrawContext(), "test")
    forms = _forms(data)
    assert forms
    assert all("/Font" in f["/Resources"] for f in forms)
