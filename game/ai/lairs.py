"""What every dragon has hoarded, as any attentive player at the table knows it.

Lair screens hide the hoard, but everything that goes behind them is taken in
the open: Lair Action gains, the loot a dragon carries home, what it spends
from its lair. ``LairBook`` replays those public log events into an estimate
of each lair. Conservation then gives the exact total over all hidden lairs,
so any difference (e.g. a log line worded differently) is spread over the
other players instead of silently breaking the AI.
"""
from __future__ import annotations

import abc
import re

from ..data import RESOURCES
from ..state import CITY, TOWN, VILLAGE, Holdings

_LOOT = re.compile(r"(\d+) (livestock|gold|noble|field|villages? of|cit(?:y|ies) of) ?(\w*)")
SPEND_WORDS = (("spends a gold", "gold"), ("eats a livestock", "livestock"),
               ("burns a field", "field"), ("consumes a noble", "noble"))


class LogReader(abc.ABC):
    """Reads a game's public log incrementally: ``_event(seat, text)`` for each
    public line about a seat (the text after the seat's name)."""

    def __init__(self, g):
        self.log = g.state.log
        self.pos = 0
        self.names = [p.name for p in g.state.players]

    def update(self):
        log = self.log
        while self.pos < len(log):
            seat, text, private = log[self.pos]
            self.pos += 1
            if private is None and seat is not None and text.startswith(self.names[seat]):
                self._event(seat, text[len(self.names[seat]) + 1:])
        return self

    @abc.abstractmethod
    def _event(self, seat, text):
        """One public log line about ``seat``."""


class LairBook(LogReader):
    """What each dragon carried home, hoarded and spent, as the public log tells."""

    def __init__(self, g):
        super().__init__(g)
        n = g.state.num_players
        self.lairs = [Holdings() for _ in range(n)]
        self.card = [dict.fromkeys(RESOURCES, 0) for _ in range(n)]

    def _event(self, seat, t):
        lair, card = self.lairs[seat], self.card[seat]
        if t.startswith("hoards "):
            n, res = t.split()[1:3]
            lair.res[res] += int(n)
        elif t.startswith("takes a village from the "):
            lair.add_piece("village", t.split()[5])
        elif t.startswith("takes a "):
            res = t.split()[2]
            if res in card:
                card[res] += 1
        elif t.startswith("begins its attack"):
            for res in card:
                card[res] = 0
        elif t.startswith("returns to its lair"):
            for n, what, region in _LOOT.findall(t):
                if what in RESOURCES:
                    lair.res[what] += int(n)
                elif what.startswith("vil"):
                    lair.add_piece("village", region, int(n))
                else:
                    lair.add_piece("city", region, int(n))
            for res in card:
                card[res] = 0
        else:
            for words, res in SPEND_WORDS:
                if t.startswith(words):
                    if card[res]:
                        card[res] -= 1
                    else:
                        lair.res[res] -= 1
                    break


_BOOKS: dict = {}


def cached_reader(g, cls):
    """The log reader ``cls(g)`` of a game (one per game and class), brought up to date."""
    key = (id(g.state.log), cls)
    book = _BOOKS.get(key)
    if book is None or book.log is not g.state.log or book.pos > len(g.state.log):
        if len(_BOOKS) > 32:
            _BOOKS.clear()
        book = _BOOKS[key] = cls(g)
    return book.update()


def book_for(g):
    """The LairBook of a game, brought up to date."""
    return cached_reader(g, LairBook)


def hidden_totals(g, seat):
    """Exact totals over the lairs ``seat`` cannot see, by conservation."""
    s, data = g.state, g.data
    pieces = data.setup["pieces"]
    others = [p for p in s.players if p.seat != seat]
    me = s.players[seat]
    res = {}
    for r in RESOURCES:
        n = pieces[r] - sum(reg.res[r] for reg in s.regions)
        n -= sum(p.card.res[r] + p.spent[r] for p in s.players) + me.lair.res[r]
        n -= (s.fields_out + sum(s.century_fields)) if r == "field" else s.stock[r]
        res[r] = n
    villages, cities = {}, {}
    for reg in s.regions:
        v = data.village_stock - reg.villages - sum(1 for x in reg.sites if x == VILLAGE)
        v -= 2 * sum(1 for x in reg.sites if x == TOWN)
        c = data.city_stock - reg.cities - sum(1 for x in reg.sites if x == CITY)
        for p in s.players:
            v -= p.card.villages.get(reg.name, 0) + (p.lair.villages.get(reg.name, 0) if p is me else 0)
            c -= p.card.cities.get(reg.name, 0) + (p.lair.cities.get(reg.name, 0) if p is me else 0)
        villages[reg.name], cities[reg.name] = v, c
    return others, res, villages, cities


def estimated_lairs(g, seat):
    """{other seat: Holdings} consistent with everything ``seat`` may know."""
    book = book_for(g)
    others, res, villages, cities = hidden_totals(g, seat)
    est = {p.seat: _copy(book.lairs[p.seat]) for p in others}
    if not est:
        return est
    order = sorted(est)
    for r, total in res.items():
        _settle(order, total, lambda s: est[s].res, r)
    for region, total in villages.items():
        _settle(order, total, lambda s: est[s].villages, region)
    for region, total in cities.items():
        _settle(order, total, lambda s: est[s].cities, region)
    return est


def _copy(h):
    return Holdings(res=dict(h.res), villages=dict(h.villages), cities=dict(h.cities))


def _settle(order, total, table, key):
    """Make the estimates sum to the known total: clamp at 0, then spread the rest."""
    for s in order:
        if table(s).get(key, 0) < 0:
            table(s)[key] = 0
    diff = total - sum(table(s).get(key, 0) for s in order)
    i = 0
    while diff and i < 10 * (abs(diff) + len(order)):
        s = order[i % len(order)]
        i += 1
        have = table(s).get(key, 0)
        if diff > 0:
            table(s)[key] = have + 1
            diff -= 1
        elif have > 0:
            table(s)[key] = have - 1
            diff += 1
