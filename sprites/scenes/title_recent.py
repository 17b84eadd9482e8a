"""The title screen's Recent games: a row per game (its seats, AI seats marked;
when, its century or "finished", its variant), the game in progress first
marked "In progress" (and "not saved since ..." while its autosave fails),
and under them "Save as" for the game in progress. A part of ``TitleScene``
(its ``recent`` and ``current``)."""
from __future__ import annotations

import datetime
import os

import pygame

from app.save_folder import SaveInfo
from game.variants import VARIANTS, Variant
from sprites import theme
from sprites.scenes.elsewhere import ElsewhereBox

RECENT_ROWS = 6
EDITED = "file edited outside the game"        # its header did not match the game inside (what shows is the game)


def saves_api():
    """(list_saves, load_session, save_as) from the persistence modules, or None."""
    try:
        from app.save_format import load_session
        from app.save_folder import list_saves, save_as
    except ImportError:
        return None
    return list_saves, load_session, save_as


class RecentGames:
    """The Recent games column and Save as (mixed into TitleScene)."""

    def _layout_recent(self, w):
        """The rows of the recent games and the Save as field, right of the form."""
        px = self.px
        rx = self.x0 + px(850)
        rw = max(px(300), w - rx - px(40))
        ry = px(196)
        seats_h = theme.font(self.fs(20), True).get_linesize()
        row_h = max(px(48), seats_h + theme.font(self.fs(18)).get_linesize() + px(8))    # seats, then the date
        for i, info in enumerate(self.recent[:RECENT_ROWS]):       # a long seat list takes two lines
            extra = (len(self._recent_seats(info, rw)) - 1) * (seats_h + px(3))
            self.add(f"recent:{i}", pygame.Rect(rx, ry, rw, row_h + extra), tip=self._recent_tip(info))
            ry += row_h + px(6) + extra
        self.recent_rect = pygame.Rect(rx, px(196), rw, max(RECENT_ROWS * px(54), ry - px(196)))
        if self._savable():
            sy = self.recent_rect.bottom + px(44)
            self.add("field:save_name", pygame.Rect(rx, sy, self.recent_rect.w - px(180), px(44)),
                     tip="Type a name for the save")
            self.add("button:save_as", pygame.Rect(rx + self.recent_rect.w - px(168), sy, px(168), px(44)),
                     tip="Save the game in progress under this name.")

    def _save_dir(self):
        return self.app.save_dir()

    def _find_recent(self):
        try:
            from app.save_folder import recent_games
        except ImportError:
            return []
        listed = [s for s in recent_games(self._save_dir()) if not s.problem]
        if self._trouble() is not None and not any(self._is_current(s) for s in listed):
            listed.insert(0, self._current_row())       # its file is gone, or it never had one
        return listed

    def _is_current(self, info):
        """Is this row the game in progress? (Its autosave file, or the row made for it.)"""
        return self.current is not None and (info.path is None or self._current_file() == os.path.basename(info.path))

    def _current_row(self):
        """A row for the game in progress, from the game itself."""
        facts = self.current.host.summary()
        return SaveInfo(name="", path=None, date=datetime.datetime.now(datetime.timezone.utc), summary=facts["text"],
                        autosave=True, facts=facts)

    def _trouble(self):
        """If the game in progress cannot be autosaved, what to say of it (the host's ``unsaved``), else None
        (an online game's connection down is not: the server keeps it, there is nothing to save elsewhere)."""
        return self.current.host.unsaved() if self._in_progress() and not self._kept_online() else None

    def _kept_online(self):
        """Is the game in progress an online game (the server keeps it until it is over)?"""
        if self.current is None:
            return False
        from app.ports import is_online          # (not before the title's first frame: ~2 ms of Protocols)
        return is_online(self.current.host) and not self.current.host.over

    def _savable(self):
        """Can the game in progress be saved here under a name (not a replay; an online game once it is over)?"""
        return (self.current is not None and saves_api() is not None and not self.current.host.read_only
                and not self._kept_online())

    def _latest(self):
        """The most recent game that is not over (what Continue continues)."""
        return next((s for s in self.recent if not (s.facts or {}).get("over")), None)

    def _recent_tip(self, info):
        verb = "Look at this finished game" if (info.facts or {}).get("over") else "Continue this game"
        return f"{verb}: {seat_list(info.facts or {})} ({info.summary})."

    def _recent_seats(self, info, width):
        """The first line of a recent game (its seats), wrapped to at most two lines of ``width``."""
        line1, _ = recent_lines(info, self.data.setup["centuries"])
        if self._is_current(info) and not (info.facts or {}).get("over"):
            line1 = "In progress - " + line1
        lines = theme.wrap(line1, self.fs(20), width - self.px(20), True)
        return list(lines[:1]) + ([" ".join(lines[1:])] if len(lines) > 1 else [])

    def _in_progress(self):
        """True if leaving the title now would leave an unfinished game (watching
        a replay is not one: the save it shows stays as it is)."""
        return self.current is not None and not self.current.host.read_only and not self.current.host.over

    def _current_file(self):
        """The autosave file of the game in progress (None if it does not autosave)."""
        return self.current.host.autosave_file

    def save_as(self):
        if self._trouble() is not None:       # the save folder fails: a file in another folder
            self.elsewhere = ElsewhereBox(self, self._trouble())
            self.resize(self.size)
            return None
        name = self.save_name.strip()
        path, problem = save_path(self._save_dir(), name)
        if problem:
            self.message = problem
            return None
        if os.path.exists(path):
            return self.ask("Replace that save?", f"There is already a save called {name!r}. Replace it with the "
                            "game in progress?", "Replace it", self._write_save)
        return self._write_save()

    def _write_save(self):
        try:
            path = self.current.host.save_as(self._save_dir(), self.save_name)
        except Exception as exc:    # bad name or SaveError: shown, never a crash
            self.message = f"Not saved: {exc}"
            return None
        self.message = f"Saved as {path}"
        return path

    def _draw_recent(self, surface):
        px, fs = self.px, self.fs
        r = self.recent_rect
        theme.blit_text(surface, "RECENT GAMES", self.caps(26), (r.x, px(160)), theme.GOLD, True)
        if not self.recent:
            theme.blit_wrapped(surface, "Every game autosaves after each action and shows up here (the tutorial once you play it on).", fs(20),
                               pygame.Rect(r.x, px(206), r.w, r.h), (200, 180, 150))
        for i, info in enumerate(self.recent[:RECENT_ROWS]):
            row = self.element_rect(f"recent:{i}")
            hot = self.hover == f"recent:{i}"
            pygame.draw.rect(surface, (255, 236, 170) if hot else (240, 230, 204), row, border_radius=6)
            trouble = self._trouble() if self._is_current(info) else None
            when = trouble["short"] if trouble is not None else None     # "Autosave failed: not saved since 20:14"
            _, line2 = recent_lines(info, self.data.setup["centuries"], when)
            y = row.y + px(3)
            for line in self._recent_seats(info, row.w):
                theme.blit_text(surface, line, fs(20), (row.x + px(10), y), theme.INK, True, width=row.w - px(20))
                y += theme.font(fs(20), True).get_linesize()
            theme.blit_text(surface, line2, fs(18), (row.x + px(10), row.bottom - px(3)),
                            theme.RED if trouble else theme.MUTED, trouble is not None, "bottomleft", row.w - 20)
        nr = self.element_rect("field:save_name")
        if nr is not None:
            theme.blit_text(surface, "Save the game in progress under a name:", fs(20), (nr.x, nr.y - px(6)),
                            (230, 214, 180), False, "bottomleft", r.w)
            self._field(surface, nr, self.save_name or "", self.focus == "field:save_name", "name of the save")


