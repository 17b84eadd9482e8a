"""Which rules a game is played with: the engine's rules version and a digest of its data.

    rules_fingerprint()     # 64 hex digits: the same on every computer that plays the same rules

Two programs with the same fingerprint replay the same actions to the same
game. The server sends it in its welcome and stores it with every game; a
client with another one says "update to play" instead of drawing a table with
other rules, and a server never replays a stored game with rules it was not
played with (server.server).

The data's part changes by itself when a file in data/ changes what it says
(game.data digests the files as parsed). ``RULES_VERSION`` is the engine's
part: raise it whenever the engine does something else with the same actions
(a rule read anew, a fixed rule bug), not for a refactor, an AI or a view
change, which replay every stored game the same.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache

from .data import default_data

RULES_VERSION = 2             # 2: the discard after Divination or Foresight may be the Dragon Hex Card

# Online games stored before fingerprints were kept (up to commit d821965) were played with
# RULES_VERSION 1 and data/ as it was there, whose fingerprint this is (computed on that commit).
FIRST_FINGERPRINT = "29f4d0a0c69a9f0b9b8f4b42da22b39cc2c8474f7f6ad8a84ef5456680788812"


def fingerprint_of(data, rules_version=RULES_VERSION):
    return hashlib.sha256(f"wrath-of-dragons rules {rules_version}\n{data.digest}".encode()).hexdigest()


@lru_cache(maxsize=None)
def rules_fingerprint():
    return fingerprint_of(default_data())


def short(fingerprint):
    """The fingerprint as a player reads it (the first 8 hex digits)."""
    return str(fingerprint)[:8]
