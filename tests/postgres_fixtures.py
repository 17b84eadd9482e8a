"""test_online_postgres.py's PostgreSQL fixtures for other test files: ``postgres_server`` (the
address of a cluster shared by the session) and ``own_cluster`` (a cluster a test may stop).
Where that file skips itself (no psycopg, outside CI), they skip with its reason."""
from __future__ import annotations

import pytest

try:
    from test_online_postgres import own_cluster, postgres_server  # noqa: F401
except BaseException as missing:          # (pytest's skip is no Exception)
    if not isinstance(missing, (ImportError, pytest.skip.Exception)):
        raise
    why = str(missing)

    @pytest.fixture
    def own_cluster():
        pytest.skip(why)

    @pytest.fixture
    def postgres_server():
        pytest.skip(why)
