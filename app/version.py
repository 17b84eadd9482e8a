"""The game's version, written in this one place: pyproject.toml reads it for
the package, ``--version`` prints it and the title screen shows it."""
VERSION = "1.0.0"
