"""What one seat may see: other players' hands (and lairs, unless The
Strategist) are hidden; private log lines reach only their owner."""
from __future__ import annotations

from dataclasses import asdict

from .events import visible_to
from .log_text import log_texts


def sees_draft(g, seat):
    """The Scheme cards being passed are seen only by the seat choosing among them."""
    st = g.state.stack
    return bool(st) and st[-1].kind == "scheme_pick" and st[-1].seat == seat


def view(g, seat):
    s = g.state
    d = g.decision
    decision = None
    if d is not None:
        decision = {"player": d.player, "kind": d.kind, "prompt": d.prompt}
        if d.player == seat:
            decision["options"] = [a.to_dict() for a in d.options]
    players = []
    for p in s.players:
        own = p.seat == seat
        players.append({
            "seat": p.seat, "dragon": p.dragon, "name": p.name, "life": p.life, "max_life": g.max_life(p),
            "level": p.level, "abilities": list(p.abilities), "region": p.region,
            "hand": list(p.hand) if own else None, "hand_count": len(p.hand),
            "lair": asdict(p.lair) if own or g.strategist else None,
            "card": asdict(p.card), "spent": dict(p.spent),
            "played": list(p.played), "hex_out": list(p.hex_out),
            "pool": p.pool, "reduction": p.reduction,
            "wings_used": p.wings_used == s.century, "intellect_used": p.intellect_used == s.century,
            "divined": p.divined,
            "feats": {"villages": p.feat_villages, "cities": p.feat_cities, "resources": p.feat_resources},
        })
    drafting = sees_draft(g, seat)
    return {
        "seat": seat, "variant": s.variant, "century": s.century, "phase": s.phase, "over": s.over,
        "decision": decision,
        "hex_arrow": g.ring[s.hex_arrow],
        "hex_facing": {r: g.facing_icon(r) for r in g.ring},
        "regions": [{"name": r.name, "sites": list(r.sites), "res": dict(r.res),
                     "stock_villages": r.villages, "stock_cities": r.cities,
                     "dragons": g.occupants(r.name)} for r in s.regions],
        "stockpile": dict(s.stock), "century_fields": list(s.century_fields), "fields_out": s.fields_out,
        "deck": {"count": len(s.deck), "top_back": g.cards[s.deck[-1]].back if s.deck else None},
        "discard": list(s.discard), "track": list(s.track),
        "draft": list(s.draft) if drafting else None, "draft_count": len(s.draft),
        "players": players, "markers": dict(s.markers), "lair_taken": dict(s.lair_taken),
        "rogues": [list(r) for r in s.rogues], "rogue_dragons": list(s.rogue_dragons),
        "log": [{"seat": e["seat"], "text": text, "event": e}
                for e, text in zip(s.log, log_texts(g)) if visible_to(e, seat)],
    }
