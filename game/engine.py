"""Game: the state machine that steps through the centuries and phases.

The flow is a table of phases (``phases.PHASES``: enter / one turn per seat /
exit -> next phase) plus a stack of pending frames. The top frame is either a
decision (a player must choose one of its options) or automatic work (run at
once). Every frame is a plain dict, so ``to_dict`` works at any decision.
"""
from __future__ import annotations

from .actions import Action, Decision, IllegalAction, act, malformed
from .data import default_data
from .rng import Rng
from .state import CITY, TOWN, VILLAGE, GameState

VARIANTS = ("standard", "strategist", "desolation", "strategist+desolation")


class Game:
    def __init__(self, state: GameState, data=None):
        self.data = data or default_data()
        self.state = state
        self.rng = Rng(state.rng)
        self._decision = None
        d = self.data
        self.ring = d.ring
        self.ring_index = d.region_index
        self.regions = {r.name: r for r in state.regions}
        self.cards = d.cards
        self.card_key, self.ability_effects, self.play_actions = _derived(d)
        self.strategist = "strategist" in state.variant
        self.cooperative = "desolation" in state.variant

    # ----- the contract -------------------------------------------------
    @property
    def decision(self):
        if self._decision is None and not self.state.over:
            frame = self.state.stack[-1]
            handler = HANDLERS[frame["k"]]
            options = handler.options(self, frame)
            if not options:
                raise RuntimeError(f"engine error: decision {frame!r} has no options")
            self._decision = Decision(player=frame["p"], kind=handler.kind_of(self, frame),
                                      prompt=lambda: handler.prompt(self, frame), options=options)
        return self._decision

    @property
    def is_over(self):
        return self.state.over

    def apply(self, action):
        """Apply one of the current options; anything else raises
        IllegalAction with the reason, and the game is left as it was."""
        decision = self.decision
        if decision is None:
            raise IllegalAction("The game is over.")
        # Identity first: drivers usually hand back one of the offered objects.
        if not any(o is action for o in decision.options):
            problem = malformed(action)
            if problem:
                raise IllegalAction(problem)
            if action not in decision.options:
                raise IllegalAction(self.why_illegal(action))
        frame = self.state.stack[-1]
        self._decision = None
        HANDLERS[frame["k"]].apply(self, frame, action)
        self._advance()

    def why_illegal(self, action):
        """Words for why ``action`` is not one of the current options."""
        decision = self.decision
        if decision is None:
            return "The game is over."
        frame = self.state.stack[-1]
        reason = HANDLERS[frame["k"]].explain(self, frame, action) if isinstance(action, Action) else None
        name = self.name(decision.player)
        return reason or f"Not possible now: {name} must choose: {decision.prompt}"

    def describe(self, action):
        """A sentence for an action, with card and region names."""
        from .describe import describe
        return describe(self, action)

    def final_scores(self):
        from .phases.scoring import final_scores
        return final_scores(self)

    def desolation(self):
        from .phases.scoring import desolation
        return desolation(self)

    def view(self, seat):
        from .view import view
        return view(self, seat)

    def to_dict(self):
        self.state.rng = self.rng.state
        return self.state.to_dict()

    @classmethod
    def from_dict(cls, data, game_data=None):
        return cls(GameState.from_dict(data), game_data)

    # ----- flow ---------------------------------------------------------
    def _advance(self):
        s = self.state
        while not s.over:
            if s.stack:
                frame = s.stack[-1]
                handler = HANDLERS[frame["k"]]
                if not handler.auto:
                    return
                handler.run(self, frame)
                continue
            phase = PHASES[s.phase]
            if s.cursor < len(s.order):
                seat = s.order[s.cursor]
                s.cursor += 1
                phase.turn(self, seat)
                continue
            nxt = phase.exit(self)
            s.phase, s.order, s.cursor = nxt, [], 0
            PHASES[nxt].enter(self)

    def push(self, frame):
        self.state.stack.append(frame)

    def pop(self, frame):
        top = self.state.stack.pop()
        assert top is frame, "engine error: popped the wrong frame"

    # ----- helpers shared by the phases ----------------------------------
    def name(self, seat):
        return self.state.players[seat].name

    def log(self, text, seat=None, private=None):
        """An event for the log; ``private`` = the only seat allowed to read it."""
        self.state.log.append([seat, text, private])

    def seats_from(self, seat):
        n = self.state.num_players
        return [(seat + i) % n for i in range(n)]

    def ensure_deck(self):
        """When the Action Deck runs out, the discard pile becomes the new deck."""
        s = self.state
        if not s.deck and s.discard:
            s.deck, s.discard = s.discard, []
            self.rng.shuffle(s.deck)
            self.log("The discard pile is shuffled into a new Action Deck.")
        return bool(s.deck)

    def deal(self):
        """The top card of the deck, or None if no card is left anywhere."""
        return self.state.deck.pop() if self.ensure_deck() else None

    def top_back(self):
        return self.cards[self.state.deck[-1]].back if self.ensure_deck() else None

    def draw(self, seat, n, why="draws"):
        p = self.state.players[seat]
        got = []
        for _ in range(n):
            cid = self.deal()
            if cid is None:
                break
            got.append(cid)
        p.hand.extend(got)
        if got:
            self.log(f"{p.name} {why} {len(got)} card{'s' if len(got) > 1 else ''}.", seat)
            self.log(f"{p.name} drew: {', '.join(self.cards[c].title for c in got)}.", seat, private=seat)
        elif n:
            self.log(f"{p.name} cannot draw: no cards are left.", seat)
        return got

    def max_life(self, p):
        best = self.data.setup["start_life"]
        for a in p.abilities:
            best = max(best, self.ability_effects[a].get("max_life", 0))
        return best

    def has_effect(self, p, key):
        return sum(self.ability_effects[a].get(key, 0) for a in p.abilities)

    def available(self, p, res):
        """Pieces of a resource the dragon can spend: on its card, then in its lair."""
        return p.card.res[res] + p.lair.res[res]

    def spend(self, p, res):
        place = p.card if p.card.res[res] else p.lair
        place.res[res] -= 1
        p.spent[res] += 1

    def neighbours(self, region):
        i = self.ring_index[region]
        return (self.ring[(i - 1) % 6], self.ring[(i + 1) % 6])

    def ring_distance(self, a, b):
        d = abs(self.ring_index[a] - self.ring_index[b]) % 6
        return min(d, 6 - d)

    def facing_icon(self, region):
        """The hex icon facing a region (house rules section 2)."""
        side = self.data.hex_sides[(self.ring_index[region] - self.state.hex_arrow) % 6]
        return self.data.side_icons[side]

    def occupants(self, region, exclude=None):
        """Dragons (players and rogues) in a region, other than seat ``exclude``."""
        out = [p.seat for p in self.state.players if p.region == region and p.seat != exclude]
        out += [r[0] for r in self.state.rogues if r[1] == region]
        return out

    def take_settlement_piece(self, region_state, site, kind):
        """Remove one piece from a site: a village piece (village or half a town) or a city."""
        v = region_state.sites[site]
        if kind == "city":
            assert v == CITY
            region_state.sites[site] = 0
        else:
            assert v in (VILLAGE, TOWN)
            region_state.sites[site] = v - 1


