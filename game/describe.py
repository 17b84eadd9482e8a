"""Readable sentences for actions, with card and region names."""
from __future__ import annotations


def describe(g, a):
    card = g.cards[a.card].title if a.card in g.cards else a.card
    k = a.kind
    if k == "play_card":
        c = g.cards[a.card]
        if len(c.alternatives) > 1:
            icons = " + ".join(e.icon.replace("_", " ") for e in c.alternatives[a.alt])
            return f"Play {card}: {icons}"
        return f"Play {card}"
    if k == "attack":
        region = g.state.players[g.decision.player].region if g.decision else "?"
        size = ("empty", "village", "town", "city")[g.regions[region].sites[a.site]] if region in g.regions else "?"
        return f"Attack the {size} at site {a.site + 1} with {a.icons} icon{'s' if a.icons > 1 else ''}"
    text = {
        "discard": f"Discard {card}",
        "lair_action": f"Lair Action: {g.data.lair_action(a.choice).name}" if a.kind == "lair_action" else "",
        "scheme_pick": f"Keep {card}",
        "select_card": f"Take {card}",
        "first_strike": f"Take a village from the {a.region} stockpile",
        "place": f"Place your dragon in {a.region}",
        "use_hex": "Use the Action Hex",
        "stop_attack": "Stop attacking (unused Attack icons are lost)",
        "turn_hex": f"Spend a gold to turn the hex {a.choice}",
        "turn_hex_free": f"Cunning Intellect: turn the hex {a.choice} for free",
        "move": f"Eat a livestock to fly to {a.region}",
        "fly": f"Mighty Wings: fly to {a.region}",
        "divination": "Divination: burn a field, draw 2, discard 1",
        "consume_noble": "Consume a noble (+2 Life)",
        "lick_wounds": f"Lick wounds: discard {card} (+1 Life)",
        "end_turn": "End your turn",
        "choose_resource": f"Take a {a.choice}",
        "raze": f"Raze the settlement at site {(a.site or 0) + 1}",
        "level_up": f"Learn {g.data.ability(a.choice).name}" if k == "level_up" else "",
    }.get(k)
    return text or str(a)
