"""Who plays each seat, whose eyes the table shows, and the AI players.

Pure Python (no pygame): the table scene asks this controller whether the
next decision needs a hand-off screen and which seat's view to draw, and
gets AI moves from it. AI dragons come from ``game.ai`` when it is present;
until then an AI seat picks uniformly among the legal options.
"""
from __future__ import annotations

import random


def make_player_ai(level, seed):
    """An object with choose(game, seat) -> Action for an AI seat."""
    try:
        from game.ai import make_ai
    except ImportError:
        return RandomChooser(seed)
    return make_ai(level, seed)


class RandomChooser:
    """Uniform choice among the legal options (used when game.ai is absent)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, game, seat):
        return self.rng.choice(game.decision.options)


class SeatControl:
    def __init__(self, session, handoff=True):
        self.session = session
        self.handoff_enabled = handoff
        self.humans = [i for i, s in enumerate(session.seats) if s.is_human]
        self.viewer = self.humans[0] if self.humans else 0
        self._ais = {}

    @property
    def game(self):
        return self.session.game

    def is_human(self, seat):
        return self.session.seats[seat].is_human

    def name(self, seat):
        return self.session.seats[seat].name

    def acting(self):
        d = self.game.decision
        return None if d is None else d.player

    def needs_handoff(self, returning=False):
        """True when the next decision is another human's: the table must be
        hidden until that player says who they are. ``returning``: the game
        comes back from the title screen or a save, where anyone may sit at
        the computer, so even the seat last shown must say who they are (a new
        game too: whoever clicked Start may not be the first player)."""
        seat = self.acting()
        if seat is None or not self.handoff_enabled or len(self.humans) < 2:
            return False
        if returning:                       # even while an AI moves, the table shows someone's hand
            return True
        return self.is_human(seat) and seat != self.viewer

    def next_viewer(self):
        """The seat whose hand the table shows next: the human who must choose,
        or (while an AI moves) the one shown now."""
        seat = self.acting()
        return seat if seat is not None and self.is_human(seat) else self.viewer

    def take_over(self, seat):
        """The table now shows this seat's private view."""
        self.viewer = seat

    def follow(self):
        """Without hand-off, the view follows the human who must choose."""
        seat = self.acting()
        if seat is not None and self.is_human(seat) and not self.needs_handoff():
            self.viewer = seat

    def ai_for(self, seat):
        if seat not in self._ais:
            kind = self.session.seats[seat].kind
            self._ais[seat] = make_player_ai(kind, self.session.seed * 7919 + seat)
        return self._ais[seat]

    def ai_turn(self):
        """The seat whose AI must move now, or None."""
        seat = self.acting()
        return seat if seat is not None and not self.is_human(seat) else None
