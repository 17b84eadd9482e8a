"""The live standings (``Game.standings``) and the scores the engine records
at each century's end (``state.scores_by_century``).

Rulebook, Winning the Game: "Use the following steps, in the following
order, to determine VP for all players" - the standings are that final
scoring applied now. Lair screens: "All resources and settlements gained
during the Lair Phase are placed behind the player's Lair Screen", so in
standard play a seat knows its own lair and works the others out from what
was taken in the open; The Strategist: "Players play without their Lair
Screens. The game is open for players to evaluate what others have
collected". Desolation of the Old World: "The lower the total SP score, the
better the performance. Compare the SP to the following table"."""
import copy
import random

import pytest
from save_helpers import new_session, play_random

from game import new_game
from app.save_format import SaveError, document_text, load_session, session_document
from game.phases.scoring import places, score_counts, scored
from game.standings import stashed
from game.state import CITY, TOWN, VILLAGE
from rules_helpers import lair, set_sites


def random_game(n, seed, variant="standard", steps=None):
    g = new_game(n, seed=seed, variant=variant)
    rng = random.Random(seed)
    while not g.is_over and (steps is None or steps > 0):
        g.apply(rng.choice(g.decision.options))
        steps = None if steps is None else steps - 1
    return g


# ----- the final scoring, applied now -----------------------------------------------
@pytest.mark.parametrize("n,seed,variant", [(4, 3, "standard"), (5, 8, "standard"), (3, 4, "strategist"),
                                            (6, 2, "standard")])
def test_at_the_end_the_standings_are_the_final_scores(n, seed, variant):
    """Once the game is over every lair screen is lifted: every seat's
    standings are exactly the final scoring."""
    g = random_game(n, seed, variant)
    assert g.is_over
    for seat in range(n):
        st = g.standings(seat)
        assert st["scores"] == g.final_scores()
        assert st["hidden"] == [] and st["estimated"] is False


@pytest.mark.parametrize("variant", ["standard", "desolation"])
def test_a_spectator_has_the_final_standings_at_the_end_and_none_before(variant):
    """What everyone may see (seat None: a spectator's window) holds no standings while
    lairs are hidden, and at the end the final ones, majorities and all: every lair is
    open then (the scores screen of a spectator draws them)."""
    from game.snapshot import seat_snapshot
    before = random_game(3, 5, variant, steps=40)
    assert seat_snapshot(before, None)["standings"] is None
    g = random_game(3, 5, variant)
    st = seat_snapshot(g, None)["standings"]
    if variant == "standard":          # (no column of its own: nothing uncertain, no range of its total)
        assert st == {**g.standings(0), "uncertain": {}, "range": None} and st["majorities"]
    else:
        assert st == g.standings(0)


def test_in_the_strategist_every_lair_counts_as_it_is():
    """The Strategist: the lairs are open, so the standings mid-game score
    the real lairs for every seat, and nothing is worked out or estimated."""
    g = random_game(4, 6, "strategist", steps=170)
    assert not g.is_over
    for seat in range(4):
        st = g.standings(seat)
        assert st["scores"] == scored(g, [stashed(p.lair, p.card) for p in g.state.players])
        assert st["hidden"] == [] and not st["estimated"]


def test_own_lair_exactly_the_others_from_public_information():
    g = random_game(4, 5, steps=190)
    assert not g.is_over and any(not p.lair.is_empty() for p in g.state.players)
    for seat in range(4):
        st = g.standings(seat)
        assert st["hidden"] == [s for s in range(4) if s != seat] and st["estimated"] is True
        mine = next(e for e in st["scores"] if e["seat"] == seat)
        p = g.state.players[seat]
        assert mine["counts"] == score_counts(g, stashed(p.lair, p.card), g.state.markers.get("terrify") == seat)


