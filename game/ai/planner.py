"""Planning a whole attack turn: depth-first search over the seat's own steps.

Inside its own turn a dragon knows everything that matters (its hand, the
board) except what it would draw, so the search runs on a determinised copy
(draws come from a resampled deck; the AI plans again once the real cards are
known), explores sequences of cards, hex uses, hex turns, moves, healing and
Attack assignments up to the end of the turn. Identical positions reached in
a different order are searched once (transposition table); a node budget
bounds the work, and lines cut by it are finished by the quick policy. A
deadline (``deadline.Deadline``) bounds the time: once it has passed, the
search stops at once and answers with the best complete line it found.
"""
from __future__ import annotations

import math

from ..state import GameState, PlayerState, RegionState, declarations
from .cardvalue import keep_value
from .deadline import NEVER
from .evaluate import value
from .quick import quick_choice, quick_scores

STEP_KINDS = ("attack_turn", "attack_assign", "discard", "choose_resource", "raze", "level_up")
MAX_GOLD_TURNS = 3         # more paid hex turns than this is never better than turning the other way
MAX_MOVES = 4


def in_turn(g, seat):
    """Is ``seat`` in the middle of its own attack turn?"""
    d = g.decision
    if d is None or d.player != seat or d.kind not in STEP_KINDS:
        return False
    return g.turn_in_progress(seat)


def _holdings_key(h):
    return tuple(h.res.values()), tuple(sorted(h.villages.items())), tuple(sorted(h.cities.items()))


def _gained_key(d):
    return tuple(sorted((k, tuple(v)) for k, v in d.items()))


# How a field enters the signature, by its declared ``sig`` (state.declared).
_KEYS = {"value": "x.{}", "seq": "tuple(x.{})", "sorted": "tuple(sorted(x.{}))",
         "values": "tuple(x.{}.values())", "holdings": "_holdings_key(x.{})", "gained": "_gained_key(x.{})",
         "each": "tuple(map(_region_key, x.{}))"}


def _keyer(cls, **env):
    """The function giving the tuple of ``cls``'s signature fields. It is
    written out from the declarations once, as source, because the search
    takes a signature at every node: a generic loop over the fields was a
    sixth of the expert's thinking."""
    parts = [_KEYS[meta["sig"]].format(name) for name, meta in declarations(cls) if meta["sig"]]
    env.update(_holdings_key=_holdings_key, _gained_key=_gained_key)
    return eval(f"lambda x: ({', '.join(parts)},)", env)


_player_key = _keyer(PlayerState)
_state_key = _keyer(GameState, _region_key=_keyer(RegionState))


def signature(g, seat):
    """What identifies a position inside the seat's turn (order of play aside):
    the waiting decision, and the fields the state declares part of it."""
    s = g.state
    top = s.stack[-1]
    return (top.kind, getattr(top, "n", None), len(s.stack), _player_key(s.players[seat]), _state_key(s))


def candidate_steps(g, seat, d):
    """The options worth searching, best-looking first."""
    p = g.state.players[seat]
    opts = list(d.options)
    if d.kind == "discard":
        non_hex = sorted((a for a in opts if not g.cards[a.card].is_hex),
                         key=lambda a: keep_value(g, p.hand, a.card))
        opts = non_hex[:2] + [a for a in opts if g.cards[a.card].is_hex][:1]
    elif d.kind == "attack_turn":
        licks = [a for a in opts if a.kind == "lick_wounds"]
        if licks:
            # Lick with the least useful card; a Dragon Hex Card is cheap once
            # the hex was used, since it comes back at the end of the turn.
            cheapest = min(licks, key=lambda a: (g.cards[a.card].is_hex and not _hex_used(g, p),
                                                 keep_value(g, p.hand, a.card)))
            opts = [a for a in opts if a.kind != "lick_wounds"] + [cheapest]
        if p.spent["gold"] >= MAX_GOLD_TURNS:
            opts = [a for a in opts if a.kind != "turn_hex"]
        if p.spent["livestock"] >= MAX_MOVES:
            opts = [a for a in opts if a.kind != "move"]
    scores = quick_scores(g, seat, _Decision(d.kind, tuple(opts)))
    return [opts[i] for i in sorted(range(len(opts)), key=lambda i: -scores[i])]


