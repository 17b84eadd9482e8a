"""Shared helpers: colours, fonts, outlined text, supersampled drawing.

Every public drawing function in sprites.art is cached with `cached`, so a
picture is drawn once per set of arguments and then only blitted: the frame
budget (8 ms at 1600x900) leaves no room for drawing shapes every frame.
"""
import array
import functools
import io
import math
import os
import struct
import sys

import pygame

from .kept import keeper
from . import standins

SS = 4                    # supersampling factor for small pictures (smooth edges)
INK = (40, 28, 18)        # dark brown "printer's ink" used for outlines
PARCHMENT = (238, 226, 196)
PURPLE = (123, 63, 160)   # stockpile icons on cards (rulebook: purple icons)


_clearers = []


def cached(maxsize=512, sizes=()):
    """Memoise a drawing function: arguments must be hashable plain values.
    ``sizes``: the parameters that grow with the window (the first frame at a
    new size may show the picture at another size, scaled: sprites.art.standins)."""
    def wrap(fn):
        memo = standins.cached(maxsize, sizes)(fn) if sizes else functools.lru_cache(maxsize=maxsize)(fn)
        _clearers.append(memo.cache_clear)
        return memo
    return wrap


def register_cache(clear):
    """Let clear_caches() also empty a module's own cache (its clear function)."""
    _clearers.append(clear)


def clear_caches():
    """Forget every drawn picture.

    Call it after pygame.display.set_mode() if anything was drawn before the
    window existed: pictures are converted to the screen's format (and so
    blit fast) only when a display exists at the time they are drawn.
    """
    for clear in _clearers:
        clear()


def finish(surface):
    """Make a finished picture fast to blit, once a display exists.

    convert_alpha() matches the screen's pixel format, and RLE acceleration
    skips the transparent runs: together a token blits 5-10x faster, which
    is what keeps a full table frame well inside its 8 ms.
    """
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert_alpha()
        surface.set_alpha(255, pygame.RLEACCEL)
    return surface


# ---------------------------------------------------------------- colours
_hex_colours = {}


def rgb(colour):
    """'#rrggbb', (r, g, b) or (r, g, b, a) -> (r, g, b)."""
    if type(colour) is tuple and len(colour) == 3:      # the common case, on every line of text drawn
        return colour
    if isinstance(colour, str):
        if colour not in _hex_colours:
            c = colour.lstrip("#")
            _hex_colours[colour] = (int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16))
        return _hex_colours[colour]
    return tuple(int(v) for v in colour[:3])


def mix(a, b, t):
    """Blend colour a towards b by t (0..1)."""
    a, b = rgb(a), rgb(b)
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def lighten(c, t):
    return mix(c, (255, 255, 255), t)


def darken(c, t):
    return mix(c, (0, 0, 0), t)


def luminance(c):
    """Relative luminance (WCAG): 0 for black, 1 for white."""
    return _luminance(rgb(c))


@functools.lru_cache(maxsize=1024)
def _luminance(c):
    """(asked of the same few colours for every button and text drawn: a frame asked it ~1,000 times)"""
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def is_light(c):
    # 0.2 is where dark and light text give about the same contrast ratio
    return luminance(c) > 0.2


def contrast(c, dark=INK, light=(250, 244, 228)):
    """A colour that reads on top of c (for letters and outlines)."""
    return dark if is_light(c) else light


def alpha(c, a):
    return rgb(c) + (a,)


# ---------------------------------------------------------------- fonts
MIN_TEXT = 18             # the smallest font size for words (pygame's default font: 12 px high)
_fonts = {}
# The display face for titles and card names: Cardo Bold, bundled with its
# licence (sprites/fonts/OFL.txt) so the game looks the same on every machine.
DISPLAY_FONT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fonts", "Cardob101.ttf")
# Cardo's letters are larger than the default font's at the same size: this
# makes a display size n about as tall (capitals) as default text of size n.
DISPLAY_K = 0.8


