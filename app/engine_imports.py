"""The engine, imported after the window's first frame (issue 39): the title is
drawn without it (game.ai_levels, game.kind_names and app.save_check's header
check stand in for it there), and the window calls import_engine on its main
thread right after that frame (sprites.app.warm_up) and before it starts a
thread that loads a save."""


def import_engine():
    """Import the engine and what plays, loads and saves a game: game.engine,
    the AI, app.host, the save's state check (which imports the engine's
    declarations where it runs). On the main thread, before any thread may
    need them: a module a thread imported when ``simulate --jobs`` forked
    its workers left a worker waiting for ever."""
    import app.host                 # noqa: F401  (app.session, game.engine, game.ai)
    import app.save_folder          # noqa: F401  (app.save_format, app.save_check)
    import game.engine              # noqa: F401
    import game.events              # noqa: F401  (what app.save_check imports where it checks a state)
    import game.flow                # noqa: F401
    import game.frames              # noqa: F401
    import game.log_text            # noqa: F401
    import game.state               # noqa: F401
