"""``python main.py serve``: the server holds the games (room.py) in a store (store.py on
SQLite, pgstore.py on PostgreSQL, shared.py between processes) and speaks the protocol
(wire) to every window. Its data folder is locked (folder_lock.py), checked (sqlite_check.py)
and backed up (backup.py); health.py answers GET /health, announce.py says what to give
friends, addresses.py reads who is behind a proxy, collector.py paces garbage collection."""
