"""The table's picture in parts (map, left column, dragon rows, Dragon Card,
log, strip, hand, prompt bar): what each part shows and repainting only the
parts whose content changed. Each part is given the frame (``f``, what the
table shows: sprites.table.frame) and draws with its panel (``panels``)."""
from __future__ import annotations

from sprites.table import leftpanel, promptbar, tips as tiptext


def header(f):
    """(header line, prompt, colour and letter of the dragon to decide) for the prompt bar."""
    v = f.view
    d = f.decision
    phase = tiptext.PHASES.get(v["phase"], v["phase"])
    head = f"Century {v['century']} of {f.data.setup['centuries']}  -  {phase}"
    if v["variant_table"]["header"]:            # the variant's words (game.variant_table)
        head += f"  -  {v['variant_table']['header']}"
    if d is None:
        return head, "The game is over.", None, ""
    player = d["player"]
    p = v["players"][player]
    dragon = next(x for x in f.data.dragons if x.name == p["dragon"])
    if not f.seats.is_ai(player):
        if player == f.seats.viewer and f.seats.is_human(player):
            prompt = d["prompt"]
        else:
            prompt = f"Waiting for {p['name']}."
    else:
        task = d["prompt"]
        if task.startswith(p["name"]):          # the engine's prompts start with the name ("Bryn: ...", "Bryn in X: ...")
            task = task[len(p["name"]):].lstrip(" :")
        prompt = f"{p['name']} (AI) is thinking: {task}"
        if f.paused:
            prompt = f"Paused before {p['name']}'s next move (AI): Step (S) plays one move, Resume (P) goes on."
    return head, prompt, dragon.colour, dragon.letter


def paint_changed(f, panels, scene, surf, painted):
    """Repaint the parts of the table whose content changed since they were
    painted (``painted``: part -> what it showed). Each part paints only
    inside its own rect, so the others stay as they are. ``scene``: the
    elements registered (the bar's buttons shown) and its map painter."""
    v = f.view
    hot = set(f.groups)
    decider = f.decider
    names = [p["name"] for p in v["players"]]
    kinds = list(f.kinds)
    head, prompt, colour, letter = panels.part.header(header(f))
    buttons = {n: r for n, r in bar_rects(f, panels.part).items() if scene.element(n) is not None}
    disabled = set() if f.can_undo else {"button:undo"}
    enabled = {n for n in panels.handview.button_rects() if n in hot}
    lair_hot = sorted(n for n in hot if n.startswith("lair_action:"))
    layout = panels.right.layout(v, v["seat"])
    shows = {
        "map": (repr(v["regions"]), repr([p["region"] for p in v["players"]]), repr(v["rogues"]),
                round(f.hex_angle, 2), repr(sorted(hot))),
        "left": (v["century"], repr(v["century_fields"]), repr(v["stockpile"]), v["fields_out"],
                 repr([(r["stock_villages"], r["stock_cities"]) for r in v["regions"]]), repr(v["markers"]),
                 repr(v["lair_taken"]), v["lair_century"], repr(lair_hot), repr(v["team_result"]), v["variant"],
                 getattr(f.lay, "left_scroll", 0)),
        "rows": (repr([(p["name"], p["level"], p["life"], p["max_life"], p["hand_count"], p["lair"])
                       for p in v["players"]]), decider, v["seat"], repr(layout), repr(f.snap["turn_order"]), repr(kinds)),
        "card": (repr(v["players"][v["seat"]]), v["variant"], repr(layout), repr(v.get("goals"))),
        "log": (v["seat"], len(v["log"]), panels.log.sig(), repr(layout)),
        "strip": (repr(v["track"]), repr(v["deck"]), len(v["discard"]),
                  v["discard"][-1] if v["discard"] else None, repr(sorted(hot))),
        "hand": (repr(f.slots), repr(f.gaps), repr(sorted(hot)), repr(f.labels)),
        "prompt": (head, prompt, colour, repr(sorted(buttons)), repr(sorted(hot)), repr(f.labels), repr(disabled)),
    }
    paint = {
        "map": lambda: scene.paint_map(surf),
        "left": lambda: leftpanel.draw(surf, f.lay, f.data, v, hot, names),
        "rows": lambda: panels.right.draw_rows(surf, v, decider, v["seat"], kinds, f.snap["turn_order"]),
        "card": lambda: panels.right.draw_card(surf, v, v["seat"]),
        "log": lambda: panels.right.draw_log(surf, v, [panels.map.dragons[p["dragon"]] for p in v["players"]]),
        "strip": lambda: panels.handview.draw_strip(surf, v, hot),
        "hand": lambda: panels.handview.draw_hand(surf, f.slots, hot, f.labels, enabled, f.gaps),
        "prompt": lambda: promptbar.draw(surf, f.lay, head, prompt, colour, letter, buttons,
                                         hot | set(buttons), None, f.labels, disabled, panels.part.bar_extra()),
    }
    covered = panels.standings.covered()
    for part, sig in shows.items():
        if painted.get(part) != sig and part not in covered:
            paint[part]()
            painted[part] = sig


def bar_rects(f, part):
    """The prompt bar's buttons and where they lie (Undo where the table offers it,
    Pause and Step where AI dragons play)."""
    return promptbar.button_rects(f.lay, part.has_undo, f.has_ai)
