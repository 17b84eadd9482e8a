"""The application around the rules: sessions and undo, the save format and
its check, the save folder and the autosave, replays, headless games, the
simulator and the command line. The rules (the rest of ``game``) never import
this package, and it imports the view (``sprites``) only to open the window.

    session.py      a game, its seats and every action applied (undo)
    save_format.py  save files: YAML documents, written atomically, loaded by replay
    save_check.py   a save document checked field by field before it is used
    save_folder.py  where saves live, named saves, the list of saves and recent games
    autosave.py     the autosave after every action (a background writer)
    unsaved.py      is the game in progress saved? what to warn about, and saving it elsewhere
    errorlog.py     errors.log: unexpected errors with their traceback, never blocking
    replay.py       stepping back and forth through a session
    headless.py     games without a window: AI seats, score tables, saved games printed
    simulate.py     many AI games and their statistics (python -m app.simulate)
    cli.py          the command line (python main.py)
"""
