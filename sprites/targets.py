"""Which on-screen element offers which of the current options (no pygame).

The table never decides what is legal: it takes the options of its seat's
snapshot (``game.snapshot``) and groups them by the element a player would
click for each of them: the table's button for the option's kind, or what the
option touches (its cards, regions, sites, hex side or Lair Action). One
element may offer several options (a card with two lines; moving by livestock
or by Mighty Wings) - the table then asks which. Copies of a card are
interchangeable, so every copy in the hand offers the option the engine lists
for one of them, and an element never offers two options that mean the same
(``same``). A decision none of whose options lies on the table is answered in
a panel of its own.
"""
from __future__ import annotations

from collections import defaultdict


def targets(option, index, hand, track, draft, cards=None):
    """Element names that offer option number ``index``. ``cards``: the card data,
    to tell copies of a card apart from other cards (None: by id only)."""
    kind = option["action"]["kind"]
    if option["button"]:
        return [f"button:{kind}"]
    t = option["touch"]
    places = {"hand": hand, "track": track, "draft": draft}
    out = [f"{place}:{j}" for place, cid in t["cards"] for j in _same_card(cards, places[place], cid)]
    if t["hex"]:
        out.append("hex:use" if t["hex"] == "use" else f"hex:turn_{t['hex']}")
    if t["lair_action"]:
        out.append(f"lair_action:{t['lair_action']}")
    out += [f"region:{r}" for r in t["regions"]]
    out += [f"site:{r}:{site}" for r, site in t["sites"]]
    if not out:
        out.append(f"option:{index}")
    return out


def _same_card(cards, held, cid):
    def key(c):
        card = cards.get(c) if cards is not None else None
        return (card.type, card.region) if card is not None else c
    k = key(cid)
    return [j for j, c in enumerate(held) if key(c) == k]


def group_options(options, hand, track, draft, cards=None):
    """{element name: [option index, ...]} for the current decision."""
    groups = defaultdict(list)
    for i, a in enumerate(options):
        for name in targets(a, i, hand, track, draft, cards):
            groups[name].append(i)
    return {name: _distinct(name, idx, options, hand) for name, idx in groups.items()}


def in_a_panel(groups, options):
    """True if no option of the decision lies on the table (a resource, a new ability):
    the table asks in a panel of its own."""
    return bool(options) and all(name.startswith("option:") for name in groups)


def _distinct(name, idx, options, hand):
    """One option per distinct meaning: options on interchangeable copies of a
    card collapse into one (the clicked copy's own, if it is among them)."""
    kind, _, rest = name.partition(":")
    own = hand[int(rest)] if kind == "hand" and rest.isdigit() and int(rest) < len(hand) else None
    chosen = {}
    for i in idx:
        same = options[i]["same"]
        if same not in chosen or options[i]["action"].get("card") == own:
            chosen[same] = i
    return sorted(chosen.values())


def refusal_key(name, hand, track, draft):
    """The snapshot's key (``refused``) for what a click on ``name`` points at, or None
    for an element that never offers anything."""
    kind, _, rest = name.partition(":")
    cards = {"hand": hand, "track": track, "draft": draft}.get(kind)
    if cards is not None:
        return f"{kind}:{cards[int(rest)]}" if rest.isdigit() and int(rest) < len(cards) else None
    if kind in ("lair_action", "region", "site", "button"):
        return name
    if kind == "hex":
        return "hex:use" if rest == "use" else f"hex:{rest.replace('turn_', '')}"
    return None


def why_not(decision, name, hand, track, draft):
    """Why a click on ``name`` does nothing now, in the engine's words (the
    snapshot's ``refused``); None for an element that never offers anything."""
    key = refusal_key(name, hand, track, draft)
    return (decision.get("refused") or {}).get(key) if key is not None else None
