"""A Session: one game plus who sits where and every action applied so far.

The view, the saves and the replays work on sessions; the engine itself only
knows the Game. A session can always be rebuilt from its settings and action
list (seed + actions replay exactly).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Action
from .phases.setup import new_game

SEAT_KINDS = ("human", "random", "easy", "normal", "hard")


@dataclass
class Seat:
    name: str
    dragon: str
    kind: str = "human"          # "human" or an AI level

    @property
    def is_human(self):
        return self.kind == "human"


@dataclass
class Session:
    seats: list
    seed: int
    variant: str = "standard"
    actions: list = field(default_factory=list)
    game: object = None

    @classmethod
    def new(cls, seats, seed, variant="standard"):
        seats = [s if isinstance(s, Seat) else Seat(**s) for s in seats]
        for s in seats:
            if s.kind not in SEAT_KINDS:
                raise ValueError(f"unknown seat kind {s.kind!r} (known: {', '.join(SEAT_KINDS)})")
        session = cls(seats=seats, seed=seed, variant=variant)
        session.game = session.fresh_game()
        return session

    def fresh_game(self):
        return new_game(len(self.seats), seed=self.seed, variant=self.variant,
                        dragons=[s.dragon for s in self.seats], names=[s.name for s in self.seats])

    def apply(self, action):
        """Apply one of the current options (raises IllegalAction otherwise)."""
        self.game.apply(action)
        self.actions.append(action)

    def replayed(self, n=None):
        """A fresh game with the first n actions (all by default) applied."""
        g = self.fresh_game()
        for a in self.actions[:len(self.actions) if n is None else n]:
            g.apply(a)
        return g

    def settings(self):
        return {"seats": [{"name": s.name, "dragon": s.dragon, "kind": s.kind} for s in self.seats],
                "seed": self.seed, "variant": self.variant}

    def action_dicts(self):
        return [a.to_dict() for a in self.actions]

    @staticmethod
    def actions_from(dicts):
        return [Action.from_dict(d) for d in dicts]
