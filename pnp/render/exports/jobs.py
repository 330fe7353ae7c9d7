"""Raster jobs: pages of one PDF rasterised and encoded, in worker processes when asked.

An export draws every side it needs into one PDF, then describes each output
image as a :class:`Job`: which pages go where on a canvas of which pixel
size, and how the result is encoded. :func:`run_jobs` runs them in order, in
this process or spread over worker processes; the bytes are the same either
way (each job is computed alone from the same PDF).
"""

from __future__ import annotations

import io
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Literal

from PIL import Image, ImageChops, ImageDraw, ImageMath

from pnp import interrupt
from pnp.render import raster

Encoding = Literal["png", "jpeg-cmyk"]

#: JPEG quality of images embedded in print-on-demand PDFs
JPEG_QUALITY = 95


@dataclass(frozen=True)
class Cell:
    """One page rendered into a ``w`` × ``h`` pixel box at ``(x, y)`` (from the top left),
    turned a quarter clockwise first when ``rotate``."""

    page: int
    x: int
    y: int
    w: int
    h: int
    rotate: bool = False


@dataclass(frozen=True)
class Guide:
    """A rectangle outline drawn over the image (proof guides), in pixels."""

    box: tuple[int, int, int, int]
    colour: tuple[int, int, int]
    width: int = 2


@dataclass(frozen=True)
class Job:
    """One output image: its canvas, the pages on it, overlays and encoding."""

    size: tuple[int, int]
    cells: tuple[Cell, ...]
    dpi: float
    encoding: Encoding = "png"
    guides: tuple[Guide, ...] = field(default_factory=tuple)


def _compose(doc: raster.Document, job: Job) -> Image.Image:
    only = job.cells[0] if len(job.cells) == 1 else None
    if (
        only is not None
        and (only.x, only.y) == (0, 0)
        and (only.w, only.h) == job.size
        and not only.rotate
    ):
        image = doc.render(only.page, only.w, only.h)
    else:
        image = Image.new("RGB", job.size, (255, 255, 255))
        for cell in job.cells:
            if cell.rotate:
                part = doc.render(cell.page, cell.h, cell.w).transpose(Image.Transpose.ROTATE_270)
            else:
                part = doc.render(cell.page, cell.w, cell.h)
            image.paste(part, (cell.x, cell.y))
    if job.guides:
        image = image.copy() if image.readonly else image
        draw = ImageDraw.Draw(image)
        for guide in job.guides:
            draw.rectangle(guide.box, outline=guide.colour, width=guide.width)
    return image


def encode(image: Image.Image, job: Job) -> bytes:
    """``image`` in the job's encoding."""
    if job.encoding == "png":
        return raster.png_bytes(image, job.dpi)
    buffer = io.BytesIO()
    cmyk_image(image).save(
        buffer, "JPEG", quality=JPEG_QUALITY, dpi=(job.dpi, job.dpi), subsampling=0
    )
    return buffer.getvalue()


def cmyk_image(image: Image.Image) -> Image.Image:
    """``image`` separated to CMYK with full grey-component replacement (the grey goes
    to K alone), the separation :func:`pnp.render.ink.pixel_ink` estimates ink with:
    total ink stays at or under 200 %."""
    r, g, b = image.convert("RGB").split()
    top = ImageChops.lighter(ImageChops.lighter(r, g), b)
    k = ImageChops.invert(top)
    top_f = top.convert("F")
    inks = []
    for channel in (r, g, b):
        diff = ImageChops.subtract(top, channel).convert("F")
        ink = ImageMath.lambda_eval(
            lambda a: (a["d"] * 255 + 0.5) / (a["t"] + (a["t"] == 0)), d=diff, t=top_f
        )
        inks.append(ink.convert("L"))
    return Image.merge("CMYK", (*inks, k))


# -- running jobs -------------------------------------------------------------------

_WORKER_DOC: raster.Document | None = None


def _worker_start(pdf: bytes) -> None:
    # Ctrl-C is the parent's to handle: it stops the pool and writes nothing
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _WORKER_DOC
    pdfium = raster._pdfium()
    _WORKER_DOC = raster.Document(pdfium.PdfDocument(pdf))


def _worker_run(job: Job) -> bytes:
    assert _WORKER_DOC is not None
    return encode(_compose(_WORKER_DOC, job), job)


def default_workers() -> int:
    """Worker processes when none are asked for: one per core, at most 4."""
    return max(1, min(4, os.cpu_count() or 1))


def run_jobs(
    pdf: bytes,
    jobs: Sequence[Job],
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[bytes]:
    """The encoded image of every job, in order; ``progress(1)`` after each."""
    return list(iter_jobs(pdf, jobs, workers, progress))


def iter_jobs(
    pdf: bytes,
    jobs: Sequence[Job],
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Iterator[bytes]:
    """Like :func:`run_jobs`, one result at a time."""
    if not jobs:
        return
    if workers <= 1 or len(jobs) < 4:
        with raster.open_pdf(pdf) as doc:
            for job in jobs:
                data = encode(_compose(doc, job), job)
                if progress is not None:
                    progress(1)
                yield data
        return
    # held while the workers start: one that Ctrl-C reached before it could ignore it
    # would die holding the pool's queue lock, and the pool would never shut down
    with interrupt.held():
        pool = ProcessPoolExecutor(
            max_workers=min(workers, len(jobs)), initializer=_worker_start, initargs=(pdf,)
        )
        results = pool.map(_worker_run, jobs, chunksize=1)
    try:
        for data in results:
            if progress is not None:
                progress(1)
            yield data
    except BaseException:
        # a second Ctrl-C must not cut the shutdown short: the workers would be left
        # waiting, and the interpreter waits on them at exit
        with interrupt.held(too_late=True):
            pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