def _hex_used(g, p):
    return bool(p.hex_out)


class _Decision:
    __slots__ = ("kind", "options")

    def __init__(self, kind, options):
        self.kind, self.options = kind, options


CUT = (-math.inf, [])       # a line the deadline cut: never chosen over a complete one


class TurnPlanner:
    """Depth-first search with a node budget; ``width`` keeps only the best-
    looking steps at each node; ``judge(g, seat)`` values the positions where
    lines end. Past the ``deadline`` it expands nothing more and values what
    it has not reached as ``CUT``; ``stopped`` says it did."""

    def __init__(self, seat, budget, rng, width=None, judge=value, deadline=NEVER):
        self.seat, self.budget, self.rng, self.width, self.judge = seat, budget, rng, width, judge
        self.deadline = deadline
        self.nodes = 0
        self.stopped = False
        self.memo = {}

    def plan(self, g):
        """(value, [(signature, action), ...]) for the best line found from g
        (``CUT`` if the deadline passed before any line was complete). The
        search plays on g (a copy of the caller's), which halts as the turn ends."""
        g.halts_between_turns = True
        return self._search(g)

    def alternatives(self, g):
        """[(value, line)] for each first step searched from g, best first
        (the first steps the deadline cut are left out: maybe none)."""
        g.halts_between_turns = True
        if not in_turn(g, self.seat):
            return [(self.judge(g, self.seat), [])]
        sig = signature(g, self.seat)
        self.nodes += 1
        out = self._children(g, sig, in_place=False)
        if not out and not self.stopped:
            # Every step was trimmed (a dragon passing through after MAX_MOVES
            # paid moves must still fly on): the turn is finished greedily.
            out = [self._leaf(g.copy(), sig)]
        out = sorted((x for x in out if x[0] > -math.inf), key=lambda x: -x[0])
        if out:
            self.memo[sig] = out[0]
        return out

    def _time_up(self):
        if not self.stopped and self.deadline.passed():
            self.stopped = True
        return self.stopped

    def _leaf(self, g, sig):
        """Out of budget: finish the turn greedily, so cards still in hand count
        for what they would do now, not for an idle future. Every position on
        the way gets the line's value: sibling leaves often meet them again."""
        seen, result = [sig], None
        for _ in range(60):
            if self._time_up():
                return CUT
            g.apply(quick_choice(g, self.seat, self.rng))
            if not in_turn(g, self.seat):
                break
            sig = signature(g, self.seat)
            hit = self.memo.get(sig)
            if hit is not None:
                result = (hit[0], [])
                break
            seen.append(sig)
        if result is None:
            result = (self.judge(g, self.seat), [])
        for s in seen:
            self.memo[s] = result
        return result

    def _search(self, g):
        seat = self.seat
        if not in_turn(g, seat):
            return self.judge(g, seat), []
        sig = signature(g, seat)
        hit = self.memo.get(sig)
        if hit is not None:
            return hit
        if self._time_up():
            return CUT
        if self.nodes >= self.budget:
            return self._leaf(g, sig)
        self.nodes += 1
        best, best_line = -math.inf, []
        for v, line in self._children(g, sig, in_place=True):
            if v > best:
                best, best_line = v, line
        result = (best, best_line)
        if not self.stopped:            # (a value the deadline cut short is not kept)
            self.memo[sig] = result
        return result

    def _children(self, g, sig, in_place):
        """(value, line) of each step searched from g (``in_place``: the last
        step may use g itself, as the caller never reads it again)."""
        steps = candidate_steps(g, self.seat, g.decision)
        if self.width:
            steps = steps[:self.width]
        out = []
        for k, a in enumerate(steps):
            if self.stopped:
                break
            c = g if in_place and k == len(steps) - 1 else g.copy()
            c.apply(a)
            v, line = self._search(c)
            out.append((v, [(sig, a)] + line))
        return out


def solo_turn_value(root, seat, region, budget, rng, width=None, judge=value, deadline=NEVER):
    """The value of playing a whole turn from ``region`` right now (used to
    choose where to place the dragon): the other dragons stay where they are.
    ``-inf`` if the deadline passed before one line was complete."""
    g = root.copy()
    g.rehearse_turn(seat, region)
    return TurnPlanner(seat, budget, rng, width, judge=judge, deadline=deadline).plan(g)[0]
