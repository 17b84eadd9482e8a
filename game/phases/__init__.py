"""One module per phase; importing them registers their phases and frames."""
from . import common, setup, growth, awakening, lair, attack, scoring  # noqa: F401