def save_path(save_dir, name):
    """(the file a save named ``name`` goes to, None) or (None, why it cannot be saved so)."""
    if not name.strip():
        return None, "Type a name for the save first."
    from app.save_folder import file_name
    try:
        return os.path.join(save_dir, file_name(name.strip())), None
    except ValueError as exc:
        return None, f"Not saved: {exc}"


def seat_list(facts):
    """The players of a save's summary, AI seats marked: "Ash, Bryn (AI normal)".
    (Saves before version 1.0 hold no seat kinds: names only.)"""
    players = facts.get("players") if isinstance(facts.get("players"), list) else []
    kinds = facts.get("kinds") if isinstance(facts.get("kinds"), list) else []
    return ", ".join(str(name) if i >= len(kinds) or kinds[i] == "human" else f"{name} (AI {kinds[i]})"
                     for i, name in enumerate(players))


def recent_lines(info, centuries, when=None):
    """Two lines for a recent game: who (AI seats marked); when (or ``when``), century or state, variant."""
    facts = info.facts or {}
    when = when or info.date.astimezone().strftime("%a %d %b %Y, %H:%M")
    who = seat_list(facts) or "(players not recorded)"
    if not info.autosave and info.name:     # a named save ("Save as") says its name first
        who = f"{info.name}: {who}"
    variant = facts.get("variant") if isinstance(facts.get("variant"), str) else "standard"
    variant = Variant.parse(variant).brief if variant in VARIANTS else variant
    if facts.get("over"):
        state = "finished"
    elif isinstance(facts.get("century"), int):
        state = f"century {facts['century']} of {centuries}"
    else:
        state = ""
    edited = EDITED if info.edited else ""
    return who, " - ".join(x for x in (when, state, variant, edited) if x)
