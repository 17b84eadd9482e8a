"""The log's words: one sentence per event (see ``events``).

This is the only place that turns what happened into English; changing a
sentence here changes nothing else (the AI and the view read event fields).
"""
from __future__ import annotations

from .state import SITE_NAMES
from .words import plural, resources, settlements

MARKER_NAMES = {"first_lair": "First Lair Action marker", "first_attack": "First Attack Action marker",
                "dragon_ward": "Dragon Ward marker", "terrify": "+{terrify} VP counter"}


def ordinal(n):
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def titles(g, cards):
    return ", ".join(g.cards[c].title for c in cards)


def names(g, seats):
    return ", ".join(g.name(s) for s in seats)


def loot(e):
    parts = [resources(n, r) for r, n in e["res"].items() if n]
    parts += [f"{n} {plural(n, 'village')} of {r}" for r, n in e["villages"].items() if n]
    parts += [f"{n} {plural(n, 'city', 'cities')} of {r}" for r, n in e["cities"].items() if n]
    return ", ".join(parts)


def growth(grew):
    return ", ".join(f"a new {SITE_NAMES[a]}" if b == 0 else f"a {SITE_NAMES[b]} grows into a {SITE_NAMES[a]}"
                     for b, a in grew) or "nothing can grow"


def rogue(e):
    dragon, region, target = e["dragon"], e["region"], e["target"]
    if target == "village":
        act = f"destroys a village in {region}" if e["took"] else f"finds nothing to attack in {region}"
    else:
        act = f"takes a {target} in {region}" if e["took"] else f"finds no {target} in {region}"
    return f"The Rogue {dragon} Dragon {act}."


def destroyed(e):
    if e["size"] == "city":
        return "a city"
    if e["icons"] == 2:
        return "a whole town"
    return "half a town" if e["size"] == "town" else "a village"


