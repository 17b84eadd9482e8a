"""What one seat may see, defined once.

The state's fields declare who may not see them (``state.declared(hidden=...)``):
another player's hand, another lair (open to all in The Strategist, and to
everyone once the game is over: every lair screen is lifted), the Scheme
cards in someone else's hands, the order of the deck. ``sees`` reads those
declarations; ``view`` (the table's picture of the game) and the AI's
determinisation (``ai/determinize``, ``ai/lairs``) both ask it. Private log
events reach only their owner (``events.visible_to``).
"""
from __future__ import annotations

from dataclasses import fields

from .events import visible_to
from .log_text import log_texts
from .phases.scoring import regional_value
from .state import GameState, PlayerState, plain
from .variant_table import describe

HIDDEN = {f.name: f.metadata["hidden"] for cls in (PlayerState, GameState) for f in fields(cls)
          if f.metadata["hidden"]}


def sees(g, seat, name, owner=None):
    """May ``seat`` see the field ``name`` (of ``owner``'s player state, for a player's field)?"""
    rule = HIDDEN.get(name)
    if rule is None:
        return True
    if rule == "owner":
        return seat == owner
    if rule == "owner_unless_open_lairs":
        return seat == owner or g.strategist or g.state.over
    if rule == "open_lairs":
        return g.strategist or g.state.over
    if rule == "chooser":
        st = g.state.stack
        return bool(st) and st[-1].kind == "scheme_pick" and st[-1].seat == seat
    return False            # "nobody"


def unseen_cards(g, seat):
    """Cards whose place ``seat`` does not know, sorted (the order must not leak):
    the deck, the hands, the face-down discards and the Scheme draft it may not
    see. A Dragon Hex Card is known to be in its dragon's hand even when the
    hand is not shown."""
    s = g.state
    cards = g.cards
    pool = list(s.deck)
    for p in s.players:
        if not sees(g, seat, "hand", p.seat):
            pool += [c for c in p.hand if not cards[c].is_hex]
        if not sees(g, seat, "face_down", p.seat):
            pool += p.face_down
    if not sees(g, seat, "draft"):
        pool += s.draft
    return sorted(pool)

ATTACK_ROUND = ("attack",)
AFTER_LAIR = ("lair", "card_selection", "placement", "attack", "over")


def powers_used(g, p):
    """The abilities of ``p`` usable once a century that it has used in this one."""
    used = {"free_moves_per_century": p.wings_used == g.state.century,
            "free_hex_turns_per_century": p.intellect_used == g.state.century}
    return [a for a in p.abilities if any(used.get(k) for k in g.ability_effects[a])]


def turn_status(g, seat):
    """Whose numbers the per-turn fields of a dragon (feats, spent, played,
    Divination) hold: "now" during its attack turn, "done" after its turn in
    this century, "before" until then (left over from an earlier century)."""
    s = g.state
    if s.over:
        return "done"
    if s.phase not in ATTACK_ROUND or seat not in s.order[:s.cursor]:
        return "before"
    d = g.decision
    return "now" if d is not None and d.player == seat and s.order[s.cursor - 1] == seat else "done"


def lair_century(g):
    """The century of the Lair Actions taken so far (``lair_taken``): the
    current one from its Lair phase on, the previous one before that."""
    s = g.state
    return s.century if s.phase in AFTER_LAIR else s.century - 1


def view(g, seat):
    """The table's picture of the game for ``seat``: ``board`` and every log line it may read."""
    out = board(g, seat)
    out["log"] = [{"seat": e["seat"], "text": text, "event": e}
                  for e, text in zip(g.state.log, log_texts(g)) if visible_to(e, seat)]
    return out


def board(g, seat):
    """Everything ``seat`` may see but the log (None: what everyone may see). Besides the pieces,
    the cards and the players: "variant_table", what the table shows of the variant
    (``variant_table.describe``: its goal, what the markers are worth, the team's levels), and
    "team_result", the team's result now in a cooperative variant (None otherwise)."""
    return boards(g, [seat])[seat]


# The fields whose view depends on who looks (state.declared(hidden=...)).
PLAYER_HIDDEN = ("hand", "face_down", "lair")
BOARD_HIDDEN = ("draft", "scores_by_century")


