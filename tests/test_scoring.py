"""Rulebook: Winning the Game - Final Scoring, the Final Scoring Chart and ties;
Expanded Game Play: Desolation of the Old World."""
import pytest

from game import new_game
from game.phases.scoring import desolation, final_scores, placings, score_lairs
from game.state import CITY, TOWN, VILLAGE
from rules_helpers import lair, set_sites


@pytest.fixture
def g():
    return new_game(4, seed=1)


# ----- Step 2: Resource Scoring (most 5, second 2) -----------------------------
@pytest.mark.parametrize("values, expected", [
    ([4, 3, 1, 0], [5, 2, 0, 0]),        # plain first and second
    ([4, 4, 1, 0], [3, 3, 0, 0]),        # two-way tie for first: (5 + 2) // 2, no second
    ([4, 4, 4, 1], [2, 2, 2, 0]),        # three-way tie for first: 7 // 3
    ([5, 3, 3, 0], [5, 1, 1, 0]),        # two-way tie for second: 2 // 2
    ([5, 3, 3, 3], [5, 0, 0, 0]),        # three-way tie for second: 2 // 3 = 0
    ([0, 0, 0, 0], [0, 0, 0, 0]),        # nobody collected any: nobody places
    ([2, 0, 0, 0], [5, 0, 0, 0]),        # a player with none never takes second
])
def test_resource_majorities_and_ties(values, expected):
    assert list(placings(values, 5, 2)) == expected


# ----- Step 3: Regional Scoring (most RV 6, second 3) ---------------------------
@pytest.mark.parametrize("values, expected", [
    ([6, 3, 1, 0], [6, 3, 0, 0]),
    ([3, 3, 1, 0], [4, 4, 0, 0]),        # two-way tie for first: (6 + 3) // 2
    ([3, 3, 3, 0], [3, 3, 3, 0]),        # three-way tie for first: 9 // 3
    ([5, 2, 2, 0], [6, 1, 1, 0]),        # two-way tie for second: 3 // 2
    ([5, 2, 2, 2], [6, 1, 1, 1]),        # three-way tie for second: 3 // 3
])
def test_region_majorities_and_ties(values, expected):
    assert list(placings(values, 6, 3)) == expected


def test_regional_value_village_one_city_three(g):
    lairs = [lair(villages={"Gallia": 2}), lair(cities={"Gallia": 1}), lair(villages={"Gallia": 3})]
    rows = score_lairs(g, lairs)
    # RV: 2, 3, 3 -> the city and the three villages tie for first.
    assert [r["region:Gallia"] for r in rows] == [0, 4, 4]


def test_independent_scoring(g):
    every = {r: 1 for r in g.ring}
    lairs = [lair(villages=every, cities={"Gallia": 2}), lair(villages={"Slavia": 1})]
    rows = score_lairs(g, lairs, terrify_seat=1)
    assert (rows[0]["regions"], rows[0]["every_region"], rows[0]["cities"], rows[0]["terrify"]) == (6, 4, 2, 0)
    assert (rows[1]["regions"], rows[1]["every_region"], rows[1]["cities"], rows[1]["terrify"]) == (1, 0, 0, 3)


def test_final_scoring_chart_totals(g):
    s = g.state
    a, b, c, d = s.players
    a.lair = lair(res={"livestock": 3, "gold": 1}, villages={"Gallia": 2, "Slavia": 1})
    b.lair = lair(res={"livestock": 1, "gold": 1, "field": 2}, cities={"Gallia": 1})
    c.lair = lair(res={"noble": 2})
    d.lair = lair()
    s.markers["terrify"] = 3
    scores = {e["seat"]: e for e in final_scores(g)}
    # a: 2 regions + livestock 5 + gold tie (5+2)//2=3 + Slavia 6 + Gallia second 3
    assert scores[0]["total"] == 2 + 5 + 3 + 6 + 3
    # b: 1 region + 1 city + livestock 2 + gold 3 + field 5 + Gallia first 6
    assert scores[1]["total"] == 1 + 1 + 2 + 3 + 5 + 6
    assert scores[2]["total"] == 5
    assert scores[3]["total"] == 3                       # the +3 VP counter
    assert scores[0]["rank"] == 1