# kind -> (game, event, name of the event's seat) -> sentence
SENTENCES = {
    "reshuffle": lambda g, e, who: "The discard pile is shuffled into a new Action Deck.",
    "draws": lambda g, e, who: f"{who} {'is dealt' if e['dealt'] else 'draws'} {e['n']} {plural(e['n'], 'card')}.",
    "drew": lambda g, e, who: f"{who} drew: {titles(g, e['cards'])}.",
    "cannot_draw": lambda g, e, who: f"{who} cannot draw: no cards are left.",
    "discards": lambda g, e, who: f"{who} discards {g.cards[e['card']].title}.",
    "sets_aside": lambda g, e, who: f"{who} lays {g.cards[e['card']].title} face down to discard.",
    "reveals_discard": lambda g, e, who: f"{who} discards {g.cards[e['card']].title}.",
    "new_game": lambda g, e, who: f"A new game for {e['players']} players ({e['variant']}).",
    "first_markers": lambda g, e, who: (f"{g.name(e['first_lair'])} draws the First Lair Action marker; "
                                        f"{g.name(e['first_attack'])} draws the First Attack Action marker."),
    "rogue_dragons": lambda g, e, who: f"Rogue Dragons this game: {', '.join(e['dragons'])}.",
    "hex_points": lambda g, e, who: f"The Action Hex arrow points at {e['region']}.",
    "hex_adds": lambda g, e, who: "The hex adds " + ", ".join(f"a {res} to {region}"
                                                              for res, region in e["placed"]) + ".",
    "century_begins": lambda g, e, who: f"--- The {ordinal(e['century'])} Century begins. ---",
    "growth": lambda g, e, who: f"Growth in {e['region']}: {growth(e['grew'])}.",
    "rogue_card_discarded": lambda g, e, who: f"{e['region']} already has a Rogue Dragon; the card is discarded.",
    "rogue_lands": lambda g, e, who: f"The Rogue {e['dragon']} Dragon lands in {e['region']}.",
    "awakens": lambda g, e, who: f"{who} awakens: Life {e['before']} -> {e['life']}.",
    "lair_action": lambda g, e, who: f"{who} takes the Lair Action {g.data.lair_action(e['action']).name}.",
    "takes_marker": lambda g, e, who: (f"{who} holds the "
                                       f"{MARKER_NAMES[e['marker']].format(**g.data.scoring['independent'])}."),
    "hoards": lambda g, e, who: f"{who} hoards {e['n']} {e['res']} from the stockpile.",
    "schemes": lambda g, e, who: f"{who} schemes: {e['n']} cards are drafted to the left.",
    "keeps_scheme_card": lambda g, e, who: f"{who} keeps a Scheme card.",
    "kept": lambda g, e, who: f"{who} keeps {g.cards[e['card']].title}.",
    "last_scheme_cards": lambda g, e, who: f"{who} receives the last Scheme card.",
    "received": lambda g, e, who: f"{who} receives {titles(g, e['cards'])}.",
    "first_strike": lambda g, e, who: f"{who} takes a village from the {e['region']} stockpile.",
    "track_discarded": lambda g, e, who: (f"The last card on the Card Selection Track ({titles(g, e['cards'])}) "
                                          "is discarded."),
    "takes_from_track": lambda g, e, who: f"{who} takes {g.cards[e['card']].title} from the track.",
    "lands": lambda g, e, who: f"{who} lands in {e['region']}.",
    "rogue_acts": lambda g, e, who: rogue(e),
    "rogues_leave": lambda g, e, who: "The Rogue Dragons fly away.",
    "begins_attack": lambda g, e, who: f"{who} begins its attack in {e['region']}.",
    "takes": lambda g, e, who: f"{who} takes a {e['res']} from {e['region'] or 'the stockpile'}.",
    "gains_village": lambda g, e, who: f"{who} gains a village from the {e['region']} stockpile.",
    "razes": lambda g, e, who: f"{who} razes a village in {e['region']} (no Life lost).",
    "plays": lambda g, e, who: f"{who} plays {g.cards[e['card']].title}.",
    "uses_hex": lambda g, e, who: (f"{who} plays a Dragon Hex Card in {e['region']} "
                                   f"({e['icon'].replace('_', ' ')})."),
    "destroys": lambda g, e, who: (f"{who} destroys {destroyed(e)} in {e['region']}: "
                                   + (f"Life -{e['lost']}" if e["lost"] else "no Life lost")
                                   + (f" ({e['saved']} saved)" if e["saved"] else "") + f", now {e['life']}."),
    "stops_attack": lambda g, e, who: (f"{who} stops attacking; {e['lost']} Attack "
                                       f"{plural(e['lost'], 'icon is', 'icons are')} lost."),
    "turns_hex": lambda g, e, who: (f"{who} {'spends a gold' if e['spent'] else 'uses Cunning Intellect'} to turn "
                                    f"the Action Hex {e['direction']}: the arrow points at {e['region']}."),
    "moves": lambda g, e, who: f"{who} eats a livestock and flies to {e['region']}.",
    "flies": lambda g, e, who: f"{who} uses Mighty Wings to fly to {e['region']}.",
    "divination": lambda g, e, who: f"{who} burns a field for Divination.",
    "consumes_noble": lambda g, e, who: f"{who} consumes a noble: Life {e['before']} -> {e['life']}.",
    "licks_wounds": lambda g, e, who: (f"{who} licks its wounds, discarding {g.cards[e['card']].title}: "
                                       f"Life {e['life']}."),
    "heals": lambda g, e, who: f"{who} heals: Life {e['before']} -> {e['life']}.",
    "loses_life": lambda g, e, who: f"{who} loses {e['n']} Life to {g.cards[e['card']].name}: now {e['life']}.",
    "levels_up": lambda g, e, who: f"{who} reaches level {e['level']}: {g.data.ability(e['ability']).name}.",
    "returns": lambda g, e, who: f"{who} returns to its lair" + (f" with {loot(e)}." if loot(e) else "."),
    "game_ends": lambda g, e, who: f"--- The {ordinal(e['century'])} Century ends. Final scoring. ---",
    "survival": lambda g, e, who: f"Survival Points left: {e['points']} - {e['level']}.",
    "final_score": lambda g, e, who: (f"{g.name(e['of'])}: {e['total']} VP (level {e['level']}, "
                                      f"Life {e['life']})."),
    "winners": lambda g, e, who: (("Winner: " if len(e["seats"]) == 1 else "Shared victory: ")
                                  + names(g, e["seats"]) + "."),
}


