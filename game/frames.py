"""Frames: the steps waiting on the game's stack, as typed records.

The top frame is either a decision (its ``seat`` must choose one of its
``options``) or automatic work (``auto``: run at once). Each kind of frame is
a dataclass beside the phase that owns it; its fields are its whole data, so
``to_dict``/``from_dict`` (saves) and the save check read one schema: the
dataclass fields and their declared types (``Seat``, ``CardId``, ``int``,
``bool``, ``str``). ``flow.FRAMES`` lists every kind.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from .actions import IllegalAction

Seat = int          # a seat index
CardId = str        # a card id of the data


@dataclass
class Frame:
    """A step waiting on the game's stack: a seat's decision (the action kinds it offers) or automatic work."""
    seat: Seat                          # who decides (or whose effects run)
    kind: ClassVar[str] = "?"
    auto: ClassVar[bool] = False
    kinds: ClassVar[tuple] = ()         # the action kinds (kinds.ActionKind) it offers, in order
    asks: ClassVar[str] = "choose."     # the prompt's words after the decider's name

    def decision_kind(self, g):
        return self.kind

    def prompt(self, g):
        return f"{g.name(self.seat)}: {self.asks}"

    def options(self, g):
        out = []
        for spec in self.kinds:
            out += spec.options(g, self)
        return tuple(out)

    def spec(self, name):
        """This decision's spec for an action kind, or None."""
        kinds = self.kinds
        table = _SPECS.get(kinds)
        if table is None:
            table = _SPECS[kinds] = {n: spec for spec in reversed(kinds) for n in spec.names}
        return table.get(name)

    def apply(self, g, action):
        spec = self.spec(action.kind)
        if spec is None:
            raise IllegalAction(f"{self.kind} offers no {action.kind}")
        spec.apply(g, self, action)

    def explain(self, g, action):
        """Why ``action`` is not among the options, in words (None: no particular reason)."""
        spec = self.spec(action.kind)
        return spec.refused(g, self, action) if spec is not None else None

    def aimed(self, g, where, what):
        """The action a player most likely means by pointing at ``what`` in ``where``."""
        for spec in self.kinds:
            a = spec.aimed(g, self, where, what)
            if a is not None:
                return a
        return None

    def run(self, g):
        """The work of an automatic frame."""

    def copy(self):
        c = object.__new__(type(self))
        c.__dict__ = self.__dict__.copy()       # frames hold scalars only
        return c

    def to_dict(self):
        """Plain data, as saves hold it: {"k": kind, "p": seat, other fields...}."""
        d = {"k": self.kind, "p": self.seat}
        for f in fields(self)[1:]:
            d[f.name] = getattr(self, f.name)
        return d


_SPECS = {}         # a frame class's kinds tuple -> {action kind: spec}


def schema(cls):
    """[(save key, declared type)] of a frame class: "p" is the seat."""
    return [("p" if f.name == "seat" else f.name, f.type) for f in fields(cls)]


def frame_from_dict(d, frames):
    """The frame a save's plain data describes; ``frames`` maps kind -> class."""
    cls = frames[d["k"]]
    values = {("seat" if key == "p" else key): d[key] for key, _ in schema(cls)}
    return cls(**values)
