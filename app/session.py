"""A Session: one game plus who sits where and every action applied so far.

The view, the saves and the replays work on sessions; the engine itself only
knows the Game. A session can always be rebuilt from its settings and action
list (seed + actions replay exactly).

Undo goes back one action at a time within the current player's own turn. It
never crosses a point where information hidden from that player came out (a
card left the deck, the deck was reshuffled, its next back showed, the RNG was
used), nor another player's action, nor the start of the turn. The earlier
game is rebuilt by replaying the actions from the seed, so it is exactly the
state that was there before; normal play pays nothing for it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.actions import Action
from game.ai_levels import SEAT_KINDS
from game.engine import new_game


@dataclass
class Seat:
    """A seat of a game: the player's name, dragon and kind."""
    name: str
    dragon: str
    kind: str = "human"          # "human" or an AI level

    @property
    def is_human(self):
        return self.kind == "human"


@dataclass
class Session:
    """A game as saves hold it: its seats, seed, variant and actions (and the game they make)."""
    seats: list
    seed: int
    variant: str = "standard"
    actions: list = field(default_factory=list)
    game: object = None
    # How many of the last actions undo may take back (see can_undo).
    undoable: int = field(default=0, repr=False)
    # Called with the session after every apply and undo (e.g. the autosave).
    listeners: list = field(default_factory=list, repr=False, compare=False)
    # Why undo cannot go further back than the last ``undoable`` actions (see why_no_undo).
    undo_block: str = field(default="nothing has been played yet", repr=False, compare=False)
    # Changes so far (every apply and every undo counts one): the game's version for its hosts.
    changes: int = field(default=0, repr=False, compare=False)

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
        g = self.game
        before = _undo_key(g)
        mover = g.name(g.decision.player) if g.decision is not None else None
        g.apply(action)
        self.actions.append(action)
        self.changes += 1
        after = _undo_key(g)
        if before is not None and before == after:
            self.undoable += 1
        else:
            self.undoable = 0
            self.undo_block = _block_reason(g, before, after, mover)
        self._notify()

    def can_undo(self):
        """True if the last action was the current (human) player's, in this
        turn, and revealed nothing hidden from them. AI seats never undo."""
        return (0 < self.undoable <= len(self.actions) and not self.game.is_over
                and self.seats[self.game.decision.player].is_human)

    def undo(self):
        """Take back the last action (see can_undo); returns it. The game is
        rebuilt, so ``session.game`` is a new Game object afterwards."""
        if not self.can_undo():
            raise ValueError("nothing to undo in this turn")
        action = self.actions.pop()
        self.changes += 1
        self.game = self.replayed()
        self.undoable -= 1
        self._notify()
        return action

    def why_no_undo(self):
        """Why undo is refused now, in words for the player (None if it is allowed)."""
        if self.can_undo():
            return None
        if self.game.is_over:
            return "the game is over"
        seat = self.game.decision.player
        if not self.seats[seat].is_human:
            return f"it is {self.seats[seat].name}'s move (an AI dragon), and AI moves are never undone"
        return self.undo_block

    def would_be_undoable(self, action):
        """True if undo could take ``action`` (one of the current options) back
        right after it is applied: it reveals nothing and ends no turn."""
        after = self.game.copy()
        after.apply(action)
        return undoable_after(self, self.game, after)

    def undo_turn_start(self):
        """The index in ``actions`` that undo can go back to at most."""
        return len(self.actions) - (self.undoable if self.can_undo() else 0)

    def _notify(self):
        for listener in list(self.listeners):
            listener(self)

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


def undoable_after(session, before, after):
    """Could undo take back the option that made ``after`` (a copy of the game
    ``before`` in which it was chosen)? It reveals nothing and ends no turn."""
    key = _undo_key(before)
    return (key is not None and key == _undo_key(after) and not after.is_over
            and session.seats[after.decision.player].is_human)


def _block_reason(g, before, after, mover):
    """Words for why the action just applied cannot be undone (the first
    part of the undo key that changed)."""
    if before is None:
        return "nothing has been played yet"
    if after is None:
        return "the game is over"
    player, century, phase, cursor, rng, deck, top = range(7)
    if before[player] != after[player]:
        return f"the last move was {mover}'s (only your own moves in this turn can be undone)"
    if before[century] != after[century] or before[phase] != after[phase] or before[cursor] != after[cursor]:
        return "a new turn or phase has begun since"
    if before[deck] > after[deck]:
        return "a card was drawn from the deck since (undo never takes back what you saw)"
    if before[rng] != after[rng] or before[deck] != after[deck]:
        return "cards were shuffled since (undo never takes back what you saw)"
    return "the back of the next card of the deck was revealed since"


def _undo_key(g):
    """What must stay the same across an action for it to be undoable: the
    player to decide, the turn (century, phase, turn counter), the RNG and the
    deck (its size and its top card, whose back everyone sees)."""
    s = g.state
    if s.over:
        return None
    # The top frame is the waiting decision; its "p" is g.decision.player
    # (read here without building the option list).
    return (s.stack[-1].seat, s.century, s.phase, s.cursor, g.rng.state, len(s.deck),
            s.deck[-1] if s.deck else None)
