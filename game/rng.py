"""The game's only source of chance: a small seeded generator (SplitMix64).

Its whole state is one integer, so saves stay small and a seed plus the list
of applied actions replays a game exactly, on any Python version.
"""
MASK = (1 << 64) - 1
MAX_SEED = 1 << 63         # a game's seed: a whole number from 0 to MAX_SEED - 1 (phases.setup checks it)


class Rng:
    __slots__ = ("state",)

    def __init__(self, state):
        self.state = state & MASK

    def next64(self):
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        """A number in 0..n-1 (n > 0)."""
        return (self.next64() * n) >> 64

    def shuffle(self, items):
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]
