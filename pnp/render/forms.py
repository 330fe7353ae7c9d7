"""Reusable PDF forms (XObjects) that keep their transparency.

reportlab records the graphics states (``gs``: fill and stroke alpha, blend
mode, overprint) a form uses, but writes the form's resources without them:
the form's stream then names a state its resources do not define, and
viewers draw it opaque or complain. :func:`end_form` closes a form and gives
it complete resources.
"""

from __future__ import annotations

from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName
from reportlab.pdfgen.canvas import Canvas


def end_form(canvas: Canvas, name: str) -> None:
    """Close the form ``name`` begun with ``canvas.beginForm(name, ...)``.

    Like ``canvas.endForm()``, but the form's resources list its graphics
    states, so transparency drawn inside a reused form survives.
    """
    canvas.endForm()
    form = canvas._doc.idToObject[xObjectName(name)]
    ext_gstate = getattr(form, "ExtGState", None)
    if not ext_gstate or form.Resources:
        return
    # what PDFFormXObject.format would build, plus the graphics states
    resources = PDFResourceDictionary()
    resources.basicFonts()
    if form.hasImages:
        resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    resources.ExtGState = ext_gstate
    form.Resources = resources
