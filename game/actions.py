"""Actions: the small immutable values a player chooses among.

One class serves every kind of choice; the fields a kind does not use stay
None. ``to_dict``/``from_dict`` are the stable save format.
"""
from __future__ import annotations

from dataclasses import dataclass

from .plaintext import kind_of

FIELDS = ("card", "alt", "region", "site", "icons", "choice")


@dataclass(frozen=True, slots=True)
class Action:
    """A move: its kind and the choices it makes (the fields a kind uses; the rest None)."""
    kind: str
    card: str | None = None      # card id
    alt: int | None = None       # which alternative (line) of the card
    region: str | None = None    # region name
    site: int | None = None      # settlement site index
    icons: int | None = None     # Attack icons spent on one settlement
    choice: str | None = None    # lair action, resource, ability, direction, payment

    def to_dict(self):
        d = {"kind": self.kind}
        for name in FIELDS:
            value = getattr(self, name)
            if value is not None:
                d[name] = value
        return d

    @classmethod
    def from_dict(cls, d):
        if not isinstance(d, dict) or not isinstance(d.get("kind"), str):
            raise ValueError(f"an action needs a 'kind', got {d!r}")
        unknown = set(d) - {"kind", *FIELDS}
        if unknown:
            raise ValueError(f"unknown action fields {sorted(unknown)}")
        for name in ("alt", "site", "icons"):
            if name in d and (not isinstance(d[name], int) or isinstance(d[name], bool)):
                raise ValueError(f"action field {name!r} must be a whole number, got {d[name]!r}")
        for name in ("card", "region", "choice"):
            if name in d and not isinstance(d[name], str):
                raise ValueError(f"action field {name!r} must be text, got {d[name]!r}")
        return cls(**d)

    def __str__(self):
        parts = [self.kind.replace("_", " ")]
        for name in FIELDS:
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={value}")
        return " ".join(parts)


class IllegalAction(Exception):
    """An action that the current decision does not offer; the message says why."""


TEXT_FIELDS = ("kind", "card", "region", "choice")
NUMBER_FIELDS = ("alt", "site", "icons")
MAX_FIELD_TEXT = 40        # longer than any card id, region or choice
MAX_FIELD_NUMBER = 99      # more than any site, card line or Attack icons


def malformed(action):
    """Why ``action`` cannot be any option of any decision (wrong type, kind
    or size of a field), or None. Game.apply checks this first, so that the
    rules' own checks only ever see well-formed actions."""
    if not isinstance(action, Action):
        return f"Not an action: expected an Action, got {kind_of(action)}."
    for name in TEXT_FIELDS:
        value = getattr(action, name)
        if value is None and name != "kind":
            continue
        if type(value) is not str:
            return f"Malformed action: {name} must be text, got {kind_of(value)}."
        if not value or len(value) > MAX_FIELD_TEXT or not value.isprintable():
            return f"Malformed action: {name} is not a name the game uses."
    for name in NUMBER_FIELDS:
        value = getattr(action, name)
        if value is None:
            continue
        if type(value) is not int:
            return f"Malformed action: {name} must be a whole number, got {kind_of(value)}."
        if not 0 <= value <= MAX_FIELD_NUMBER:
            return f"Malformed action: {name} must be between 0 and {MAX_FIELD_NUMBER}."
    return None


class Decision:
    """Who must choose (seat), what kind of choice, a sentence, and every option.

    The prompt is built only when read: drivers such as the AI never read it."""
    __slots__ = ("player", "kind", "options", "_prompt")

    def __init__(self, player, kind, prompt, options):
        self.player, self.kind, self.options, self._prompt = player, kind, options, prompt

    @property
    def prompt(self):
        if callable(self._prompt):
            self._prompt = self._prompt()
        return self._prompt

    def __repr__(self):
        return f"Decision(player={self.player}, kind={self.kind!r}, options={len(self.options)})"


_INTERNED = {}


def act(kind, card=None, alt=None, region=None, site=None, icons=None, choice=None):
    """The shared Action with these fields. Options are rebuilt at every
    decision, and building a frozen dataclass is slow, so each distinct action
    is made once (equal actions are then also identical)."""
    key = (kind, card, alt, region, site, icons, choice)
    a = _INTERNED.get(key)
    if a is None:
        a = _INTERNED[key] = Action(kind, card, alt, region, site, icons, choice)
    return a
