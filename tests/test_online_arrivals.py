"""New connections take turns (server.transport.Arrivals): in one turn of the event loop,
arrivals work until they have taken their budget, the others wait for the next turns in
the order they came, so that what else is ready (the moves of tables already playing)
runs between them instead of waiting for all of them."""
import asyncio
import time

from server.transport import Arrivals


def arrive_all(names, work, budget, cancel=()):
    """Each name's (loop turn, order) when it went, doing ``work`` seconds of blocking work."""
    async def scenario():
        loop = asyncio.get_running_loop()
        arrivals, turns, went = Arrivals(budget=budget, batch=4), [0], []

        def tick():                                      # counts the loop's turns
            turns[0] += 1
            if turns[0] < 1000:
                loop.call_soon(tick)
        loop.call_soon(tick)

        async def arrive(name):
            await arrivals.turn()
            went.append((name, turns[0]))
            time.sleep(work)

        tasks = [asyncio.ensure_future(arrive(n)) for n in names]
        await asyncio.sleep(0)
        for i, name in enumerate(names):
            if name in cancel:
                tasks[i].cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.sleep(0)
        return went, (len(arrivals.waiting), arrivals.again, arrivals.scheduled)
    return asyncio.run(scenario())


def test_arrivals_that_outlast_the_budget_take_turns_in_order():
    went, left = arrive_all("abcdefg", work=0.03, budget=0.05)
    assert [name for name, _ in went] == list("abcdefg")
    per_turn = {}
    for _, turn in went:
        per_turn[turn] = per_turn.get(turn, 0) + 1
    assert max(per_turn.values()) <= 2 and len(per_turn) >= 4        # 30 ms each, 50 ms a turn
    assert left == (0, [], False)


def test_quick_arrivals_go_together():
    went, _ = arrive_all("abcdefgh", work=0.0, budget=1.0)
    assert [name for name, _ in went] == list("abcdefgh")
    assert len({turn for _, turn in went}) <= 3


def test_an_arrival_that_went_away_does_not_hold_up_the_others():
    went, left = arrive_all("abcdef", work=0.03, budget=0.02, cancel="c")
    assert [name for name, _ in went] == list("abdef")
    assert left == (0, [], False)
