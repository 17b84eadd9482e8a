"""What every dragon has hoarded, as any attentive player at the table knows it.

Lair screens hide the hoard, but everything that goes behind them is taken in
the open: Lair Action gains, the loot a dragon carries home, what it spends
from its lair. ``LairBook`` adds up those public events (their fields, never
their words) into an estimate of each lair. Conservation then gives the exact
total over all hidden lairs (so with one hidden lair the estimate is exact),
and any difference is spread over the other players. The AI's determinised
positions (``ai/determinize``) and the live standings (``standings``) both
read other lairs from here and nowhere else.
"""
from __future__ import annotations

import abc

from .data import RESOURCES
from .events import is_public
from .state import CITY, TOWN, VILLAGE, Holdings
from .view import sees


class LogReader(abc.ABC):
    """Reads a game's public events incrementally: ``_event(seat, event)`` for
    each public event of a seat (its fields, never its words)."""

    def __init__(self, g):
        self.log = g.state.log
        self.pos = 0

    def update(self):
        log = self.log
        while self.pos < len(log):
            e = log[self.pos]
            self.pos += 1
            if e["seat"] is not None and is_public(e):
                self._event(e["seat"], e)
        return self

    @abc.abstractmethod
    def _event(self, seat, e):
        """One public event of ``seat``."""


class LairBook(LogReader):
    """What each dragon carried home, hoarded and spent, as the public events tell."""

    def __init__(self, g):
        super().__init__(g)
        n = g.state.num_players
        self.lairs = [Holdings() for _ in range(n)]
        self.card = [dict.fromkeys(RESOURCES, 0) for _ in range(n)]

    def _event(self, seat, e):
        lair, card = self.lairs[seat], self.card[seat]
        kind = e["kind"]
        if kind == "hoards":
            lair.res[e["res"]] += e["n"]
        elif kind == "first_strike":
            lair.add_piece("village", e["region"])
        elif kind == "takes":
            card[e["res"]] += 1
        elif kind == "begins_attack":
            for res in card:
                card[res] = 0
        elif kind == "returns":
            for res, n in e["res"].items():
                lair.res[res] += n
            for region, n in e["villages"].items():
                lair.add_piece("village", region, n)
            for region, n in e["cities"].items():
                lair.add_piece("city", region, n)
            for res in card:
                card[res] = 0
        elif e.get("spent"):
            res = e["spent"]
            if card[res]:
                card[res] -= 1
            else:
                lair.res[res] -= 1


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
    others = [p for p in s.players if not sees(g, seat, "lair", p.seat)]
    known = [p for p in s.players if sees(g, seat, "lair", p.seat)]
    seen = {p.seat for p in known}
    res = {}
    for r in RESOURCES:
        n = pieces[r] - sum(reg.res[r] for reg in s.regions)
        n -= sum(p.card.res[r] + p.spent[r] for p in s.players) + sum(p.lair.res[r] for p in known)
        n -= (s.fields_out + sum(s.century_fields)) if r == "field" else s.stock[r]
        res[r] = n
    villages, cities = {}, {}
    for reg in s.regions:
        v = data.village_stock - reg.villages - sum(1 for x in reg.sites if x == VILLAGE)
        v -= 2 * sum(1 for x in reg.sites if x == TOWN)
        c = data.city_stock - reg.cities - sum(1 for x in reg.sites if x == CITY)
        for p in s.players:
            v -= p.card.villages.get(reg.name, 0) + (p.lair.villages.get(reg.name, 0) if p.seat in seen else 0)
            c -= p.card.cities.get(reg.name, 0) + (p.lair.cities.get(reg.name, 0) if p.seat in seen else 0)
        villages[reg.name], cities[reg.name] = v, c
    return others, res, villages, cities


def estimated_lairs(g, seat):
    """{other seat: Holdings} consistent with everything ``seat`` may know."""
    others, res, villages, cities = hidden_totals(g, seat)
    if not others:
        return {}
    book = book_for(g)
    est = {p.seat: _copy(book.lairs[p.seat]) for p in others}
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
