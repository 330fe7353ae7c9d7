"""The options of ``pnp export``, checked before anything is drawn."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pnp.errors import UsageError
from pnp.render.options import MAX_BLEED_MM
from pnp.render.raster import MAX_DPI, MIN_DPI

ExportFormat = Literal["png", "tts", "pod"]
Ink = Literal["normal", "low"]
FORMATS: tuple[str, ...] = ("png", "tts", "pod")
INKS: tuple[str, ...] = ("normal", "low")

_URL = re.compile(r"^(https?|file)://[^\s/$.?#][^\s]*$|^file:///[^\s]*$", re.IGNORECASE)


#: the resolution of png and tts images unless --dpi says otherwise
DEFAULT_DPI = 300
#: in ``--base-url``, replaced by each ruleset's name
RULESET_SLOT = "{ruleset}"


@dataclass(frozen=True)
class ExportSettings:
    """What ``pnp export`` was asked for. Lengths are millimetres."""

    format: ExportFormat
    dpi: int = DEFAULT_DPI
    #: bleed around each PNG (the print-on-demand presets bring their own)
    bleed_mm: float = 0.0
    #: print-on-demand printer (``pod`` only)
    preset: str | None = None
    #: draw trim and safe-zone guides on print-on-demand images (a proof, not for upload)
    guides: bool = False
    #: where Tabletop Simulator finds the images (``tts`` only); default: local files
    base_url: str | None = None
    ink: Ink = "normal"
    strict: bool = False
    #: worker processes rasterising pages (1: this process only)
    workers: int = 1

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise UsageError(f"--format must be one of {', '.join(FORMATS)}, not {self.format!r}")
        if not MIN_DPI <= self.dpi <= MAX_DPI:
            raise UsageError(f"--dpi must be between {MIN_DPI} and {MAX_DPI}, not {self.dpi}")
        if not 0 <= self.bleed_mm <= MAX_BLEED_MM:
            raise UsageError(
                f"--bleed must be between 0 and {MAX_BLEED_MM:g} mm, not {self.bleed_mm:g}"
            )
        if self.ink not in INKS:
            raise UsageError(f"--ink must be one of {', '.join(INKS)}, not {self.ink!r}")
        if self.workers < 1:
            raise UsageError(f"--workers must be at least 1, not {self.workers}")
        if self.preset is not None and self.format != "pod":
            raise UsageError("--preset chooses a print-on-demand printer: use it with --format pod")
        if self.guides and self.format != "pod":
            raise UsageError(
                "--guides draws a printer's trim and safe zone: use it with --format pod"
            )
        if self.base_url is not None:
            if self.format != "tts":
                raise UsageError(
                    "--base-url says where Tabletop Simulator finds the images: "
                    "use it with --format tts"
                )
            if not _URL.match(self.base_url):
                raise UsageError(
                    f"--base-url: {self.base_url!r} is not a URL "
                    "(write it like https://example.org/my-game/)"
                )
        if self.format == "pod" and self.dpi != DEFAULT_DPI:
            raise UsageError(
                "--dpi does not apply to --format pod: each printer's template fixes its "
                "pixels (300 dpi)"
            )
        if self.bleed_mm and self.format != "png":
            raise UsageError(
                "--bleed applies to --format png (Tabletop Simulator shows the trim; "
                "each print-on-demand preset has its printer's bleed)"
            )
        if self.format == "pod":
            from pnp.render.exports.printers import find_printer

            find_printer(self.preset)  # an unknown printer fails here, before any drawing

    def check_rulesets(self, names: Sequence[str]) -> None:
        """Refuse settings that cannot serve all of ``names`` at once: one ``--base-url``
        for several rulesets' images, unless it says where each goes (``{ruleset}``)."""
        if self.base_url is not None and len(names) > 1 and RULESET_SLOT not in self.base_url:
            raise UsageError(
                f"--base-url says where one ruleset's images are hosted, and this exports "
                f"{len(names)} ({', '.join(names)}): put {RULESET_SLOT} in it "
                f"(https://example.org/{RULESET_SLOT}/tts/) or export one at a time"
            )

    def image_url(self, ruleset: str, relative: str) -> str | None:
        """Where a hosted image of ``ruleset``'s export is (``None``: no ``--base-url``)."""
        if self.base_url is None:
            return None
        return self.base_url.replace(RULESET_SLOT, ruleset).rstrip("/") + "/" + relative

    @property
    def folder(self) -> str:
        """The sub-folder of ``<out>/<ruleset>/`` the export writes to."""
        if self.format == "pod":
            from pnp.render.exports.printers import find_printer

            return f"pod/{find_printer(self.preset).name}"
        return self.format

    @property
    def low_ink(self) -> bool:
        """Whether faces are drawn in their low-ink variant."""
        return self.ink == "low"