def font(size, bold=False):
    """pygame's bundled default font, so no system font is ever needed (the
    bundled display face, or else a system font, if that file is damaged or
    missing: ``text_face``). Kept per size (making one takes 0.1 ms, too much
    to do in every frame); clear_caches() forgets them, as after pygame.quit()."""
    if not pygame.font.get_init():
        pygame.font.init()
        _fonts.clear()
    key = (max(6, int(size)), bool(bold))
    f = _fonts.get(key)
    if f is None:
        face = text_face()
        f = pygame.font.Font(None, key[0]) if face is None else \
            pygame.font.Font(io.BytesIO(face), max(6, round(key[0] * TEXT_K)))
        f.set_bold(bold)
        _fonts[key] = f
    return f


def display_font(size):
    """The bundled display face at about the size of ``font(size)``'s capitals
    (pygame's default font, bold, if the install's font file is damaged)."""
    if not pygame.font.get_init():
        pygame.font.init()
        _fonts.clear()
    key = (max(6, int(size)), "display")
    f = _fonts.get(key)
    if f is None:
        face = display_face()
        f = font(size, True) if face is None else pygame.font.Font(io.BytesIO(face), max(6, round(key[0] * DISPLAY_K)))
        _fonts[key] = f
    return f


MAX_FONT_BYTES = 16 * 1024 * 1024
_face = {}


def display_face():
    """The display font file's bytes, checked once (None if it cannot be used:
    then one notice on stderr and in errors.log)."""
    if "data" not in _face:
        data, problem = read_font(DISPLAY_FONT)
        _face["data"] = data
        if problem is not None:
            from app import errorlog
            from game.plaintext import escape
            line = f"{DISPLAY_FONT} {problem}: titles use pygame's default font"
            errorlog.problem("the display font", line)
            print(f"warning: {escape(line)}", file=sys.stderr)
    return _face["data"]


TEXT_K = 0.72             # another face in its place: about as wide as the default font's words (the layouts fit)
SYSTEM_FACES = "dejavusans,liberationsans,freesans,arial,helvetica"
_text = {}


def text_face():
    """None if pygame's default font loads and draws (checked once); if that
    file of the pygame install is damaged or missing (SDL_ttf then fails to
    draw: "Passed a NULL pointer"), the bytes of the font that draws the words
    instead: the bundled display face, else a system font. One notice on
    stderr and in errors.log, as for the display face."""
    if "data" not in _text:
        problem = default_font_problem()
        _text["data"] = None
        if problem is not None:
            data, instead = display_face(), "the bundled display font"
            if data is None:
                path = pygame.font.match_font(SYSTEM_FACES)
                data = read_font(path)[0] if path else None
                instead = f"the system font {path}"
            if data is None:
                raise RuntimeError(f"pygame's default font {problem}, and no other font can be drawn")
            _text["data"] = data
            from app import errorlog
            from game.plaintext import escape
            line = f"pygame's default font {problem}: the text uses {instead}"
            errorlog.problem("the default font", line)
            print(f"warning: {escape(line)}", file=sys.stderr)
    return _text["data"]


def default_font_problem():
    """None if pygame's default font (``pygame.font.Font(None, size)``) loads and draws, else what is wrong."""
    try:
        pygame.font.Font(None, 24).render("Wrath of Dragons 0123456789", True, INK)
    except (pygame.error, OSError, ValueError) as exc:
        return f"({pygame.font.get_default_font()}) cannot be drawn ({exc})"
    return None


def read_font(path):
    """(bytes, None) for a font file that is whole, else (None, the problem in words).
    Only a regular file is read (a named pipe would block); a file cut short or
    damaged fails the checksums of its tables, which SDL_ttf does not check (it
    then fails to draw: "Passed a NULL pointer"). The checksums of a file
    whose very bytes passed them at an earlier start are not summed again
    (game.start_cache: 5 ms of the title's first frame)."""
    from game import start_cache
    from game.safe_files import FileProblem, read_bytes
    try:
        data = read_bytes(path, MAX_FONT_BYTES)
    except FileProblem as exc:
        return None, str(exc)
    checked = start_cache.read("font", {"font": data}) == "whole"
    problem = None if checked else font_file_problem(data)
    if problem is None:
        try:
            pygame.font.Font(io.BytesIO(data), 24).render("Wrath of Dragons 0123456789", True, INK)
        except (pygame.error, OSError, ValueError) as exc:
            problem = f"cannot be drawn ({exc})"
    if problem is None and not checked:
        start_cache.write("font", {"font": data}, "whole")
    return (data, None) if problem is None else (None, problem)


