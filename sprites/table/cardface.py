"""Card pictures for the table, drawn by sprites.art.cards from the game data.

Adapts the engine's Card (frozen dataclass) to the art module's card dict,
and looks up region and dragon colours and letters.
"""
from __future__ import annotations

import functools

from sprites import theme
from sprites.art import cards as art_cards, standins

_DATA = {}                     # id(data) -> data: GameData is not hashable


def _key(data):
    _DATA[id(data)] = data
    return id(data)


@functools.lru_cache(maxsize=256)
def _card_dict(data_id, cid):
    c = _DATA[data_id].cards[cid]
    cond = None
    if c.condition is not None:
        kind, value = c.condition
        cond = {kind: list(value) if isinstance(value, tuple) else value}
    return {"name": c.name, "region": c.region, "text": c.text, "condition": cond,
            "discard_other": c.discard_other,
            "alternatives": [[{"icon": e.icon, "from": e.source, "amount": e.amount} for e in alt]
                             for alt in c.alternatives]}


FULL_W = 240          # narrower, the printed layout's rules text gets too small to read: a compact face instead


def face(data, cid, w, h, text_size=theme.MIN_FONT, shown_w=None):
    """The card at w x h: the printed layout (the enlarged card), or below
    FULL_W pixels the compact one whose words stay readable (``text_size``;
    ``shown_w``: how much of its left edge an overlapping hand shows)."""
    w, h = int(w), int(h)
    if w >= FULL_W:
        return _full(_key(data), cid, w, h)
    return compact(data, cid, w, h, text_size, shown_w)


@functools.lru_cache(maxsize=256)
def _full(data_id, cid, w, h):
    return _face(_DATA[data_id], cid, (w, h))


def forget():
    """A new game: its hands overlap at other widths; the faces drawn for the last
    one go (the idle moments draw the usual sizes again, sprites.idle), with
    the art module's own pictures of them, which the caches here only share."""
    for cache in (_full, _compact):
        cache.cache_clear()
    art_cards.forget()


def compact(data, cid, w, h, text_size=theme.MIN_FONT, shown_w=None):
    """The compact face: name, region letter and icons (track, small hands)."""
    return _compact(_key(data), cid, int(w), int(h), text_size, None if shown_w is None else int(shown_w))


@standins.cached(maxsize=1024, sizes=("w", "h", "shown_w"))
def _compact(data_id, cid, w, h, text_size, shown_w):
    data = _DATA[data_id]
    card = data.cards[cid]
    if card.is_hex:
        d = next(x for x in data.dragons if x.name == card.hex_dragon)
        return art_cards.compact_hex_face(d.name, d.colour, d.letter, (w, h), text_size, shown_w)
    region = data.regions[data.region_index[card.region]] if card.region else None
    return art_cards.compact_face(_card_dict(data_id, cid), (w, h), text_size,
                                  region.colour if region else None, region.letter if region else None, shown_w)


def _face(data, cid, size):
    card = data.cards[cid]
    if card.is_hex:
        d = next(x for x in data.dragons if x.name == card.hex_dragon)
        return art_cards.hex_card_face(d.name, d.colour, d.letter, size)
    region = data.regions[data.region_index[card.region]] if card.region else None
    return art_cards.card_face(_card_dict(_key(data), cid), size, region.colour if region else None,
                               region.letter if region else None)


def back(data, region, w, h):
    """The back of a card of ``region`` (None: a card nobody can see)."""
    if region is None:
        return art_cards.card_back("?", (90, 70, 52), "?", (int(w), int(h)))
    reg = data.regions[data.region_index[region]]
    return art_cards.card_back(region, reg.colour, reg.letter, (int(w), int(h)))
