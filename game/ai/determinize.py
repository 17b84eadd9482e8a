"""Determinised copies: the position as one seat knows it, hidden cards resampled.

Everything the seat cannot see is thrown away and redrawn from its own
random generator: the order of the Action Deck, the other players' hands
(apart from their Dragon Hex Cards, which everyone knows, and the cards known
to be there: see ``knowledge``), their face-down discards, a Scheme draft in
someone else's hands, the game's future shuffles, and - unless the variant is
The Strategist - the other lairs, which are replaced by what the public events
tell (see ``game.public_lairs``). The result depends only on what the seat may know and
on ``rng``, so an AI built on it cannot peek.
"""
from __future__ import annotations

from ..view import sees, unseen_cards
from .knowledge import known_cards
from ..public_lairs import estimated_lairs


def determinize(g, seat, rng, memory=None):
    """A Game in the same public position with all hidden information resampled
    (``memory``: the seat's SchemeMemory, if it keeps one)."""
    s = g.state
    pool = unseen_cards(g, seat)
    rng.shuffle(pool)
    held = _known_held(g, seat, pool, known_cards(g, seat, memory, rng))
    top_back = g.cards[s.deck[-1]].back if s.deck else None
    if top_back is not None:
        # The back of the top card is public: keep a card with that back on top.
        k = next((i for i, c in enumerate(pool) if g.cards[c].back == top_back), None)
        if k is not None:
            pool[k], pool[-1] = pool[-1], pool[k]
    d = g.copy(rng_state=rng.getrandbits(64))
    t = d.state
    deck_top = pool.pop() if t.deck else None
    for p in t.players:
        if not sees(g, seat, "hand", p.seat):
            mine = held.get(p.seat, [])
            p.hand = [c if g.cards[c].is_hex else (mine.pop() if mine else pool.pop()) for c in p.hand]
        if not sees(g, seat, "face_down", p.seat):
            p.face_down = [pool.pop() for _ in p.face_down]
    if not sees(g, seat, "draft"):
        t.draft = [pool.pop() for _ in t.draft]
    t.deck = pool[:len(t.deck) - 1] + [deck_top] if t.deck else []
    assert len(t.deck) == len(s.deck), "determinize: deck size changed"
    for other, lair in estimated_lairs(g, seat).items():
        t.players[other].lair = lair
    return d


def _known_held(g, seat, pool, known):
    """Take the known cards out of the pool for their holders: {seat: [card ids]}."""
    keys = g.card_key
    held = {}
    for other, kinds in known.items():
        room = sum(1 for c in g.state.players[other].hand if not g.cards[c].is_hex)
        for kind in kinds[:room]:
            k = next((i for i, c in enumerate(pool) if keys[c] == kind), None)
            if k is not None:
                held.setdefault(other, []).append(pool.pop(k))
    return held
