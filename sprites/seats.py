"""Who plays each seat at this table, and whose eyes the table shows.

Pure Python (no pygame). The hot-seat hand-off is a feature of the table,
not of the game: one window may hold several seats and shows them in turn.
The table asks whether the next decision needs a hand-off screen and which
seat's view to draw; ``decider`` is the seat that must choose now (public:
every snapshot says it), None once the game is over.
"""
from __future__ import annotations


class SeatControl:
    def __init__(self, seats, handoff=True, here=None):
        """``seats``: the host's [{"name", "dragon", "kind"}]; ``here``: the seats
        people play at this table (by default every human seat)."""
        self.seats = seats
        self.handoff_enabled = handoff
        self.humans = list(here) if here is not None else [i for i, s in enumerate(seats) if s["kind"] == "human"]
        self.viewer = self.humans[0] if self.humans else 0

    def is_human(self, seat):
        """Does a person at this table play ``seat``?"""
        return seat in self.humans

    def is_ai(self, seat):
        return self.seats[seat]["kind"] != "human"

    def name(self, seat):
        return self.seats[seat]["name"]

    def rename(self, names):
        """The players' names as the game has them now (online: a friend took an invited seat)."""
        self.seats = [dict(s, name=name) for s, name in zip(self.seats, names)]

    def needs_handoff(self, decider, returning=False):
        """True when the next decision is another person's at this table: the table
        must be hidden until that player says who they are. ``returning``: the game
        comes back from the title screen or a save, where anyone may sit at the
        computer, so even the seat last shown must say who they are (a new game
        too: whoever clicked Start may not be the first player)."""
        if decider is None or not self.handoff_enabled or len(self.humans) < 2:
            return False
        if returning:                       # even while an AI moves, the table shows someone's hand
            return True
        return self.is_human(decider) and decider != self.viewer

    def between_players(self, decider):
        """Hot seat with the table hidden between players, while a seat nobody here
        plays decides (AI dragons between two humans): the table shows no hand."""
        return self.handoff_enabled and len(self.humans) > 1 and decider is not None and not self.is_human(decider)

    def next_viewer(self, decider):
        """The seat whose hand the table shows next: the person who must choose,
        or (while another seat moves) the one shown now."""
        return decider if decider is not None and self.is_human(decider) else self.viewer

    def take_over(self, seat):
        """The table now shows this seat's private view."""
        self.viewer = seat

    def follow(self, decider):
        """Without hand-off, the view follows the person who must choose."""
        if decider is not None and self.is_human(decider) and not self.needs_handoff(decider):
            self.viewer = decider

    def ai_turn(self, decider):
        """The seat nobody at this table plays that must move now, or None."""
        return decider if decider is not None and not self.is_human(decider) else None
