"""Events: what happened, as data, in the game's log.

The engine records each happening as one event, a plain mapping (so that
saves hold it as it is)::

    {"kind": "moves", "seat": 2, "region": "Gallia", "spent": "livestock"}

``kind`` names the happening, ``seat`` is whose line it is (None for the
table's own events), an optional ``private`` is the only seat allowed to read
it, and the other keys are the event's fields, declared below with their
types. Words are made from events in one place (``log_text``); whatever reads
the log for meaning (the AI's lair tracking, the view) reads these fields,
never the words.
"""
from __future__ import annotations

RESERVED = ("kind", "seat", "private")

# Field types (checked when a save is loaded): seat, seats, count, region,
# card, cards, resource, res (resource -> count), pieces (region -> count),
# dragon, dragons, text, flag, sizes ([before, after] site sizes), placed
# ([resource, region] pairs).
EVENTS = {
    # the deck
    "reshuffle": {},
    "draws": {"n": "count", "dealt": "flag"},
    "drew": {"cards": "cards"},                      # private to the drawer
    "cannot_draw": {},
    "discards": {"card": "card"},
    "sets_aside": {"card": "card"},                  # private: a discard chosen face down (Setup, Awakening)
    "reveals_discard": {"card": "card"},             # ... shown once every dragon has chosen
    # setup and the century
    "new_game": {"players": "count", "variant": "text"},
    "first_markers": {"first_lair": "seat", "first_attack": "seat"},
    "rogue_dragons": {"dragons": "dragons"},
    "hex_points": {"region": "region"},
    "hex_adds": {"placed": "placed"},
    "century_begins": {"century": "count"},
    "growth": {"region": "region", "grew": "sizes"},
    "rogue_card_discarded": {"region": "region"},
    "rogue_lands": {"dragon": "dragon", "region": "region"},
    "awakens": {"before": "count", "life": "count"},
    # the Lair Phase
    "lair_action": {"action": "lair_action"},
    "takes_marker": {"marker": "marker"},
    "hoards": {"n": "count", "res": "resource"},
    "schemes": {"n": "count"},
    "keeps_scheme_card": {},
    "kept": {"card": "card"},                        # private
    "last_scheme_cards": {},
    "received": {"cards": "cards"},                  # private
    "first_strike": {"region": "region"},
    "track_discarded": {"cards": "cards"},
    "takes_from_track": {"card": "card"},
    # the Attack Phase
    "lands": {"region": "region"},
    "rogue_acts": {"dragon": "dragon", "region": "region", "target": "text", "took": "flag"},
    "rogues_leave": {},
    "begins_attack": {"region": "region"},
    "takes": {"res": "resource", "region": "region?"},      # region None: from the general stockpile
    "gains_village": {"region": "region"},
    "razes": {"region": "region"},
    "plays": {"card": "card"},
    "uses_hex": {"region": "region", "icon": "text"},
    "destroys": {"region": "region", "size": "text", "icons": "count", "lost": "count", "saved": "count",
                 "life": "count"},
    "stops_attack": {"lost": "count"},
    "turns_hex": {"direction": "text", "region": "region", "spent": "resource?"},   # spent None: Cunning Intellect
    "moves": {"region": "region", "spent": "resource"},
    "flies": {"region": "region"},
    "divination": {"spent": "resource"},
    "consumes_noble": {"before": "count", "life": "count", "spent": "resource"},
    "licks_wounds": {"card": "card", "life": "count"},
    "heals": {"before": "count", "life": "count"},
    "loses_life": {"card": "card", "n": "count", "life": "count"},
    "levels_up": {"level": "count", "ability": "ability"},
    "returns": {"res": "res", "villages": "pieces", "cities": "pieces"},
    # the end
    "game_ends": {"century": "count"},
    "survival": {"points": "count", "level": "text"},
    "final_score": {"of": "seat", "total": "count", "level": "count", "life": "count"},
    "winners": {"seats": "seats"},
}


def visible_to(event, seat):
    """May ``seat`` read this event? (Private events reach only their owner.)"""
    private = event.get("private")
    return private is None or private == seat


def is_public(event):
    return "private" not in event
