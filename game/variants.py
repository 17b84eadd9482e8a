"""The variants of the game, as named options read from one place.

A game is played with a set of options. Two are chosen by the players and
named in the variant's name ("standard" when none is on, otherwise the
options joined by "+", e.g. "strategist+desolation"); the Rogue Dragons are
set by the number of players (the rulebook's Two- and Three-Player
Variations, counted in data/setup.yaml). Everything else asks a parsed
``Variant``, never the name's words.
"""
from __future__ import annotations

from dataclasses import fields
from itertools import product

from .records import frozen_record


@frozen_record
class Option:
    """A rule option that variants turn on."""
    name: str           # as in variant names
    label: str          # its name for the players (the title screen's toggle)
    title: str          # in the game's panel when it is the only option on
    short: str          # in a list of several options
    text: str           # what it changes


OPTIONS = (
    Option("strategist", "The Strategist", "The Strategist (lairs open)", "Strategist",
           "The Strategist: no lair screens, everything collected is open."),
    Option("desolation", "Desolation of the Old World", "Desolation of the Old World", "Desolation",
           "Desolation of the Old World: cooperative, score what is left on the board."),
)
ROGUE_DRAGONS = Option("rogue_dragons", "Rogue Dragons", "Rogue Dragons", "Rogue Dragons",
                       "With few players, unplayed dragons land each century, take what their hex side "
                       "gives and fly away (how many: data/setup.yaml).")
STANDARD = "standard"


@frozen_record
class Variant:
    """The chosen options of one game (one field per option of ``OPTIONS``)."""
    strategist: bool = False
    desolation: bool = False

    @property
    def options(self):
        return [o for o in OPTIONS if getattr(self, o.name)]

    @property
    def name(self):
        return "+".join(o.name for o in self.options) or STANDARD

    @property
    def brief(self):
        """A few words for a list of games."""
        return " + ".join(o.short for o in self.options) or "standard rules"

    @property
    def title(self):
        on = self.options
        if len(on) == 1:
            return on[0].title
        return " + ".join(o.short for o in on) or "Standard rules"

    @classmethod
    def parse(cls, name):
        """The Variant a name stands for; ValueError for any other text."""
        if name not in VARIANTS:
            raise ValueError(f"unknown variant {name!r} (known: {', '.join(VARIANTS)})")
        return _BY_NAME[name]

    @staticmethod
    def rogue_dragons(data, players):
        """How many Rogue Dragons play with this many players."""
        return data.setup["rogue_dragons"].get(players, 0)


assert [f.name for f in fields(Variant)] == [o.name for o in OPTIONS], "one Variant field per option"
# Every combination: fewer options first, then in the order OPTIONS lists them.
_ALL = sorted(product((False, True), repeat=len(OPTIONS)), key=lambda flags: (sum(flags), [not f for f in flags]))
_BY_NAME = {v.name: v for v in (Variant(*flags) for flags in _ALL)}
VARIANTS = tuple(_BY_NAME)
