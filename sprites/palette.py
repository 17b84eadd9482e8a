"""The colour-blind palette (a setting): dragons' and regions' colours that
stay apart for red-green (and blue-yellow) colour blindness.

    data = palette.view_data(game.data, colour_blind=True)   # what the table draws from
    palette.colour_name(dragon)             # the name of the colour shown ("Yellow" for Orange's swatch)

Only the view's copy of the data is recoloured; the engine never reads
colours. Every colour cue also carries a letter or a shape, with either palette.
"""
from __future__ import annotations

import colorsys
import dataclasses

from sprites.art.common import rgb

# Hue families (degrees: from, to) -> colours chosen from the Okabe-Ito and
# Tol sets whose smallest difference under protanopia and deuteranopia is
# largest (about twice that of the normal palette).
FAMILIES = ((345, 360, "#d55e00"), (0, 15, "#d55e00"),     # red -> vermilion
            (15, 50, "#f5c710"),                             # orange -> golden yellow
            (50, 180, "#009e73"),                            # green -> bluish green
            (180, 290, "#1f5fbf"),                           # blue -> deep blue
            (290, 345, "#cc79a7"))                           # purple -> reddish purple
NAMES = {"#d55e00": "Vermilion", "#f5c710": "Yellow", "#009e73": "Green", "#1f5fbf": "Blue",
         "#cc79a7": "Purple"}      # what a player calls each colour-blind colour
GREY = 0.25          # below this saturation (black, white, greys) a colour is kept


def colour_blind(colour):
    """The colour-blind palette's colour for a colour of the normal palette."""
    r, g, b = (v / 255 for v in rgb(colour))
    h, _, s = colorsys.rgb_to_hls(r, g, b)
    if s < GREY or max(r, g, b) - min(r, g, b) < 0.12:
        return colour
    hue = h * 360
    return next(c for lo, hi, c in FAMILIES if lo <= hue < hi)


def colour_name(dragon):
    """The colour name to show for a dragon of ``view_data``: its own name in the normal
    palette, the colour-blind colour's name otherwise (its letter and identity stay)."""
    return NAMES.get(dragon.colour, dragon.name)


def say_colours(text, data, listed=()):
    """``text`` (the engine's words: a log line, a summary) with each dragon named by the
    colour ``data`` draws it in ("the Rogue Orange Dragon" is "the Rogue Yellow Dragon" in
    the colour-blind palette, as the title's swatch says): one name per dragon everywhere.
    ``listed``: dragons the words name bare, as the event lists them ("Rogue Dragons this
    game: White, Orange.")."""
    swaps = {d.name: colour_name(d) for d in data.dragons if colour_name(d) != d.name}
    if not swaps or not text:
        return text
    for name, shown in swaps.items():
        text = text.replace(f"{name} Dragon", f"{shown} Dragon")
    if listed:
        text = text.replace(", ".join(listed), ", ".join(swaps.get(d, d) for d in listed))
    return text


_views = {}          # (id(data), colour_blind) -> (data, its view): kept, so ids are never reused


def view_data(data, colour_blind_palette=False):
    """The data the view draws from: ``data`` itself, or a copy whose dragons
    and regions have the colour-blind palette's colours."""
    if not colour_blind_palette:
        return data
    key = (id(data), True)
    if key not in _views:
        regions = tuple(dataclasses.replace(r, colour=colour_blind(r.colour)) for r in data.regions)
        dragons = tuple(dataclasses.replace(d, colour=colour_blind(d.colour)) for d in data.dragons)
        _views[key] = (data, dataclasses.replace(data, regions=regions, dragons=dragons))
    return _views[key][1]
