"""New connections take turns (server.transport.Arrivals): a burst of arrivals is worked
through one per turn of the event loop, so that what else is ready (the moves of tables
already playing) runs between them instead of waiting for all of them."""
import asyncio

from server.transport import Arrivals


def test_arrivals_each_get_their_own_turn_of_the_loop_in_order():
    async def scenario():
        loop = asyncio.get_running_loop()
        arrivals, turns, order = Arrivals(), [0], []

        def tick():                      # counts the loop's turns
            turns[0] += 1
            if turns[0] < 100:
                loop.call_soon(tick)
        loop.call_soon(tick)

        async def arrive(name):
            await arrivals.turn()
            order.append((name, turns[0]))

        await asyncio.gather(*(arrive(n) for n in "abcde"))
        return order

    order = asyncio.run(scenario())
    assert [name for name, _ in order] == list("abcde")
    seen = [turn for _, turn in order]
    assert len(set(seen)) == 5 and seen == sorted(seen)


def test_an_arrival_that_went_away_does_not_hold_up_the_next():
    async def scenario():
        arrivals, done = Arrivals(), []

        async def arrive(name):
            await arrivals.turn()
            done.append(name)

        gone = asyncio.ensure_future(arrive("gone"))
        later = [asyncio.ensure_future(arrive(n)) for n in "xy"]
        await asyncio.sleep(0)           # all three wait for their turn
        gone.cancel()
        await asyncio.gather(*later)
        await asyncio.sleep(0)
        return done, arrivals.waking, len(arrivals.waiting)

    assert asyncio.run(scenario()) == (["x", "y"], False, 0)