def test_the_loot_on_a_dragon_card_counts_as_stashed():
    """End of a Player's Turn, step 5: "Stashes all his collected resources
    and settlements behind his Lair Screen" - if the game ended now, the loot
    on the Dragon Card would be in the lair."""
    g = new_game(3, seed=1, variant="strategist")
    a, b, c = g.state.players
    a.lair = lair(res={"gold": 1})
    a.card = lair(res={"gold": 1}, villages={"Gallia": 1})
    b.lair = lair(res={"gold": 2})
    st = g.standings(1)
    ash = next(e for e in st["scores"] if e["seat"] == 0)
    assert ash["counts"]["gold"] == 2 and ash["counts"]["region:Gallia"] == 1
    assert st["majorities"]["gold"] == [[0, 1], []]
    assert st["scores"] == scored(g, [stashed(p.lair, p.card) for p in g.state.players])
    assert a.card.res["gold"] == 1 and a.lair.res["gold"] == 1          # nothing was moved


def test_changing_a_hidden_lair_does_not_change_the_standings():
    """No leak: another seat's lair may hold anything; what ``seat`` is told
    depends only on what it may know."""
    g = random_game(4, 7, steps=190)
    assert not g.is_over
    for seat in range(4):
        before = g.standings(seat)
        other = g.copy(keep_log=True)
        a, b = [p for p in other.state.players if p.seat != seat][:2]
        a.lair.res["gold"] += 3
        a.lair.add_piece("city", "Gallia", 2)
        b.lair.res, a.lair.res = a.lair.res, b.lair.res
        b.lair.villages = {}
        assert other.standings(seat) == before


def test_with_one_hidden_lair_it_is_counted_exactly():
    """Two players: everything not on the board, in the stockpiles, on the
    Dragon Cards or in my lair is behind the other screen, so counting the
    pieces gives the other lair exactly (and it is not marked as an estimate)."""
    g = new_game(2, seed=4)
    rng = random.Random(4)
    checked = 0
    while not g.is_over:
        g.apply(rng.choice(g.decision.options))
        if rng.random() < 0.08 and not g.is_over:         # (once over, every lair is open)
            st = g.standings(0)
            assert st["hidden"] == [1] and st["estimated"] is False
            assert st["scores"] == scored(g, [stashed(p.lair, p.card) for p in g.state.players])
            checked += 1
    assert checked > 5


def test_majorities_first_and_second_place():
    """Step 2 and Step 3: the most and the second most; "If there is a tie for
    most resources collected, add the two values together" - a tie for first
    leaves no second place; a player with none does not place."""
    assert places([4, 3, 1, 0]) == ([0], [1])
    assert places([4, 4, 1, 0]) == ([0, 1], [])
    assert places([5, 3, 3, 0]) == ([0], [1, 2])
    assert places([2, 0, 0, 0]) == ([0], [])
    assert places([0, 0, 0, 0]) == ([], [])
    g = new_game(3, seed=1, variant="strategist")
    a, b, c = g.state.players
    a.lair = lair(res={"gold": 2}, villages={"Gallia": 2})
    b.lair = lair(res={"gold": 1, "noble": 1}, cities={"Gallia": 1})
    c.lair = lair(res={"gold": 2}, villages={"Slavia": 1})
    m = g.standings(0)["majorities"]
    assert m["gold"] == [[0, 2], []]
    assert m["noble"] == [[1], []]
    assert m["region:Gallia"] == [[1], [0]]         # RV: a city is 3, two villages are 2
    assert m["region:Slavia"] == [[2], []]
    assert m["livestock"] == [[], []]


def test_desolation_standings_the_level_now_and_the_next_one():
    """11-16 SP: "Dawn of the Dark Ages"; 7-10: "Leveled to Ruins" - with 12
    SP left the team needs 2 fewer for the next level."""
    g = new_game(4, seed=1, variant="desolation")
    for r in g.state.regions:
        r.res = {k: 0 for k in r.res}
        set_sites(g, r.name)
    set_sites(g, "Gallia", CITY, TOWN, VILLAGE)          # 3 + 2 + 1
    g.regions["Slavia"].res["gold"] = 6
    st = g.standings(2)
    assert st["cooperative"] is True
    assert (st["survival_points"], st["level"]) == (12, "Dawn of the Dark Ages")
    assert st["next_level"] == {"max": 10, "name": "Leveled to Ruins", "needed": 2}
    assert st == {**g.standings(0)}                       # the board is public: the same for everyone