def font_file_problem(data):
    """None if data is a TrueType/OpenType font whose tables are all there and
    match their checksums; else what is wrong."""
    if len(data) > MAX_FONT_BYTES:
        return "is too large for a font"
    if len(data) < 12 or data[:4] not in (b"\x00\x01\x00\x00", b"OTTO", b"true"):
        return "is not a TrueType font"
    count = struct.unpack(">H", data[4:6])[0]
    if len(data) < 12 + 16 * count:
        return "is cut short (its table directory is incomplete)"
    for i in range(count):
        tag, checksum, offset, length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        if offset + length > len(data):
            return "is cut short"
        table = data[offset:offset + length] + b"\0" * (-length % 4)
        if tag == b"head":                  # its checkSumAdjustment counts as 0
            table = table[:8] + b"\0\0\0\0" + table[12:]
        if table_checksum(table) != checksum:
            return "is damaged (a table's checksum does not match)"
    return None


WORD = next(code for code in "IL" if array.array(code).itemsize == 4)      # an unsigned 32-bit array item


def table_checksum(table):
    """The sum of a font table's big-endian 32-bit words, modulo 2**32 (``table``: a
    multiple of 4 bytes), read as an array (every start checks the display font's
    755 KB: 9 ms with struct.unpack, 4 ms so)."""
    words = array.array(WORD)
    words.frombytes(table)
    if sys.byteorder == "little":
        words.byteswap()
    return sum(words) & 0xFFFFFFFF


register_cache(_fonts.clear)
register_cache(_face.clear)
register_cache(_text.clear)


SMALL_TEXT = 16     # below this size, text is rendered at 2x and scaled down


def render(f, s, colour, background=None):
    """``f.render`` that never fails on text that draws nothing (pygame raises
    "Text has zero width" for a lone zero-width character): a blank line of the font's height."""
    try:
        if background is None:
            return f.render(str(s), True, rgb(colour))
        return f.render(str(s), True, rgb(colour), rgb(background))
    except pygame.error:
        if f.size(str(s))[0] > 0:
            raise
        blank = pygame.Surface((1, f.get_height()), pygame.SRCALPHA if background is None else 0)
        blank.fill((0, 0, 0, 0) if background is None else rgb(background))
        return blank


