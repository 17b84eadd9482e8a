"""Cards known to be in another dragon's hand, as an attentive player knows them.

Two things put a known card in a hand:
- a card taken from the Card Selection Track is taken face up (the public
  event ``takes_from_track``), and
- Scheme cards: a seat choosing from a Scheme draft sees the cards it passes
  on; the later choosers and the schemer (who gets the last card) hold them,
  one each. A seat remembers what it passed (``SchemeMemory``), since nothing
  public records it.
A known card stays known until its holder plays or discards a card of that
kind (public events), since identical copies cannot be told apart.
Cards are tracked by kind (``Game.card_key``), never by id.
"""
from __future__ import annotations

from collections import Counter

from ..public_lairs import LogReader, cached_reader

# Public events of a card leaving its holder's hand (a face-down discard: when it is shown).
LEAVE_HAND = ("plays", "discards", "reveals_discard", "licks_wounds")


class HandBook(LogReader):
    """Track picks, and cards that left hands, as the public events tell."""

    def __init__(self, g):
        super().__init__(g)
        n = g.state.num_players
        self.kind_of = {cid: g.card_key[cid] for cid, c in g.cards.items() if not c.is_hex}
        self.known = [Counter() for _ in range(n)]       # from the track
        self.gone = [[] for _ in range(n)]               # (log position, kind) played or discarded

    def _event(self, seat, e):
        if e["kind"] == "takes_from_track":
            kind = self.kind_of.get(e["card"])
            if kind is not None:
                self.known[seat][kind] += 1
            return
        kind = self.kind_of.get(e["card"]) if e["kind"] in LEAVE_HAND else None
        if kind is None:
            return
        self.gone[seat].append((self.pos - 1, kind))
        if self.known[seat][kind]:
            self.known[seat][kind] -= 1

    def gone_since(self, seat, pos):
        return [kind for at, kind in self.gone[seat] if at >= pos]


def hand_book(g):
    """The HandBook of a game, brought up to date."""
    return cached_reader(g, HandBook)


class SchemeMemory:
    """What one seat saw of Scheme drafts in one game: the cards it passed on and to whom."""

    def __init__(self):
        self.log = None
        self.passed = []        # (log position, [kinds], [recipient seats])

    def observe(self, g, seat, action):
        """Call with the seat's own scheme_pick choice, before it is applied."""
        s = g.state
        if self.log is not s.log:                 # another game: forget the last one
            self.log, self.passed = s.log, []
        frame = s.stack[-1] if s.stack else None
        if frame is None or frame.kind != "scheme_pick" or frame.seat != seat:
            return
        rest = list(s.draft)
        rest.remove(action.card)
        n = s.num_players
        # The choosers after this one (``left`` choices remain, this one's
        # included), then the schemer, who gets the last card.
        recipients = [(seat + k) % n for k in range(1, frame.left)] + [frame.owner]
        if rest:
            self.passed.append((len(s.log), [g.card_key[c] for c in rest], recipients))

    def groups(self, g, seat):
        """[(kinds, holders)]: each holder has one of the kinds (which one is unknown)."""
        if self.log is not g.state.log:
            return []
        book = hand_book(g)
        own = Counter(g.card_key[c] for c in g.state.players[seat].hand)
        out = []
        for pos, kinds, recipients in self.passed:
            kinds, holders = list(kinds), []
            for r in recipients:
                if r == seat:                     # the schemer got one back: it is in its own hand
                    if kinds:
                        kinds.remove(next((k for k in kinds if own[k]), kinds[0]))
                    continue
                gone = [k for k in book.gone_since(r, pos) if k in kinds]
                if gone:                          # it may have played that very card
                    kinds.remove(gone[0])
                else:
                    holders.append(r)
            if holders and len(kinds) == len(holders):
                out.append((kinds, holders))
        return out


def known_cards(g, seat, memory=None, rng=None):
    """{other seat: [card kinds known to be in its hand]}, from the public
    track picks and this seat's memory of Scheme drafts (the Scheme cards are
    dealt one per holder in an order drawn from ``rng``)."""
    book = hand_book(g)
    out = {p.seat: list(book.known[p.seat].elements()) for p in g.state.players if p.seat != seat}
    for kinds, holders in (memory.groups(g, seat) if memory else ()):
        if rng is not None:
            rng.shuffle(kinds)
        for kind, holder in zip(kinds, holders):
            out[holder].append(kind)
    return out
