"""Record a fixed set of seeded games, to check that a refactor keeps behaviour.

    python tests/bench/record_games.py [OUT.json]      # default: tests/golden/games.json

Each game is played by AI seats (random, easy, normal, hard; normal and hard
without their time budget, so that their choices are the same on any machine:
``unhurried``); a few also undo
now and then and go through a save document (YAML text, validated, replayed)
every few dozen actions. Per game the file holds the applied actions
(``to_dict()``), the final scores or the Desolation result, and the log as
seat 0 sees it (``view(0)["log"]``), plus a digest of every other seat's log.
``tests/test_same_games.py`` plays the same games and compares them with the
committed file; re-record only when a rule or AI change is meant to change
games (and say so in the commit).
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

GOLDEN = os.path.join(ROOT, "tests", "golden", "games.json")

# players, seed, variant, AI level per seat, undo now and then, save/load every n actions
GAMES = [
    (2, 101, "standard", ("random", "easy"), False, 0),
    (3, 102, "strategist", ("normal", "random", "easy"), False, 0),
    (4, 103, "desolation", ("random", "random", "random", "random"), False, 0),
    (5, 104, "strategist+desolation", ("easy", "random", "random", "easy", "random"), False, 0),
    (6, 105, "standard", ("random", "easy", "random", "random", "random", "random"), False, 0),
    (4, 106, "standard", ("hard", "normal", "easy", "random"), False, 0),
    (2, 107, "desolation", ("normal", "hard"), False, 0),
    (3, 108, "standard", ("random", "easy", "random"), True, 0),
    (4, 109, "strategist", ("random", "easy", "random", "random"), False, 60),
    (5, 110, "standard", ("random", "random", "easy", "random", "random"), True, 45),
    (6, 111, "desolation", ("easy", "random", "random", "random", "random", "random"), False, 0),
    (2, 112, "strategist+desolation", ("hard", "random"), True, 70),
]


def _app():
    """Session and save-document functions, wherever this version keeps them."""
    try:
        from app.save_format import document_text, parse_yaml, session_document, session_from_document
        from app.session import Session
    except ImportError:          # the code before app/ (to record from an older main)
        from game.save import document_text, parse_yaml, session_document, session_from_document
        from game.session import Session
    return Session, session_document, document_text, parse_yaml, session_from_document


def unhurried(level, seed):
    """An AI seat whose choices depend on its seed and the game alone: the
    levels with a deadline play without it (their work bounds decide)."""
    from game.ai import make_ai
    return make_ai(level, seed, budget=math.inf) if level in ("normal", "hard") else make_ai(level, seed)


def _digest(lines):
    return hashlib.sha256(json.dumps(lines).encode()).hexdigest()[:16]


def log_lines(g, seat):
    return [[e["seat"], e["text"]] for e in g.view(seat)["log"]]


def play(n, seed, variant, levels, undo, save_every):
    from game.data import default_data
    Session, session_document, document_text, parse_yaml, session_from_document = _app()
    dragons = [d.name for d in default_data().dragons][:n]
    kind = "human" if undo else "random"        # only human seats may undo
    session = Session.new([{"name": f"{d} Dragon", "dragon": d, "kind": kind} for d in dragons], seed, variant)
    ais = [unhurried(level, seed * 31 + seat) for seat, level in enumerate(levels)]
    undos = saves = 0
    just_undone = False
    undone_at = set()
    while not session.game.is_over:
        g = session.game
        d = g.decision
        if just_undone:
            # Take another road than the undone action (the AI would choose it again).
            action = d.options[(len(session.actions) * 7) % len(d.options)]
        else:
            action = ais[d.player].choose(g, d.player)
        session.apply(action)
        just_undone = False
        k = len(session.actions)
        if undo and k % 5 == 0 and k not in undone_at and session.can_undo():
            undone_at.add(k)
            session.undo()
            undos += 1
            just_undone = True
        if save_every and k % save_every == 0:
            text = document_text(session_document(session, "golden"))
            session = session_from_document(parse_yaml(text))
            saves += 1
    g = session.game
    return {
        "players": n, "seed": seed, "variant": variant, "levels": list(levels), "undos": undos, "saves": saves,
        "actions": [a.to_dict() for a in session.actions],
        "scores": g.final_scores(),
        "desolation": g.desolation() if not g.final_scores() else None,
        "log": log_lines(g, 0),
        "log_digests": [_digest(log_lines(g, seat)) for seat in range(n)],
    }


def record(games=GAMES):
    return {"games": [play(*spec) for spec in games]}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0] if argv else GOLDEN
    doc = record()
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=0, separators=(",", ":"))
        fh.write("\n")
    for game in doc["games"]:
        result = (f"{game['desolation']['survival_points']} SP" if game["desolation"]
                  else " ".join(str(e["total"]) for e in sorted(game["scores"], key=lambda e: e["seat"])))
        print(f"{game['players']} players, seed {game['seed']}, {game['variant']}: {len(game['actions'])} actions, "
              f"{len(game['log'])} log lines, {game['undos']} undos, {game['saves']} saves; {result}")
    print(f"written {out}")


if __name__ == "__main__":
    main()