def sentence(g, event):
    """The log line for one event."""
    seat = event["seat"]
    return SENTENCES[event["kind"]](g, event, g.name(seat) if seat is not None else None)


def log_texts(g):
    """The sentence of every event in the game's log, made once per event."""
    log = g.state.log
    cache = g.__dict__.get("_log_texts")
    if cache is None or cache[0] is not log or len(cache[1]) > len(log):
        cache = g._log_texts = (log, [])
    texts = cache[1]
    for e in log[len(texts):]:
        texts.append(sentence(g, e))
    return texts


# ----- "since your last turn" (game/summary.py tallies; the words are here) -----
def _and(parts):
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _seat_line(g, seat, t):
    parts = []
    if t["lair"]:
        parts.append(f"Lair Action {_and(t['lair'])}")
    if t["track"]:
        parts.append(f"took {t['track']} {plural(t['track'], 'card')} from the track")
    if t["divined"]:
        parts.append("burned a field for Divination" + (f" {t['divined']} times" if t["divined"] > 1 else ""))
    if t["drew"] or t["discarded"]:
        cards = [f"drew {t['drew']} {plural(t['drew'], 'card')}"] if t["drew"] else []
        cards += [f"discarded {t['discarded']}" + ("" if t["drew"] else f" {plural(t['discarded'], 'card')}")] \
            if t["discarded"] else []
        parts.append(_and(cards))
    if t["landed"]:
        parts.append(f"landed in {_and(t['landed'])}")
    if t["flew"]:
        parts.append(f"flew to {_and(t['flew'])}")
    for region, n in t["destroyed"].items():
        what = [settlements(n[k], k) for k in ("village", "city") if n[k]]
        parts.append(f"destroyed {_and(what)} in {region}")
    if t["life_lost"]:
        parts.append(f"lost {t['life_lost']} Life")
    if t["healed"]:
        parts.append("healed")
    took = [resources(n, res) for res, n in t["took"].items() if n]
    if t["pieces"]:
        took.append(f"{t['pieces']} {plural(t['pieces'], 'village')} without a fight")
    if took:
        parts.append(f"took {_and(took)}")
    if t["cards"] or t["hex"]:
        played = [f"{t['cards']} {plural(t['cards'], 'card')}"] if t["cards"] else []
        played += ["the Action Hex"] if t["hex"] else []
        parts.append(f"played {_and(played)}")
    if t["turned"]:
        parts.append("turned the hex" + (f" {t['turned']} times" if t["turned"] > 1 else ""))
    for level, name in t["levels"]:
        parts.append(f"reached level {level} ({name})")
    if not parts:
        return None
    life = f" Life {t['life']}." if t["life"] is not None and (t["life_lost"] or t["healed"]) else ""
    return f"{g.name(seat)}: " + "; ".join(parts) + "." + life


def _rogues_line(g, events):
    """Each Rogue Dragon: where it landed, and what it took there (or that it took nothing)."""
    said = {}
    for e in events:
        words = said.setdefault(e["dragon"], [])
        if e["kind"] == "rogue_lands":
            words.append(f"landed in {e['region']}")
        elif not e["took"]:
            words.append("took nothing")
        elif e["target"] == "village":
            words.append(f"destroyed a village in {e['region']}")
        else:
            words.append(f"took a {e['target']} in {e['region']}")
    return "Rogue Dragons: " + "; ".join(f"the {dragon} Dragon {_and(w)}" for dragon, w in said.items()) + "."


def since_line(g, what, data):
    """One line of the summary: "century" (the centuries begun), "seat" ((seat, tally)), "rogues" (their events)."""
    if what == "century":
        if len(data) == 1:
            return f"The {ordinal(data[0])} Century began."
        return f"The {_and([ordinal(c) for c in data])} Centuries began."
    if what == "seat":
        return _seat_line(g, *data)
    return _rogues_line(g, data)