# ----- the scores at each century's end ----------------------------------------------------
@pytest.mark.parametrize("variant", ["standard", "desolation"])
def test_a_snapshot_at_the_start_and_at_each_centurys_end(variant):
    """"The game ends after the completion of the Attack Phase of the 6th
    Century": the last snapshot is the final scoring (or the Survival Points
    of the Desolation result)."""
    g = random_game(4, 9, variant)
    snaps = g.state.scores_by_century
    assert [s["century"] for s in snaps] == list(range(0, 7))
    if variant == "desolation":
        assert snaps[-1]["survival_points"] == g.desolation()["survival_points"]
        assert all(s["vp"] == [] for s in snaps)
    else:
        by_seat = sorted(g.final_scores(), key=lambda e: e["seat"])
        assert snaps[-1]["vp"] == [e["total"] for e in by_seat]
        assert snaps[0]["vp"] == [0, 0, 0, 0]
        assert all(s["survival_points"] is None for s in snaps)


def test_snapshot_taken_as_the_century_ends():
    g = new_game(4, seed=2)
    rng = random.Random(2)
    while g.state.century == 1:
        g.apply(rng.choice(g.decision.options))
    assert [s["century"] for s in g.state.scores_by_century] == [0, 1]
    snap = g.state.scores_by_century[1]
    assert sum(snap["vp"]) > 0


def test_the_snapshots_are_hidden_until_the_lairs_are_open():
    """They are scored from the lairs: standard play shows them once the
    game is over, The Strategist at once."""
    g = random_game(4, 2, steps=170)
    assert not g.is_over and g.state.scores_by_century
    assert g.view(0)["scores_by_century"] is None
    s = random_game(4, 2, "strategist", steps=170)
    assert s.view(1)["scores_by_century"] == s.state.scores_by_century
    over = random_game(4, 2)
    assert over.view(0)["scores_by_century"] == over.state.scores_by_century


def test_the_snapshots_are_saved_and_checked(tmp_path):
    session = new_session(4, seed=3)
    play_random(session, 3, steps=400)
    doc = session_document(session)
    assert doc["state"]["scores_by_century"] == session.game.state.scores_by_century
    path = tmp_path / "game.yaml"
    path.write_text(document_text(doc))
    assert load_session(path).game.state.scores_by_century == session.game.state.scores_by_century
    older = copy.deepcopy(doc)                       # saved before the snapshots existed: replay makes them
    del older["state"]["scores_by_century"]
    path.write_text(document_text(older))
    assert load_session(path).game.state.scores_by_century == session.game.state.scores_by_century
    bad = copy.deepcopy(doc)
    bad["state"]["scores_by_century"][1]["century"] = 9
    path.write_text(document_text(bad))
    with pytest.raises(SaveError) as err:
        load_session(path)
    assert "state.scores_by_century[1].century" in str(err.value) and "\n" not in str(err.value)


# ----- what the estimates decide for the seat looking (issue 25, point 3) ---------------------
def test_a_majority_shared_with_estimated_lairs_is_uncertain_and_the_total_a_range():
    """Final Scoring, Step 2: "The player who has collected the most gold gains 5 VP; the player
    that has collected the second most gold gains 2 VP. If there is a tie for most resources
    collected, add the two values together, divide by the number of tied players and round
    down." Ash (seat 0) has 2 gold; the estimated lairs of Bryn and Cora hold 2 and 1 (their
    total is exact, their split is not): Ash ties Bryn for most, (5 + 2) // 2 = 3 VP. One gold in
    another estimated lair than thought: Bryn 3 puts Ash second (2 VP); Bryn 1 and Cora 2 keep
    the tie (3 VP); Bryn 1 and Dain 1 make Ash the most alone (5 VP)."""
    from game.standings import still_open
    g = new_game(4, seed=1)
    lairs = [lair({"gold": 2}), lair({"gold": 2}), lair({"gold": 1}), lair({"gold": 0})]
    scores = scored(g, lairs)
    mine = next(e for e in scores if e["seat"] == 0)
    assert mine["breakdown"]["gold"] == 3
    uncertain, (least, most) = still_open(g, scores, 0, estimated=[1, 2, 3])
    assert uncertain == {"gold": True}
    assert (least, most) == (mine["total"] - 1, mine["total"] + 2)
    # a majority Ash has no part in is the estimates' business, not Ash's
    lairs = [lair(), lair({"noble": 2}), lair({"noble": 1}), lair()]
    assert still_open(g, scored(g, lairs), 0, estimated=[1, 2, 3])[0] == {}
    # nothing estimated (one hidden lair: counted exactly), nothing uncertain
    assert still_open(g, scored(g, lairs), 0, estimated=())[0] == {}


