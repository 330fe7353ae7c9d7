"""Designer pictures: what ``art:`` on every card costs a kit, in time and PDF size.

For each named ruleset, renders the kit's PDFs in memory twice: as shipped, and
with a picture on every entry that takes one (``art:``), the pictures being
``--pictures`` distinct JPEGs or PNGs of ``--size`` pixels (default: 700×460,
about a poker card's art area at 300 dpi) in a temporary copy of the content
folder. Prints the CPU seconds (best of ``--repeat``) and the size of each kit,
and the CPU time of the content check that decodes every picture.

    python bench/art.py [RULESET ...] [--pictures N] [--size WxH] [--format jpeg|png]
"""

from __future__ import annotations

import argparse
import platform
import shutil
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image
from pydantic import BaseModel

from pnp.content import LoadedContent
from pnp.content.checks import check_markers
from pnp.render.kit import kit_components, plan_files, render_files
from pnp.render.options import RenderOptions
from pnp.render.report import RenderReport
from pnp.rulesets import RULESETS, find_ruleset
from pnp.rulesets.ruleset import Ruleset


def write_pictures(folder: Path, n: int, size: tuple[int, int], fmt: str) -> list[str]:
    """``n`` distinct pictures in ``folder/art``: noisy gradients, so they compress as
    photographs do, not as flat colour."""
    (folder / "art").mkdir(exist_ok=True)
    names = []
    for i in range(n):
        noise = Image.effect_noise(size, 40 + i).convert("RGB")
        ramp = Image.linear_gradient("L").resize(size).convert("RGB")
        img = Image.blend(noise, ramp, 0.5)
        name = f"art/bench-{i}.{'jpg' if fmt == 'jpeg' else 'png'}"
        img.save(folder / name, fmt.upper(), **({"quality": 88} if fmt == "jpeg" else {}))
        names.append(name)
    return names


def with_art(value: Any, pictures: list[str], count: list[int]) -> Any:
    """``value`` with ``art`` set on every model that has the field, in turn from
    ``pictures``; a fief Title only when it is a Military one (the others are tokens)."""
    if isinstance(value, BaseModel):
        update = {
            name: with_art(getattr(value, name), pictures, count)
            for name in type(value).model_fields
        }
        if "art" in type(value).model_fields and getattr(value, "kind", "military") in (
            "military",
            "noble",
            "bannerman",
            "heir",
        ):
            update["art"] = pictures[count[0] % len(pictures)]
            count[0] += 1
        return value.model_copy(update=update)
    if isinstance(value, list):
        return [with_art(v, pictures, count) for v in value]
    if isinstance(value, tuple):
        return tuple(with_art(v, pictures, count) for v in value)
    if isinstance(value, dict):
        return {k: with_art(v, pictures, count) for k, v in value.items()}
    return value


def render(ruleset: Ruleset, content: LoadedContent[Any], repeat: int) -> tuple[float, int, int]:
    """Best CPU seconds, pages and bytes of the kit's PDFs (the reference left out)."""
    best = float("inf")
    pages = size = 0
    options = RenderOptions()
    for _ in range(repeat):
        start = time.process_time()
        plans = plan_files(kit_components(ruleset, content), options)
        files = render_files(ruleset, content, plans, RenderReport())
        best = min(best, time.process_time() - start)
        pages = sum(f.pages for f in files)
        size = sum(len(f.data) for f in files)
    return best, pages, size


def bench_ruleset(ruleset: Ruleset, args: argparse.Namespace) -> None:
    """Print the figures of one ruleset, without and with pictures."""
    shipped = ruleset.load()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / ruleset.name
        shutil.copytree(shipped.folder, folder)
        size = tuple(int(v) for v in args.size.lower().split("x"))
        pictures = write_pictures(folder, args.pictures, size, args.format)  # type: ignore[arg-type]
        count = [0]
        model = with_art(shipped.model, pictures, count)
        art = replace(shipped, folder=folder, model=model)
        start = time.process_time()
        problems = list(check_markers(model, folder))
        check = time.process_time() - start
        assert not problems, problems
        plain_s, plain_pages, plain_size = render(ruleset, shipped, args.repeat)
        art_s, art_pages, art_size = render(ruleset, art, args.repeat)
    print(
        f"{ruleset.name}: {count[0]} entries with art:, {args.pictures} {args.format.upper()} "
        f"pictures of {args.size} px"
    )
    print(f"  check (decodes each picture once): {check:6.2f} s CPU")
    print(
        f"  kit PDFs as shipped:  {plain_s:6.2f} s CPU {plain_pages:>4} pages "
        f"{plain_size / 2**20:7.1f} MiB"
    )
    print(
        f"  kit PDFs with art:    {art_s:6.2f} s CPU {art_pages:>4} pages "
        f"{art_size / 2**20:7.1f} MiB"
    )


def main() -> None:
    """Parse the arguments and bench each ruleset in turn."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", help="rulesets to bench (default: all with a kit)")
    parser.add_argument("--pictures", type=int, default=12, help="distinct pictures")
    parser.add_argument("--size", default="700x460", help="picture size, pixels")
    parser.add_argument("--format", choices=("jpeg", "png"), default="jpeg")
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    chosen = [find_ruleset(name) for name in args.rulesets] or [
        r for r in RULESETS if r.components is not None
    ]
    print(f"Python {platform.python_version()}")
    for ruleset in chosen:
        bench_ruleset(ruleset, args)


if __name__ == "__main__":
    main()
