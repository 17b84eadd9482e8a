"""'Since your last turn': a few lines on what the other dragons did.

Built from the log's public events only (``events.is_public``): the hot-seat
hand-off screen shows it while the last player may still be looking, so not
even the next player's own private lines belong in it; and it never names a
card (a played card was once in a hidden hand; counts say enough). The words
come from ``log_text``.
"""
from __future__ import annotations

from .events import is_public
from .log_text import since_line

# Events that name a seat without that seat having chosen anything now (a draw may
# follow a choice, but then an event of that choice comes first).
AUTOMATIC = ("awakens", "begins_attack", "received", "last_scheme_cards", "cannot_draw", "draws", "drew",
             "reveals_discard")
MOST_LINES = 8
REMEMBERED = 64              # dragons' lines a game keeps (``_seat_line``): a few new ones after each move


def own_choice(event, seat):
    """Did ``seat`` make this happen by one of its own decisions?"""
    return event["seat"] == seat and event["kind"] not in AUTOMATIC


def last_turn_end(g, seat):
    """Where the seat's last turn ended in the log: just after its last own choice (0: it has not chosen yet)."""
    log = g.state.log
    for i in range(len(log) - 1, -1, -1):
        if own_choice(log[i], seat):
            return i + 1
    return 0


def tally(g, events):
    """seat -> what that dragon did in ``events`` (plain counts, regions, names of public things)."""
    out = {}
    for e in events:
        seat = e["seat"]
        if seat is None:
            continue
        t = out.setdefault(seat, {"lair": [], "landed": [], "flew": [], "destroyed": {}, "life_lost": 0,
                                  "took": {}, "pieces": 0, "cards": 0, "hex": 0, "turned": 0, "levels": [],
                                  "healed": 0, "track": 0, "life": None, "drew": 0, "discarded": 0,
                                  "divined": 0})
        k = e["kind"]
        if "life" in e:
            t["life"] = e["life"]
        if k == "lair_action":
            t["lair"].append(g.data.lair_action(e["action"]).name)
        elif k == "lands":
            t["landed"].append(e["region"])
        elif k in ("moves", "flies"):
            t["flew"].append(e["region"])
        elif k == "destroys":
            places = t["destroyed"].setdefault(e["region"], {"village": 0, "city": 0})
            places["city" if e["size"] == "city" else "village"] += 1 if e["size"] == "city" else e["icons"]
            t["life_lost"] += e["lost"]
        elif k == "loses_life":
            t["life_lost"] += e["n"]
        elif k == "takes":
            t["took"][e["res"]] = t["took"].get(e["res"], 0) + 1
        elif k == "hoards":
            t["took"][e["res"]] = t["took"].get(e["res"], 0) + e["n"]
        elif k in ("razes", "gains_village", "first_strike"):
            t["pieces"] += 1
        elif k == "plays":
            t["cards"] += 1
        elif k == "uses_hex":
            t["hex"] += 1
        elif k == "turns_hex":
            t["turned"] += 1
        elif k in ("heals", "consumes_noble", "licks_wounds"):
            t["healed"] += 1
        elif k == "levels_up":
            t["levels"].append((e["level"], g.data.ability(e["ability"]).name))
        elif k == "takes_from_track":
            t["track"] += 1
        elif k == "draws" and not e.get("dealt"):
            t["drew"] += e["n"]
        elif k in ("discards", "reveals_discard"):      # (a face-down discard counts once it is shown)
            t["discarded"] += 1
        elif k == "divination":
            t["divined"] += 1
    return out


def since_last_turn(g, seat, start=None):
    """The lines for ``seat``, [(whose line: a seat or None, words)]: what happened at the
    table since ``start`` (an index in the log; by default the end of its last turn), in
    the order it happened: the other dragons (in turn order after the reader) before a
    new century began, the centuries begun, the other dragons since, then the Rogue Dragons
    (where they landed, what they took)."""
    start = last_turn_end(g, seat) if start is None else start
    events = [e for e in g.state.log[start:] if is_public(e)]
    begun = [i for i, e in enumerate(events) if e["kind"] == "century_begins"]
    cut = begun[-1] if begun else 0
    lines = _dragon_lines(g, seat, events[:cut])
    if begun:
        lines.append((None, since_line(g, "century", [events[i]["century"] for i in begun])))
    lines += _dragon_lines(g, seat, [e for e in events[cut:] if e["kind"] != "century_begins"])
    rogues = [e for e in events if e["kind"] in ("rogue_lands", "rogue_acts")]
    if rogues:
        lines.append((None, since_line(g, "rogues", rogues)))
    return lines[:MOST_LINES]


def _dragon_lines(g, seat, events):
    """A line for each other dragon that did something in ``events``, in turn order after ``seat``."""
    by_seat = {}
    for e in events:
        if e["seat"] is not None:
            by_seat.setdefault(e["seat"], []).append(e)
    lines = []
    for other in g.seats_from(seat)[1:]:
        line = _seat_line(g, other, by_seat[other]) if other in by_seat else None
        if line:
            lines.append((other, line))
    return lines


def _seat_line(g, seat, events):
    """The line of what ``seat`` did in ``events`` (its own), remembered by those very events and
    its name: a dragon's line says only what its own events tell (``tally``), every seat reads
    the others' lines after every move, and most moves add to one dragon's events only."""
    remembered = g.__dict__.setdefault("_since_lines", {})    # (a copy of the game starts without: Game.copy)
    key = (seat, g.name(seat), tuple(map(id, events)))          # (events are never changed once logged)
    known = remembered.get(key)
    if known is not None:
        return known[1]
    line = since_line(g, "seat", (seat, tally(g, events)[seat]))
    remembered[key] = (events, line)            # (the events kept with it: no other event gets their ids)
    if len(remembered) > REMEMBERED:
        del remembered[next(iter(remembered))]
    return line


def turn_starts(g, seat):
    """Is the waiting decision, ``seat``'s, the start of one of its turns: its attack
    turn has just begun, or a century began since it last chose?"""
    log = g.state.log
    d = g.decision
    if d is None or d.player != seat or not log:
        return False
    if d.kind == "attack_turn" and log[-1]["kind"] == "begins_attack" and log[-1]["seat"] == seat:
        return True
    return any(e["kind"] == "century_begins" for e in log[last_turn_end(g, seat):])
