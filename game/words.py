"""Counted words, shared by the log's sentences and the table's tooltips, and the
resources' names (the score sheet's rows, the standings and the goals)."""
from __future__ import annotations

from .data import RESOURCES

UNCOUNTED = ("livestock", "gold")      # resource words without a plural: "2 livestock", "2 gold"


def plural(n, word, many=None):
    """The word for n of them: "card", "cards", "cities"."""
    return word if n == 1 else (many or word + "s")


def count(n, word, many=None):
    """A count and its word: "1 card", "2 cards", "0 cities"."""
    return f"{n} {plural(n, word, many)}"


def settlements(n, kind):
    """Settlement pieces in words: "a village", "2 towns", "3 cities"."""
    return f"a {kind}" if n == 1 else count(n, kind, "cities" if kind == "city" else None)


def resource_plural(res):
    """"nobles", "fields", but "livestock", "gold"."""
    return res if res in UNCOUNTED else res + "s"


def resources(n, res):
    """"2 nobles", "2 fields", but "2 livestock", "2 gold"."""
    return f"{n} {res}" if res in UNCOUNTED else count(n, res)


RESOURCE_TITLES = {r: resource_plural(r).capitalize() for r in RESOURCES}     # "noble" -> "Nobles"


def category(key):
    """A scoring category in words: "Nobles" for "noble", "Gallia" for "region:Gallia"."""
    return RESOURCE_TITLES.get(key, key.split(":")[-1])