def test_tie_breakers_level_then_life_then_shared(g):
    s = g.state
    for p in s.players:
        p.lair = lair()
        p.life = 4
    s.players[0].lair = lair(res={"gold": 1})
    s.players[1].lair = lair(res={"gold": 1})              # both 3 VP
    s.players[1].abilities = ["regeneration"]
    ranks = {e["seat"]: e["rank"] for e in final_scores(g)}
    assert ranks[1] == 1 and ranks[0] == 2                  # higher level wins
    s.players[1].abilities = []
    s.players[0].life = 3
    ranks = {e["seat"]: e["rank"] for e in final_scores(g)}
    assert ranks[1] == 1 and ranks[0] == 2                  # then more Life
    s.players[0].life = 4
    ranks = {e["seat"]: e["rank"] for e in final_scores(g)}
    assert ranks[0] == ranks[1] == 1                        # then a shared victory


# ----- Desolation of the Old World -------------------------------------------------
@pytest.mark.parametrize("sp, level", [(0, "Total Annihilation"), (1, "Desolation of the Old World"),
                                       (6, "Desolation of the Old World"), (7, "Leveled to Ruins"),
                                       (10, "Leveled to Ruins"), (11, "Dawn of the Dark Ages"),
                                       (16, "Dawn of the Dark Ages"), (17, "A Stunting of Growth"),
                                       (24, "A Stunting of Growth"), (25, "Humankind Triumphs")])
def test_level_of_destruction_table(sp, level):
    g = new_game(4, seed=1, variant="desolation")
    for r in g.state.regions:
        r.res = {k: 0 for k in r.res}
        set_sites(g, r.name)
    r = g.regions["Gallia"]
    r.res["gold"] = sp
    assert desolation(g)["survival_points"] == sp and desolation(g)["level"] == level


def test_survival_points_by_piece_type():
    g = new_game(4, seed=1, variant="desolation")
    for r in g.state.regions:
        r.res = {k: 0 for k in r.res}
        set_sites(g, r.name)
    set_sites(g, "Gallia", CITY, TOWN, VILLAGE)
    g.regions["Slavia"].res.update(noble=1, field=2, livestock=1)
    result = desolation(g)
    assert result["by_piece"] == {"city": 3, "village": 3, "noble": 1, "field": 2, "gold": 0, "livestock": 1}
    assert result["survival_points"] == 10
    assert final_scores(g) == []                 # no individual scoring in Desolation


def test_the_next_level_of_destruction_down():
    """Desolation of the Old World, "Level of Destruction by SP Total": with
    11-16 SP the team is at "Dawn of the Dark Ages"; 10 or fewer reach
    "Leveled to Ruins"; at 0 there is nothing better."""
    g = new_game(4, seed=1, variant="desolation")
    for r in g.state.regions:
        r.res = {k: 0 for k in r.res}
        set_sites(g, r.name)
    g.regions["Gallia"].res["gold"] = 12
    assert desolation(g)["next_level"] == {"max": 10, "name": "Leveled to Ruins"}
    g.regions["Gallia"].res["gold"] = 0
    assert desolation(g)["next_level"] is None


def test_what_each_score_was_counted_from(g):
    """Final Scoring: 1 VP per region with a village or city, 1 VP per city,
    the resource majorities by pieces, the region majorities by Regional Value
    (village 1, city 3) - the score screen shows these counts beside the VP."""
    s = g.state
    a = s.players[0]
    a.lair = lair(res={"gold": 6, "noble": 1}, villages={"Gallia": 2, "Slavia": 1}, cities={"Gallia": 1})
    s.markers["terrify"] = 0
    counts = next(e["counts"] for e in final_scores(g) if e["seat"] == 0)
    assert counts["regions"] == 2 and counts["cities"] == 1 and counts["terrify"] == 1
    assert counts["gold"] == 6 and counts["noble"] == 1 and counts["livestock"] == 0
    assert counts["region:Gallia"] == 5 and counts["region:Slavia"] == 1 and counts["region:Britannia"] == 0