_DERIVED = {}


def _derived(data):
    """Lookups computed once per data set (games and their copies share them):
    card kinds, ability effects, and the play-card actions of every card line."""
    key = id(data)
    if key not in _DERIVED:
        card_key = {cid: (c.type, c.region) for cid, c in data.cards.items()}
        effects = {a.id: dict(a.effect) for a in data.abilities}
        plays = {cid: tuple(act("play_card", card=cid, alt=k) for k in range(len(c.alternatives)))
                 for cid, c in data.cards.items()}
        _DERIVED[key] = (data, (card_key, effects, plays))   # holding data keeps its id unique
    return _DERIVED[key][1]


class Handler:
    """A kind of frame. Decision frames define options/apply; auto frames run."""
    kind = "?"
    auto = False

    def kind_of(self, g, frame):
        return self.kind

    def prompt(self, g, frame):
        return "Choose."

    def options(self, g, frame):
        return ()

    def apply(self, g, frame, action):
        raise IllegalAction("nothing to do")

    def explain(self, g, frame, action):
        return None

    def run(self, g, frame):
        pass


HANDLERS: dict = {}
PHASES: dict = {}


def register(handler_cls):
    HANDLERS[handler_cls.kind] = handler_cls()
    return handler_cls


# Importing the phases fills HANDLERS and PHASES.
from . import phases  # noqa: E402,F401