def boards(g, seats, decisions=True):
    """{seat: ``board(g, seat)``} for several seats at once (an online game's every seat after
    each move): what they all may see is worked out once, and their boards share it (the same
    lists and dicts: read them, never change them). ``decisions`` False: without "decision"
    (a snapshot says it in full)."""
    s = g.state
    # A part equal to the last call's is its very object (the game remembers them: it changes in
    # place, so only a look tells): a server diffs each seat's board against the last one it sent,
    # and passes over the very same object at once (wire.protocol.diff).
    before = g.__dict__.setdefault("_boards", {})              # (a copy of the game starts without: Game.copy)
    public = before["public"] = _as_before(_public_board(g), before.get("public"))
    mine = {}                                       # (seat, player) -> its entry as that seat sees it
    out = {}
    for seat in seats:
        if seat in out:
            continue
        players = []
        for p, entry in zip(s.players, public["players"]):
            if any(sees(g, seat, f, p.seat) != sees(g, None, f, p.seat) for f in PLAYER_HIDDEN):
                key = (seat, p.seat)
                if key not in mine:                 # the public entry with what this seat may see of it
                    entry = dict(entry, **_player_hidden(g, seat, p))
                    was = before.get(key)
                    mine[key] = before[key] = was if entry == was else entry
                entry = mine[key]
            players.append(entry)
        if decisions:
            view = dict(public, seat=seat, players=players, decision=_decision(g, seat, public["decision"]))
        else:
            view = dict(public, seat=seat, players=players)
            del view["decision"]
        for name in BOARD_HIDDEN:
            if sees(g, seat, name) != sees(g, None, name):
                view[name] = _board_hidden(g, seat, name)
        out[seat] = view
    return out


def _as_before(board, was):
    """The public ``board`` with each of its parts (a player's entry, a region's) that is equal to
    the same part of ``was``, the last one, replaced by that very object. (Equal reads the same in
    JSON: no place of a board holds two of bool, int and float, tests/test_snapshot_remembered.py.)"""
    if was is None:
        return board
    for k, v in board.items():
        if type(v) is list and k in ("players", "regions"):
            old = was[k]
            board[k] = [o if i < len(old) and (o := old[i]) == x else x for i, x in enumerate(v)]
        elif type(v) in (dict, list) and v == was.get(k):
            board[k] = was[k]
    return board


def _decision(g, seat, public):
    d = g.decision
    if d is None or d.player != seat:
        return public
    return dict(public, options=[a.to_dict() for a in d.options])


def _board_hidden(g, seat, name):
    s = g.state
    if not sees(g, seat, name):
        return None
    if name == "draft":
        return list(s.draft)
    return [dict(x, vp=list(x["vp"])) for x in s.scores_by_century]


def _player(g, seat, p):
    s = g.state
    return {
        "seat": p.seat, "dragon": p.dragon, "name": p.name, "life": p.life, "max_life": g.max_life(p),
        "level": p.level, "abilities": list(p.abilities), "region": p.region,
        **_player_hidden(g, seat, p), "hand_count": len(p.hand), "face_down_count": len(p.face_down),
        "card": plain(p.card), "spent": dict(p.spent),
        "played": list(p.played), "hex_out": list(p.hex_out),
        "pool": p.pool, "reduction": p.reduction,
        "wings_used": p.wings_used == s.century, "intellect_used": p.intellect_used == s.century,
        "powers_used": powers_used(g, p),
        "divined": p.divined,
        "feats": {"villages": p.feat_villages, "cities": p.feat_cities, "resources": p.feat_resources},
        "turn": turn_status(g, p.seat),
    }


def _player_hidden(g, seat, p):
    """A player's fields whose view depends on who looks (``PLAYER_HIDDEN``), as ``seat`` sees them."""
    open_lair = sees(g, seat, "lair", p.seat)
    return {"hand": list(p.hand) if sees(g, seat, "hand", p.seat) else None,
            "face_down": list(p.face_down) if sees(g, seat, "face_down", p.seat) else None,
            "lair": plain(p.lair) if open_lair else None,
            "lair_rv": sum(regional_value(g, p.lair).values()) if open_lair else None}


def _public_board(g):
    """The board as everyone may see it."""
    s = g.state
    d = g.decision
    return {
        "seat": None, "variant": s.variant, "century": s.century, "phase": s.phase, "over": s.over,
        "decision": {"player": d.player, "kind": d.kind, "prompt": d.prompt} if d is not None else None,
        "hex_arrow": g.ring[s.hex_arrow],
        "hex_facing": {r: g.facing_icon(r) for r in g.ring},
        "regions": [{"name": r.name, "sites": list(r.sites), "res": dict(r.res),
                     "stock_villages": r.villages, "stock_cities": r.cities,
                     "dragons": g.occupants(r.name)} for r in s.regions],
        "stockpile": dict(s.stock), "century_fields": list(s.century_fields), "fields_out": s.fields_out,
        "deck": {"count": len(s.deck), "top_back": g.cards[s.deck[-1]].back if s.deck else None},
        "discard": list(s.discard), "track": list(s.track),
        "draft": _board_hidden(g, None, "draft"), "draft_count": len(s.draft),
        "players": [_player(g, None, p) for p in s.players], "markers": dict(s.markers),
        "lair_taken": dict(s.lair_taken), "lair_century": lair_century(g),
        "variant_table": describe(g.data, g.variant),
        "team_result": g.desolation() if g.cooperative else None,
        "rogues": [list(r) for r in s.rogues], "rogue_dragons": list(s.rogue_dragons),
        "scores_by_century": _board_hidden(g, None, "scores_by_century"),
    }
