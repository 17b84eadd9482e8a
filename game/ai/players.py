"""The AI levels. Each ``choose(game, seat)`` returns one of the current options.

Randomness comes from the AI's own seed mixed with the public position, never
from the game's generator, so the same public situation gives the same choice
whatever the hidden cards are.
"""
from __future__ import annotations

import abc
import random

from ..events import is_public
from .determinize import determinize
from .evaluate import value
from .planner import TurnPlanner, in_turn, signature
from .quick import quick_choice
from .strategy import strategic_choice


class AI(abc.ABC):
    level = "?"
    about = ""                 # the level in a sentence, for a player choosing it

    def __init__(self, seed=0):
        self.seed = seed

    def rng_for(self, g, seat):
        """A generator fixed by this AI's seed and the public position."""
        public = sum(1 for e in g.state.log if is_public(e))
        return random.Random(f"{self.seed}:{seat}:{g.state.century}:{public}:{len(g.decision.options)}")

    def choose(self, g, seat):
        d = g.decision
        if d is None or d.player != seat:
            raise ValueError(f"seat {seat} has no decision to make now")
        if len(d.options) == 1:
            return d.options[0]
        action = self.pick(g, seat, self.rng_for(g, seat))
        assert action in d.options, f"{self.level} AI chose an illegal option {action}"
        return action

    @abc.abstractmethod
    def pick(self, g, seat, rng):
        """One of g.decision.options for this seat (each level defines it)."""


class RandomAI(AI):
    """Uniform over the legal options (for tests and as the weakest opponent)."""
    level = "random"
    about = "An AI that makes random legal moves (for trying things out)."

    def pick(self, g, seat, rng):
        return rng.choice(g.decision.options)


class EasyAI(AI):
    """Greedy, one step: what each option gains now minus the Life it risks."""
    level = "easy"
    about = "An AI dragon that looks one step ahead."

    def pick(self, g, seat, rng):
        return quick_choice(g, seat, rng)


class NormalAI(AI):
    """Plans its whole attack turn by search; chooses Lair Actions, cards,
    discards and placement by the evaluation that knows the final scoring."""
    level = "normal"
    about = "An AI dragon that plans its whole turn (the default level)."
    turn_budget = 60
    place_budget = 10
    judge = staticmethod(value)        # how a position is valued for a seat

    def __init__(self, seed=0):
        super().__init__(seed)
        self._line = []

    def pick(self, g, seat, rng):
        if in_turn(g, seat):
            return self.turn_step(g, seat, rng)
        self._line = []
        root = self.determinize(g, seat, rng)
        return self.strategic(g, root, seat, rng)

    def determinize(self, g, seat, rng):
        return determinize(g, seat, rng)

    def strategic(self, g, root, seat, rng):
        return strategic_choice(root, seat, rng, self.place_budget, self.judge)

    def turn_step(self, g, seat, rng):
        """Follow the planned line while the position is the one it expected."""
        d = g.decision
        if self._line:
            sig, action = self._line[0]
            if sig == signature(g, seat) and action in d.options:
                self._line.pop(0)
                return action
        line = self.plan_turn(g, seat, rng)
        if not line or line[0][1] not in d.options:
            return quick_choice(g, seat, rng)
        self._line = line[1:]
        return line[0][1]

    def planned(self):
        """The rest of the turn its last choice planned: the actions after it, in order
        ([] outside an attack turn)."""
        return [action for _, action in self._line]

    def planner(self, seat, rng):
        return TurnPlanner(seat, self.turn_budget, rng, judge=self.judge)

    def plan_turn(self, g, seat, rng):
        """The line [(signature, action), ...] to play from here to the end of the turn."""
        return self.planner(seat, rng).plan(self.determinize(g, seat, rng))[1]
