"""Where the game stands now: what each dragon would score if the game ended
at this moment, as one seat may know it (the table's standings panel).

It is the final scoring itself (``phases.scoring.scored``) applied to the
lairs that seat knows: its own exactly, every lair in The Strategist and
once the game is over, and each other lair as the public events tell it
(``public_lairs``: exact by counting when only one lair is hidden, an
estimate when several are). The loot on a Dragon Card (in the open) counts
as in its lair: if the game ended now, the turn would end and put it there
("Stashes all his collected resources and settlements behind his Lair
Screen"). In Desolation of the Old World: the Survival
Points on the board now, the Level of Destruction they give, and how many
fewer the team needs for the next level.
"""
from __future__ import annotations

from .data import RESOURCES
from .phases.scoring import desolation, majorities, placings, scored
from .public_lairs import book_for, estimated_lairs
from .state import Holdings
from .view import sees

REMEMBERED = 16              # standings a game keeps by what they are worked out from (see ``standings``)


def stashed(lair, card):
    """A lair with a Dragon Card's loot put in (new Holdings: neither is changed)."""
    out = Holdings(res=dict(lair.res), villages=dict(lair.villages), cities=dict(lair.cities))
    Holdings(res=dict(card.res), villages=dict(card.villages), cities=dict(card.cities)).pour_into(out)
    return out


def standings(g, seat):
    """Where the game stands as ``seat`` may know it (``worked_out``), remembered by
    everything it is worked out from: most moves change none of it (a card taken, the
    hex turned), and the online server asks it of every seat after every move. The
    result is shared: read it, never change it."""
    return for_seats(g, [seat])[seat]


def for_seats(g, seats):
    """{seat: ``standings(g, seat)``}, the board's part of what they are remembered by read once."""
    return _remembered(g, seats, scores_only=False)


def scores_for_seats(g, seats):
    """{seat: the "scores" of ``standings(g, seat)``} in a competitive game: the goals need nothing
    else of them, and nobody asks the rest while the standings panel is closed (``still_open``
    and the majorities are a third of the work). The standings' very list where they were worked
    out already; else the scores alone, remembered by the same inputs."""
    return _remembered(g, seats, scores_only=True)


def _remembered(g, seats, scores_only):
    board = _board_inputs(g)
    remembered = g.__dict__.setdefault("_standings", {})      # (a copy of the game starts without: Game.copy)
    book = None
    out = {}
    for seat in seats:
        seen = tuple(sees(g, seat, "lair", p.seat) for p in g.state.players)
        if book is None and not all(seen) and not g.cooperative:
            book = tuple(_holdings(h) for h in book_for(g).lairs)
        key = (board, seat, seen, None if all(seen) or g.cooperative else book)
        found = remembered.get(key)
        if found is not None:
            out[seat] = found["scores"] if scores_only else found
            continue
        if scores_only:
            key = ("scores", key)
            found = remembered.get(key)
        if found is None:
            found = remembered[key] = _scored(g, seat)[1] if scores_only else worked_out(g, seat)
            if len(remembered) > REMEMBERED:
                del remembered[next(iter(remembered))]
        out[seat] = found
    return out


def _holdings(h):
    return tuple(h.res.items()), tuple(h.villages.items()), tuple(h.cities.items())


def _board_inputs(g):
    """What ``worked_out`` reads of the game but the lairs the public events tell, as a key
    (the rules data is the game's own, for good): the board's pieces, every dragon's lair, Dragon Card, spending and score
    ties, the supply and the Terrify counter."""
    s = g.state
    return (s.variant, s.over,
            tuple((tuple(r.res.items()), r.villages, r.cities, tuple(r.sites)) for r in s.regions),
            tuple((_holdings(p.lair), _holdings(p.card), tuple(p.spent.items()), p.dragon, p.name, p.level, p.life)
                  for p in s.players),
            tuple(s.stock.items()), s.fields_out, tuple(s.century_fields), s.markers.get("terrify"))


def worked_out(g, seat):
    """Competitive games: {"cooperative": False, "scores": as ``final_scores``
    gives them (best first), "majorities": {category: (seats first, seats
    second)}, "hidden": the seats whose lairs were worked out from public
    information, "estimated": True if those figures are estimates, "uncertain"
    and "range": ``still_open``'s (``seat`` None: what everyone may know once
    the game is over; {} and None)}.

    Desolation: {"cooperative": True, and ``desolation``'s fields, its
    "next_level" with "needed": the Survival Points to remove to reach it}.
    """
    if g.cooperative:
        d = desolation(g)
        nxt = d["next_level"]
        if nxt is not None:
            d["next_level"] = dict(nxt, needed=d["survival_points"] - nxt["max"])
        return {"cooperative": True, **d}
    worked_out, scores = _scored(g, seat)
    estimated = len(worked_out) > 1
    if seat is None:               # a spectator's, at the end: nothing estimated, no column of its own
        open_, mine = {}, None
    else:
        open_, mine = still_open(g, scores, seat, sorted(worked_out) if estimated else ())
    return {"cooperative": False, "scores": scores, "majorities": majorities(g, scores),
            "hidden": sorted(worked_out), "estimated": estimated, "uncertain": open_, "range": mine}


def _scored(g, seat):
    """({seat: its lair worked out from public information}, the scores as ``seat`` may know them)."""
    worked_out = estimated_lairs(g, seat)
    lairs = [stashed(worked_out[p.seat] if p.seat in worked_out else p.lair, p.card) for p in g.state.players]
    return worked_out, scored(g, lairs)


def still_open(g, scores, seat, estimated=()):
    """What the standings cannot say for sure to ``seat`` while several lairs are
    estimated (their total is exact by conservation; how it splits between them is
    not): the majorities ``seat`` shares with those lairs whose VP for it a piece
    moved between two of them would change ({category: True}, a resource or
    "region:<name>"), and its total if each went the worst and the best way for it
    ([least, most], a piece at a time)."""
    sc = g.data.scoring
    rv = sc["region_value"]
    by_seat = sorted(scores, key=lambda e: e["seat"])
    total = next(e["total"] for e in by_seat if e["seat"] == seat)
    out, low, high = {}, 0, 0
    keys = [(r, [1], sc["resources"]) for r in RESOURCES]
    keys += [("region:" + r, sorted({rv["village"], rv["city"]}), sc["regions"]) for r in g.ring]
    for key, steps, vp in keys:
        values = [e["counts"][key] for e in by_seat]
        now = placings(values, vp["first"], vp["second"])[seat]
        ways = [placings(v, vp["first"], vp["second"])[seat] for a in estimated for b in estimated if a != b
                for v in _moved(values, steps, a, b)]
        if any(w != now for w in ways):
            out[key] = True
            low += min(ways + [now]) - now
            high += max(ways + [now]) - now
    return out, [total + low, total + high]


def _moved(values, steps, to, frm):
    """The values with one piece (worth each of ``steps``) taken from seat ``frm`` (if it
    has it) and given to seat ``to``."""
    out = []
    for step in steps:
        if values[frm] >= step:
            v = list(values)
            v[to] += step
            v[frm] -= step
            out.append(v)
    return out
