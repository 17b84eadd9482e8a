"""Is the game in progress saved? What to warn about, and where to save instead.

    unsaved = trouble(session)        # an Unsaved if its autosave is failing, else None
    unsaved.line()                    # "The autosave fails: not saved since 20:14. Menu saves it elsewhere."
    folder_problem(save_dir)          # why the save folder cannot be written, or None
    suggestion(save_dir)              # a file in a folder that can be written, for "Save as..."
    save_elsewhere(session, path)     # a save there; the game autosaves there from now on

The window shows an autosave failure at once and keeps it up while it lasts
(the table's banner, a strip over the other screens, the title's row and
notice), and whatever would leave an unsaved game (Start, Quit, Tutorial,
Load, the table's Menu) offers to save it elsewhere first. The words are
here, so that every driver says the same; the view only draws them.
"""
from __future__ import annotations

import datetime
import os
import tempfile
from dataclasses import dataclass

from game.plaintext import escape
from app.save_folder import file_name
from app.save_format import SaveError, save_session


@dataclass
class Unsaved:
    """A game whose autosave fails: why, and since when it is not saved."""
    problem: str                         # the autosave's last error (one line)
    since: datetime.datetime | None      # when the game was last saved (None: never)

    def when(self):
        if self.since is None:
            return "the game began"
        today = datetime.datetime.now().date()
        return f"{self.since:%H:%M}" if self.since.date() == today else f"{self.since:%d %b %Y, %H:%M}"

    def short(self):
        """For a list row: "Autosave failed: not saved since 20:14"."""
        return "Autosave failed: not saved since " + ("it began" if self.since is None else self.when())

    def line(self):
        """The banner's words (short: it stays over the map): what is wrong and what to do."""
        return f"The autosave fails: not saved since {self.when()}. Menu saves the game elsewhere."

    def leaving(self):
        """Why leaving the game would lose something, and what to do."""
        return (f"Its autosave has failed since {self.when()} ({self.problem}). The moves since then are lost if "
                "you leave the game: save it in another folder.")


def trouble(session):
    """An Unsaved if the session's autosave is failing, else None (also for a
    session that does not autosave: the caller says so if it matters)."""
    for saver in getattr(session, "listeners", ()):
        found = trouble_of(saver)
        if found is not None:
            return found
    return None


def trouble_of(saver):
    """An Unsaved if this autosave is failing, else None."""
    if hasattr(saver, "flush") and getattr(saver, "last_error", None):
        return Unsaved(saver.last_error, last_saved(saver))
    return None


def last_saved(saver):
    """When the game was last saved: the autosave's last write that worked, or
    for a game continued from a file whose autosave failed at once, that file's time."""
    stamp = getattr(saver, "saved_at", None)
    if stamp is None and not getattr(saver, "new", False):
        try:
            stamp = os.path.getmtime(os.path.join(saver.save_dir, saver.fname))
        except (OSError, ValueError):
            stamp = None
    return None if stamp is None else datetime.datetime.fromtimestamp(stamp)


def folder_problem(save_dir):
    """None if games can be saved in save_dir (it is made if missing), else why
    not, in words. A file is made there and removed again (as root, a folder's
    permission bits alone say nothing)."""
    try:
        os.makedirs(save_dir, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".write-test.", suffix=".tmp", dir=save_dir)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        return f"{escape(save_dir)}: {exc.strerror or exc}"
    return None


def suggestion(save_dir, now=None):
    """A file name for "Save as..." in the first folder that can be written
    (the home folder, the current folder, the temporary folder), never the
    failing save folder; None if there is none."""
    stamp = f"{now or datetime.datetime.now():%Y-%m-%d %H-%M}"
    failing = os.path.realpath(save_dir)
    for folder in (os.path.expanduser("~"), os.getcwd(), tempfile.gettempdir()):
        if os.path.realpath(folder) != failing and os.path.isdir(folder) and folder_problem(folder) is None:
            return os.path.join(folder, file_name(f"Wrath of Dragons {stamp}"))
    return None


def save_elsewhere(session, path):
    """Save the session as a new file at path (~ expanded, .yaml added); its
    autosave writes that file from now on. Returns the path; raises SaveError
    (the folder is missing, the file exists, it cannot be written)."""
    path = os.path.abspath(os.path.expanduser(path.strip()))
    if not path.lower().endswith(".yaml"):
        path += ".yaml"
    folder = os.path.dirname(path)
    if not os.path.isdir(folder):
        raise SaveError(path, f"the folder {escape(folder)} does not exist")
    try:
        save_session(session, path, name=os.path.basename(path)[:-5][:100], exclusive=True)
    except FileExistsError:
        raise SaveError(path, "a file of that name is there already: choose another name") from None
    for saver in getattr(session, "listeners", ()):
        if hasattr(saver, "move_to"):
            saver.move_to(folder, os.path.basename(path))
    return path
