"""What the table shows of the variant a game is played with, in words and numbers.

The view draws every variant the same way from this description and never asks
which variant it is: what the header adds, what the Terrify counter is worth,
and in a cooperative variant (no individual scoring) the team's goal, its
points and their unit, the levels they reach (the result's chart draws them as
bands), the result's title and the rules topic. Its numbers come from data/,
its words from here; it is plain JSON and public (the same for every seat).

    describe(data, variant) -> {
        "header":  words after the century and phase in the header, or None,
        "markers": {"terrify": {"label", "short" (a narrow column), "tip" ("{holder}": who holds it)}},
        "team":    None (each dragon scores its own Victory Points), or {
            "title", "goal", "standings" (sentences: the goal on the left column, in the standings),
            "points", "unit" (their name and unit: "Survival Points", "SP"),
            "left" (the points as the chart's title and the result name them: "... left on the board"),
            "level", "levels" (what a band is called, one and several),
            "bands":  [{"max": most points or None (the last: every higher total), "name"}], best first,
            "rules":  {"title", "section" (the rulebook's), "text"} (the rules help's topic),
            "in_short": a sentence for the rules help's goal}}

A game's board carries it (``view.board``: "variant_table") beside the team's
result now ("team_result": ``phases.scoring.desolation``, None in a competitive game).
"""
from __future__ import annotations


def describe(data, variant):
    """The table's description of a game of ``variant`` (a ``variants.Variant``) with ``data``."""
    terrify = data.scoring["independent"]["terrify"]
    markers = {"terrify": {"label": f"Terrify +{terrify} VP", "short": f"+{terrify} VP",
                           "tip": f"+{terrify} VP: {{holder}}."}}
    if not variant.desolation:
        return {"header": None, "markers": markers, "team": None}
    # The rulebook's Desolation of the Old World: "At the end of the game, there is no individual
    # scoring. Instead, the players see how close to total destruction they came." The Terrify
    # counter's VP are individual scoring: it is worth nothing here.
    markers["terrify"] = {"label": "Terrify counter", "short": "Terrify counter",
                          "tip": "Terrify's counter: {holder} (no VP in Desolation: the team scores what is left "
                                 "on the board)."}
    return {"header": "Desolation (cooperative)", "markers": markers, "team": _desolation(data)}


def _desolation(data):
    sp = data.desolation["survival_points"]
    bands = [{"max": top, "name": name} for top, name in data.desolation["levels"]]
    in_words = "; ".join(f"{'up to ' + str(b['max']) if b['max'] is not None else 'more'}: {b['name']}"
                         for b in bands)
    title = "Desolation of the Old World"
    return {
        "title": title,
        "goal": "Team goal: leave as few Survival Points on the board as possible.",
        "standings": f"{title}: the team wants as few Survival Points left on the board as possible.",
        "points": "Survival Points", "unit": "SP", "left": "Survival Points left on the board",
        "level": "Level of Destruction", "levels": "Levels of Destruction",
        "bands": bands,
        "rules": {"title": title, "section": "Desolation of the Old World",
                  "text": "All dragons cooperate to leave as little as possible. Pieces left on the board count "
                          f"Survival Points (city {sp['city']}, village {sp['village']}, each resource "
                          f"{sp['gold']}); fewer is better: {in_words}."},
        "in_short": f"In {title} all dragons cooperate instead.",
    }