def test_the_standings_of_a_seat_say_what_the_estimates_decide_for_it():
    g = random_game(4, 11, steps=120)
    st = g.standings(0)
    assert st["estimated"] and set(st["uncertain"]) <= set(st["majorities"])
    least, most = st["range"]
    total = next(e["total"] for e in st["scores"] if e["seat"] == 0)
    assert least <= total <= most and (least < most) == bool(st["uncertain"])
    two = random_game(2, 11, steps=120)
    assert two.standings(0)["uncertain"] == {} and not two.standings(0)["estimated"]


# ----- remembered standings ---------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("n,variant", [(2, "standard"), (4, "standard"), (3, "strategist"), (4, "desolation"),
                                       (5, "strategist+desolation"), (6, "standard")])
def test_remembered_standings_are_always_the_ones_worked_out_afresh(n, variant):
    """Game.standings remembers what it worked out by everything it is worked out from (the online
    server asks it of every seat after every move, and most moves change none of it). At every
    step of whole random games, for every seat, what it answers is what working it out afresh
    gives, and nothing it answered before was changed."""
    from game.standings import worked_out
    g = new_game(n, seed=40 + n, variant=variant)
    rng = random.Random(n)
    answered = []
    while not g.is_over:
        for seat in range(n):
            st = g.standings(seat)
            assert st == worked_out(g, seat), (seat, len(g.state.log))
            answered.append((st, copy.deepcopy(st)))
        g.apply(rng.choice(g.decision.options))
    for seat in range(n):
        assert g.standings(seat) == worked_out(g, seat)
    assert all(st == kept for st, kept in answered)


@pytest.mark.slow
@pytest.mark.parametrize("n,variant", [(3, "standard"), (4, "strategist")])
def test_scores_asked_alone_are_the_standings_scores_and_leave_the_standings_whole(n, variant):
    """The goals ask only the scores of a seat's standings (``scores_for_seats``), remembered by
    the same inputs as the standings: asked first, they neither stand in for the standings asked
    after them nor differ from theirs, at every step of whole random games."""
    from game.standings import for_seats, scores_for_seats, worked_out
    g = new_game(n, seed=50 + n, variant=variant)
    rng = random.Random(n)
    seats = list(range(n))
    while not g.is_over:
        scores = scores_for_seats(g, seats)
        standings = for_seats(g, seats)
        for seat in seats:
            fresh = worked_out(g, seat)
            assert standings[seat] == fresh and scores[seat] == fresh["scores"], (seat, len(g.state.log))
            assert scores_for_seats(g, [seat])[seat] is standings[seat]["scores"]
        g.apply(rng.choice(g.decision.options))


@pytest.mark.slow
@pytest.mark.parametrize("n,variant", [(2, "standard"), (4, "standard"), (3, "strategist")])
def test_remembered_goals_are_always_the_ones_worked_out_afresh(n, variant):
    """The last century's goals (``goals.still_to_win``: "Last century: you have raided ...") are
    remembered by the standings they come from and Terrify's counter. At every step of the last
    century of whole random games, for every seat, they are what a fresh copy of the game (which
    remembers nothing) works out, and nothing answered before was changed."""
    from game.goals import still_to_win
    g = new_game(n, seed=60 + n, variant=variant)
    rng = random.Random(n)
    answered, asked = [], 0
    while not g.is_over:
        for seat in range(n):
            goals = still_to_win(g, seat)
            assert goals == still_to_win(g.copy(keep_log=True), seat), (seat, g.state.century, g.state.phase)
            if goals is not None:
                asked += 1
                answered.append((goals, copy.deepcopy(goals)))
        g.apply(rng.choice(g.decision.options))
    assert asked > 20 * n                      # the last century was played and asked at every step
    assert all(goals == kept for goals, kept in answered)
