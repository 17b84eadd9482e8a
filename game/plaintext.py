"""Text that comes from outside the program (names typed or loaded, file
paths, file contents quoted in messages): names are checked, everything else
is escaped before it is shown, so that no control character, terminal escape
code, lone surrogate or NUL reaches a terminal, a font or a save file.
"""
from __future__ import annotations

import unicodedata

MAX_NAME = 18      # a seat name: as many characters as the title screen's name fields take


def name_problem(name, limit=MAX_NAME, what="a name"):
    """None if name can be a player's name (or, with ``what``, another
    label shown on screen), else the reason in words."""
    if not isinstance(name, str):
        return f"{what} must be text"
    if not name.strip():
        return f"{what} cannot be empty"
    if not visible(name):
        return f"{what} needs a letter, digit or sign that shows (it has only invisible characters)"
    if len(name) > limit:
        return f"{what} can have at most {limit} characters"
    bad = next((c for c in name if not c.isprintable()), None)
    if bad is not None:
        return f"{what} cannot contain the character {escape(bad)}"
    return None


# Characters that draw nothing by themselves: marks that sit on another letter (U+034F, the
# variation selectors U+FE0F and U+E0100), format characters (zero-width space, joiners),
# separators, unassigned and private code points, and the letters that are blank by design.
_NOTHING = frozenset(("Mn", "Me", "Cf", "Cc", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"))
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")      # Hangul fillers, the braille blank


def visible(text):
    """True if text has at least one character that shows on screen."""
    return any(unicodedata.category(c) not in _NOTHING and c not in _BLANK for c in str(text))


def kind_of(value):
    """A value's kind in words, for messages: 'a list', 'text', ..."""
    return {dict: "a mapping", list: "a list", tuple: "a tuple", str: "text", bytes: "bytes", int: "a number",
            float: "a decimal number", bool: "true/false", type(None): "nothing"}.get(type(value), type(value).__name__)


def escape(text):
    """text with every unprintable character written as a Python escape
    (a newline as \\n, an escape code as \\x1b, a lone surrogate as \\ud800)."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
