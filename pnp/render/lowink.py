"""The low-ink variant of a side: light tints and outlines instead of large dark fills.

``pnp build --ink low`` and ``pnp export --ink low`` draw every side as usual,
then rewrite the PDF operators its draw function produced (this module), so
any ruleset's faces get the variant without drawing them twice:

* a **large fill** (at least :data:`LARGE` of the side's area: backgrounds,
  frames, panels, art boxes) becomes a light tint of its colour; where it
  stood out from what lies beneath it, it gets a thin outline in a dark
  shade of the two, so the shape still reads;
* **text, strokes and small fills** (icons, badges, numbers) keep their colour
  while it still stands out against what is now beneath them; one that no
  longer does (white text on a background that became a light tint) turns to
  a dark shade, so every word, icon and number stays readable;
* a **picture** is washed out towards white.

What lies beneath a mark is the last large enough fill drawn under its
middle (the operators are replayed with their transforms and clips), so the
rewrite needs nothing from the ruleset. Colours are compared by their luma.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

RGB = tuple[float, float, float]
Matrix = tuple[float, float, float, float, float, float]

#: a fill this share of the side's area or larger is a background: it is tinted
LARGE = 0.04
#: ... and so is any fill this large (square points: 20 × 20 mm), on big boards
LARGE_AREA = (20 * 72 / 25.4) ** 2
#: a fill this share of the side's area or larger is something others sit on
REGION = 0.0005
#: ... and so is any fill this large (square points: 5 × 5 mm), so a number's disc on a
#: big board counts although it is a tiny share of the board
REGION_AREA = (5 * 72 / 25.4) ** 2
#: where along a line of text what lies beneath is looked at, middle first: a word
#: spans more than the shape under its middle (a sigil's eye under a name)
TEXT_SAMPLES = (0.5, 0.3, 0.7, 0.1, 0.9)
#: how much of the way to white a background's tint goes
TINT = 0.8
#: how much of the way to white an already light background goes
LIGHT_TINT = 0.6
#: luma a mark must differ from what is beneath it by to stay as it is
CONTRAST = 0.3
#: luma of the dark shade a mark that lost its contrast turns to
DARK = 0.25
#: outline width, points on the page
OUTLINE = 0.6
#: how far towards white a picture is washed
WASH = 0.65

WHITE: RGB = (1.0, 1.0, 1.0)
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

_TOKEN = re.compile(
    rb"""
    (?P<ws>[\s\x00]+)
  | (?P<comment>%[^\r\n]*)
  | (?P<string>\()
  | (?P<hex><[0-9A-Fa-f\s]*>)
  | (?P<dict><<|>>)
  | (?P<array>[\[\]])
  | (?P<name>/[^\s()<>\[\]{}/%]*)
  | (?P<number>[+-]?(?:\d+\.?\d*|\.\d+))
  | (?P<op>[A-Za-z'"*]+|[{}])
    """,
    re.VERBOSE,
)


def luma(c: RGB) -> float:
    """Luma of an sRGB colour, 0 (black) to 1 (white)."""
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def tint(c: RGB, amount: float) -> RGB:
    """``c`` moved ``amount`` of the way to white."""
    r, g, b = c
    return (r + (1 - r) * amount, g + (1 - g) * amount, b + (1 - b) * amount)


def dark(c: RGB, target: float = DARK) -> RGB:
    """``c`` darkened (its hue kept) until its luma is at most ``target``."""
    y = luma(c)
    if y <= target:
        return c
    f = target / y
    r, g, b = c
    return (r * f, g * f, b * f)


def wash(c: RGB) -> RGB:
    """A picture's colour after :data:`WASH`."""
    return tint(c, WASH)


def _matrix(nums: list[float]) -> Matrix:
    """The six operands of ``cm`` or ``Tm`` as a matrix."""
    return (nums[0], nums[1], nums[2], nums[3], nums[4], nums[5])


def _mul(a: Matrix, b: Matrix) -> Matrix:
    """``a`` then ``b`` (PDF convention: row vector × a × b)."""
    return (
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    )


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def _bbox(points: Sequence[tuple[float, float]]) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _clip(a: Box, b: Box | None) -> Box:
    if b is None:
        return a
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def _area(b: Box) -> float:
    return max(0.0, b[2] - b[0]) * max(0.0, b[3] - b[1])


@dataclass
class _State:
    ctm: Matrix = IDENTITY
    fill: RGB = (0.0, 0.0, 0.0)
    stroke: RGB = (0.0, 0.0, 0.0)
    clip: Box | None = None


@dataclass
class _Region:
    box: Box
    was: RGB
    now: RGB


@dataclass
class _Rewriter:
    face_area: float
    out: list[bytes] = field(default_factory=list)
    state: _State = field(default_factory=_State)
    stack: list[_State] = field(default_factory=list)
    regions: list[_Region] = field(default_factory=list)
    path: list[tuple[float, float]] = field(default_factory=list)
    path_start: int | None = None
    current: tuple[float, float] = (0.0, 0.0)
    picture: tuple[RGB, RGB] | None = None
    #: where each line of text was set (its estimated box)
    texts: list[Box] = field(default_factory=list)
    # text state
    tm: Matrix = IDENTITY
    tlm: Matrix = IDENTITY
    font_size: float = 10.0
    leading: float = 0.0

    # -- what lies beneath ---------------------------------------------------------

    def is_region(self, area: float) -> bool:
        """Whether a fill of ``area`` is large enough for other marks to sit on."""
        return area >= min(REGION * self.face_area, REGION_AREA)

    def beneath(self, box: Box, at: float = 0.5) -> tuple[RGB, RGB]:
        """The colour (before, after) under ``box``'s middle line, ``at`` of the way
        along it (0.5: its middle)."""
        x, y = box[0] + (box[2] - box[0]) * at, (box[1] + box[3]) / 2
        for region in reversed(self.regions):
            b = region.box
            if b[0] <= x <= b[2] and b[1] <= y <= b[3]:
                return region.was, region.now
        return WHITE, WHITE

    def mark(self, c: RGB, box: Box, *, text: bool = False) -> RGB:
        """The colour of text, a stroke or a small fill ``c`` over whatever is beneath:
        kept while it stands out as much as it did (up to :data:`CONTRAST`), else a
        shade that does (text: a dark one). Text is looked at along its whole line
        (:data:`TEXT_SAMPLES`), so no part of a word is lost on what lies beneath it."""
        for at in TEXT_SAMPLES if text else (0.5,):
            was, now = self.beneath(box, at)
            need = min(CONTRAST, abs(luma(c) - luma(was)))
            if abs(luma(c) - luma(now)) >= need - 0.02:
                continue
            if luma(now) >= 0.5:
                target = luma(now) - need - 0.05
                return dark(c, min(DARK, target) if text else max(0.0, target))
            return tint(c, 0.9)
        return c

    # -- emitting ------------------------------------------------------------------

    @staticmethod
    def _colour(c: RGB, op: str) -> bytes:
        return (" ".join(f"{v:.4f}".rstrip("0").rstrip(".") or "0" for v in c) + f" {op}").encode()

    def _scale(self) -> float:
        m = self.state.ctm
        return abs(m[0] * m[3] - m[1] * m[2]) ** 0.5 or 1.0

    # -- operators -----------------------------------------------------------------

    def paint(self, op: str) -> None:
        """A path painting operator: choose the colours, maybe add an outline."""
        fills = op in ("f", "F", "f*", "B", "B*", "b", "b*")
        strokes = op in ("S", "s", "B", "B*", "b", "b*")
        start = self.path_start if self.path_start is not None else len(self.out)
        box = _clip(_bbox(self.path), self.state.clip) if self.path else (0.0, 0.0, 0.0, 0.0)
        before: list[bytes] = []
        op_out = op
        wrap = False
        if fills:
            c = self.state.fill
            area = _area(box)
            was, now = self.beneath(box)
            outline = False
            if area >= min(LARGE * self.face_area, LARGE_AREA):
                new = tint(c, LIGHT_TINT if luma(c) > 0.85 else TINT)
                edge_was = abs(luma(c) - luma(was))
                edge_now = abs(luma(new) - luma(now))
                outline = edge_was >= 0.12 and edge_now < 0.12
            else:
                new = self.mark(c, box)
                if new != c:
                    # a shape that no longer stands out is tinted too, and outlined
                    new = tint(c, LIGHT_TINT if luma(c) > 0.85 else TINT)
                    outline = True
            if outline and not strokes:
                line = dark(c if luma(c) < luma(was) else was, 0.35)
                before += [
                    self._colour(line, "RG"),
                    f"{OUTLINE / self._scale():.4f} w [] 0 d".encode(),
                ]
                op_out = {"f": "B", "F": "B", "f*": "B*"}[op]
                wrap = True
            before.append(self._colour(new, "rg"))
            if self.is_region(area):
                self.regions.append(_Region(box, c, new))
        if strokes:
            before.append(self._colour(self.mark(self.state.stroke, box), "RG"))
        if wrap:
            before.insert(0, b"q")
        self.out[start:start] = before
        self.out.append(op_out.encode())
        if wrap:
            self.out.append(b"Q")
        self.path = []
        self.path_start = None

    def text(self, op: str, operands: list[bytes]) -> None:
        """A text-showing operator: position it, then choose its colour."""
        if op in ("'", '"'):
            self.tlm = _mul((1, 0, 0, 1, 0, -self.leading), self.tlm)
            self.tm = self.tlm
        glyphs = 0
        for token in operands:
            if token.startswith(b"("):
                glyphs += max(1, len(token) - 2)
            elif token.startswith(b"<"):
                glyphs += max(1, (len(token) - 2) // 4)
        width = glyphs * 0.5 * self.font_size
        m = _mul(self.tm, self.state.ctm)
        corners = [_apply(m, 0, 0), _apply(m, width, 0), _apply(m, 0, self.font_size * 0.7)]
        box = _bbox(corners)
        # generous for :func:`text_boxes`: capitals and bold run wider than half an em
        wide, size = 1.5 * width, self.font_size
        self.texts.append(
            _bbox([_apply(m, x, y) for x in (0, wide) for y in (-0.25 * size, 0.8 * size)])
        )
        self.out.append(self._colour(self.mark(self.state.fill, box, text=True), "rg"))
        self.tm = _mul((1, 0, 0, 1, width, 0), self.tm)

    def image(self) -> None:
        """An XObject placed on the unit square: a picture we washed, or a form."""
        m = self.state.ctm
        box = _clip(_bbox([_apply(m, x, y) for x in (0, 1) for y in (0, 1)]), self.state.clip)
        if self.picture is not None and self.is_region(_area(box)):
            self.regions.append(_Region(box, *self.picture))
        self.picture = None


def rewrite(code: Sequence[str], width: float, height: float) -> list[str]:
    """The low-ink version of a side's operators (``code``: what its draw function
    appended to the canvas), for a side ``width`` × ``height`` points."""
    rw = _walk(code, width, height)
    return [b" ".join(_join(rw.out)).decode("latin-1")]


def text_boxes(code: Sequence[str], width: float, height: float) -> list[Box]:
    """Where a side's operators set text: one box ``(x0, y0, x1, y1)`` per line shown,
    in the side's coordinates, its width estimated from the number of glyphs (so
    marks drawn over the side can keep clear of its words)."""
    return _walk(code, width, height).texts


def _walk(code: Sequence[str], width: float, height: float) -> _Rewriter:
    """Replay ``code`` (transforms, clips, colours, text positions), rewriting it."""
    rw = _Rewriter(face_area=max(width * height, 1.0))
    data = "\n".join(code).encode("latin-1")
    operands: list[bytes] = []
    pos = 0
    n = len(data)
    in_text = False
    while pos < n:
        match = _TOKEN.match(data, pos)
        if match is None:  # a byte we do not understand: keep it
            rw.out.append(data[pos : pos + 1])
            pos += 1
            continue
        kind = match.lastgroup
        if kind == "string":
            end = _string_end(data, pos)
            operands.append(data[pos:end])
            pos = end
            continue
        pos = match.end()
        token = match.group()
        if kind == "ws":
            continue
        if kind == "comment":
            parts = token.split()
            if len(parts) == 8 and parts[1] == b"pnp-image":
                v = [float(p) for p in parts[2:]]
                rw.picture = ((v[0], v[1], v[2]), (v[3], v[4], v[5]))
                continue
            rw.out.append(token + b"\n")
            continue
        if kind != "op":
            operands.append(token)
            continue
        op = token.decode("latin-1")
        nums = [_num(t) for t in operands]
        st = rw.state
        emit = True
        if op == "q":
            rw.stack.append(replace(st))
        elif op == "Q":
            if rw.stack:
                rw.state = rw.stack.pop()
        elif op == "cm" and len(nums) == 6:
            st.ctm = _mul(_matrix(nums), st.ctm)
        elif op in ("rg", "RG") and len(nums) == 3:
            c: RGB = (nums[0], nums[1], nums[2])
            if op == "rg":
                st.fill = c
            else:
                st.stroke = c
        elif op in ("g", "G") and len(nums) == 1:
            c = (nums[0], nums[0], nums[0])
            if op == "g":
                st.fill = c
            else:
                st.stroke = c
        elif op in ("k", "K") and len(nums) == 4:
            cy, mg, ye, bk = nums
            c = ((1 - cy) * (1 - bk), (1 - mg) * (1 - bk), (1 - ye) * (1 - bk))
            if op == "k":
                st.fill = c
            else:
                st.stroke = c
        elif op in ("m", "l") and len(nums) == 2:
            if op == "m" and rw.path_start is None:
                rw.path_start = len(rw.out)
            rw.current = (nums[0], nums[1])
            rw.path.append(_apply(st.ctm, *rw.current))
        elif op in ("c", "v", "y") and len(nums) >= 4:
            for i in range(0, len(nums) - 1, 2):
                rw.path.append(_apply(st.ctm, nums[i], nums[i + 1]))
            rw.current = (nums[-2], nums[-1])
        elif op == "re" and len(nums) == 4:
            if rw.path_start is None:
                rw.path_start = len(rw.out)
            x, y, w, h = nums
            rw.path += [_apply(st.ctm, px, py) for px in (x, x + w) for py in (y, y + h)]
        elif op in ("W", "W*"):
            if rw.path:
                st.clip = _clip(_bbox(rw.path), st.clip)
        elif op == "n":
            rw.path = []
            rw.path_start = None
        elif op in ("f", "F", "f*", "B", "B*", "b", "b*", "S", "s"):
            rw.out += operands
            operands = []
            rw.paint(op)
            emit = False
        elif op == "BT":
            in_text = True
            rw.tm = rw.tlm = IDENTITY
        elif op == "ET":
            in_text = False
        elif in_text and op == "Tf" and nums:
            rw.font_size = nums[-1] or rw.font_size
        elif in_text and op == "TL" and nums:
            rw.leading = nums[0]
        elif in_text and op in ("Td", "TD") and len(nums) == 2:
            if op == "TD":
                rw.leading = -nums[1]
            rw.tlm = _mul((1, 0, 0, 1, nums[0], nums[1]), rw.tlm)
            rw.tm = rw.tlm
        elif in_text and op == "Tm" and len(nums) == 6:
            rw.tm = rw.tlm = _matrix(nums)
        elif in_text and op == "T*":
            rw.tlm = _mul((1, 0, 0, 1, 0, -rw.leading), rw.tlm)
            rw.tm = rw.tlm
        elif in_text and op in ("Tj", "TJ", "'", '"'):
            rw.text(op, operands)
        elif op == "Do":
            rw.image()
        if emit:
            rw.out += operands
            rw.out.append(token)
            operands = []
    rw.out += operands
    return rw


def _join(tokens: list[bytes]) -> list[bytes]:
    return [t for t in tokens if t]


def _num(token: bytes) -> float:
    try:
        return float(token)
    except ValueError:
        return 0.0


def _string_end(data: bytes, start: int) -> int:
    """The index after the literal string opening at ``start`` (nesting and escapes)."""
    depth = 0
    i = start
    n = len(data)
    while i < n:
        ch = data[i]
        if ch == 0x5C:  # backslash: skip the escaped byte
            i += 2
            continue
        if ch == 0x28:
            depth += 1
        elif ch == 0x29:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return n