def text(s, size, colour=INK, bold=False):
    """Plain text. Small sizes are drawn at twice the size and scaled down:
    the default font's hinting spaces letters unevenly at small sizes."""
    if size >= SMALL_TEXT:
        return render(font(size, bold), s, colour)
    big = render(font(2 * size, bold), s, colour)
    return pygame.transform.smoothscale(big, (max(1, big.get_width() // 2), max(1, big.get_height() // 2)))


@functools.lru_cache(maxsize=4096)
def text_width(s, size, bold=False):
    """Width of text(s, size) in pixels, without drawing it."""
    if size >= SMALL_TEXT:
        return font(size, bold).size(str(s))[0]
    return max(1, font(2 * size, bold).size(str(s))[0] // 2)


@cached()
def outlined_text(s, size, colour, outline=INK, width=None, bold=False, display=False):
    """Text with a solid halo so it reads on any background (``display``: in the display face)."""
    width = max(1, round(size / 14)) if width is None else width
    f = display_font(size) if display else font(size, bold)
    body = render(f, s, colour)
    halo = render(f, s, outline)
    w, h = body.get_size()
    out = pygame.Surface((w + 2 * width, h + 2 * width), pygame.SRCALPHA)
    for dx in range(-width, width + 1):
        for dy in range(-width, width + 1):
            if dx * dx + dy * dy <= width * width + 1:
                out.blit(halo, (dx + width, dy + width))
    out.blit(body, (width, width))
    return finish(out)


def _display_parts(s, size):
    """Split a title into (char, font size) with a larger initial per word."""
    parts = []
    for word_i, word in enumerate(s.upper().split(" ")):
        if word_i:
            parts.append((" ", size))
        for i, ch in enumerate(word):
            parts.append((ch, round(size * 1.28) if i == 0 else size))
    return parts


def display_size(s, size, spacing=0.08):
    """Width and height of display_text(s, size) without drawing it."""
    parts = _display_parts(s, size)
    gap = round(size * spacing)
    width = sum(display_font(sz).size(ch)[0] + gap for ch, sz in parts) - gap
    big = display_font(round(size * 1.28))
    pad = max(2, round(size / 10))
    return width + 2 * pad, big.get_ascent() + display_font(size).get_descent() * -1 + 2 * pad


# Pictures the first frame shows, read back at the next start (sprites.art.kept)
kept = keeper(finish,
              lambda: (DISPLAY_FONT, os.path.join(os.path.dirname(os.path.abspath(pygame.__file__)),
                                                  pygame.font.get_default_font())),
              lambda: _face.get("data", b"") is not None and _text.get("data") is None)


@cached()
@kept                   # (the title's heading: 13 ms to draw, read back at the next start)
def display_text(s, size, colour=INK, outline=PARCHMENT, spacing=0.08):
    """Map-style title: spaced capitals, a larger initial per word, outlined.

    In the bundled display face (Cardo Bold), with spacing, initials and a halo.
    """
    parts = _display_parts(s, size)
    gap = round(size * spacing)
    pad = max(2, round(size / 10))
    w, h = display_size(s, size, spacing)
    ascent = display_font(round(size * 1.28)).get_ascent()
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    halo = pygame.Surface((w, h), pygame.SRCALPHA)
    x = pad
    for ch, sz in parts:
        f = display_font(sz)
        y = pad + ascent - f.get_ascent()          # share one baseline
        layer.blit(render(f, ch, colour), (x, y))
        halo.blit(render(f, ch, outline), (x, y))
        x += f.size(ch)[0] + gap
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    r = pad
    for dx in range(-r, r + 1):
        for dy in range(-r, r + 1):
            if dx * dx + dy * dy <= r * r:
                out.blit(halo, (dx, dy))
    out.blit(layer, (0, 0))
    return finish(out)


@functools.lru_cache(maxsize=2048)
def wrap(s, size, width, bold=False, display=False):
    """Greedy word wrap (``display``: in the display face) -> tuple of lines."""
    lines, line = [], ""
    for word in str(s).split():
        trial = word if not line else line + " " + word
        wide = display_font(size).size(trial)[0] if display else text_width(trial, size, bold)
        if wide <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return tuple(lines)


# ---------------------------------------------------------------- drawing
class Pen:
    """Draws in a 100 x 100 design box mapped onto a rect of a surface.

    Icons are designed once in these units and drawn at SS times their
    final size, then smooth-scaled down: pygame has no anti-aliased filled
    shapes, and supersampling gives clean edges for free.
    """

    def __init__(self, surface, rect=None):
        self.surface = surface
        self.rect = pygame.Rect(rect) if rect else surface.get_rect()
        self.k = min(self.rect.w, self.rect.h) / 100.0

    def p(self, x, y):
        return (self.rect.x + x * self.k, self.rect.y + y * self.k)

    def pts(self, points):
        return [self.p(x, y) for x, y in points]

    def n(self, v):
        return max(1, round(v * self.k))

    def poly(self, points, fill=None, outline=None, width=3):
        pts = self.pts(points)
        if outline is not None:
            self._stroke(pts, outline, width, closed=True)
        if fill is not None:
            pygame.draw.polygon(self.surface, fill, pts)

    def _stroke(self, pts, colour, width, closed):
        # thick outline drawn under the fill: round joints, so the visible
        # part is a clean border of width/2 all the way round
        w = self.n(width)
        pygame.draw.polygon(self.surface, colour, pts) if closed else None
        seq = pts + [pts[0]] if closed else pts
        pygame.draw.lines(self.surface, colour, False, seq, w)
        for q in seq:
            pygame.draw.circle(self.surface, colour, q, w / 2)

    def line(self, points, colour, width=3, round_ends=True):
        pts = self.pts(points)
        w = self.n(width)
        pygame.draw.lines(self.surface, colour, False, pts, w)
        if round_ends:
            for q in pts:
                pygame.draw.circle(self.surface, colour, q, w / 2)

    def circle(self, x, y, r, fill=None, outline=None, width=3):
        c = self.p(x, y)
        if outline is not None:
            pygame.draw.circle(self.surface, outline, c, r * self.k + self.n(width) / 2)
        if fill is not None:
            pygame.draw.circle(self.surface, fill, c, r * self.k)

    def ellipse(self, x, y, rx, ry, fill=None, outline=None, width=3):
        if outline is not None:
            e = width / 2
            pygame.draw.ellipse(self.surface, outline, self.box(x - rx - e, y - ry - e, 2 * (rx + e), 2 * (ry + e)))
        if fill is not None:
            pygame.draw.ellipse(self.surface, fill, self.box(x - rx, y - ry, 2 * rx, 2 * ry))

    def box(self, x, y, w, h):
        x0, y0 = self.p(x, y)
        return pygame.Rect(round(x0), round(y0), max(1, round(w * self.k)), max(1, round(h * self.k)))

    def rect_(self, x, y, w, h, fill=None, outline=None, width=3, radius=0):
        if outline is not None:
            e = width / 2
            pygame.draw.rect(self.surface, outline, self.box(x - e, y - e, w + 2 * e, h + 2 * e),
                             border_radius=self.n(radius + e) if radius else 0)
        if fill is not None:
            pygame.draw.rect(self.surface, fill, self.box(x, y, w, h),
                             border_radius=self.n(radius) if radius else 0)

    def text(self, s, x, y, size, colour=INK, outline=None):
        """Centred text at (x, y); size in design units."""
        px = max(6, round(size * self.k))
        img = outlined_text(str(s), px, rgb(colour), rgb(outline), None, True) if outline \
            else text(s, px, colour, bold=True)
        self.surface.blit(img, img.get_rect(center=self.p(x, y)))


def supersampled(size, paint, background=INK):
    """Run paint(Pen) on an SS-times larger canvas and smooth-scale to size.

    The canvas is filled with a fully transparent `background` colour so the
    scaled-down edges fade into ink rather than into black.
    """
    w, h = (size, size) if isinstance(size, (int, float)) else size
    w, h = max(1, round(w)), max(1, round(h))
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    big.fill(rgb(background) + (0,))
    paint(Pen(big))
    return finish(pygame.transform.smoothscale(big, (w, h)))


def bezier(p0, p1, p2, p3, steps=16):
    """Points along a cubic Bezier curve (for tails, flames and claws)."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        out.append((u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0],
                    u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1]))
    return out


def ribbon(points, w0, w1):
    """A closed polygon around a polyline whose width tapers from w0 to w1."""
    left, right = [], []
    n = len(points)
    for i, (x, y) in enumerate(points):
        a = points[max(0, i - 1)]
        b = points[min(n - 1, i + 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / d, dx / d
        w = (w0 + (w1 - w0) * i / max(1, n - 1)) / 2
        left.append((x + nx * w, y + ny * w))
        right.append((x - nx * w, y - ny * w))
    return left + right[::-1]


def heart(cx, cy, r, steps=40):
    """Heart outline points (classic parametric heart), centred on (cx, cy)."""
    pts = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((cx + x * r / 17, cy + (y + 2) * r / 17))
    return pts
