"""Two requests at once, in real threads and real transactions: the lock lets exactly one of them through."""
import threading

import pytest
from django.db import connection

from games import lobby, turns
from games.models import Match, Move

THREADS = 4


def in_memory_sqlite() -> bool:
    # The in-memory test database is one shared cache whose table locks fail at once instead of waiting:
    # give SQLITE_TEST_PATH (a file, like the real site's) or run on PostgreSQL to test the lock.
    return connection.vendor == "sqlite" and connection.is_in_memory_db()


pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def lockable_database(transactional_db):
    if in_memory_sqlite():
        pytest.skip("needs a file (SQLITE_TEST_PATH) or PostgreSQL test database")


def at_once(call) -> list:
    """Run `call` in THREADS threads released together; what each returned or raised."""
    barrier, results = threading.Barrier(THREADS), [None] * THREADS

    def run(index):
        try:
            barrier.wait()
            results[index] = call()
        except Exception as exc:  # noqa: BLE001 - the test looks at what was raised
            results[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_the_same_move_posted_at_once_applies_once(duel):
    results = at_once(lambda: turns.play(match_id=duel.pk, seat=0, action={"type": "draw"}, version=0))
    assert sum(isinstance(r, Match) for r in results) == 1
    assert all(isinstance(r, (Match, turns.StaleVersion)) for r in results), results
    assert Match.objects.get(pk=duel.pk).version == 1 and Move.objects.filter(match=duel).count() == 1


def test_a_rematch_pressed_at_once_makes_one_match(duel, leo):
    Match.objects.filter(pk=duel.pk).update(status=Match.FINISHED)
    results = at_once(lambda: lobby.rematch(match_id=duel.pk, user=leo))
    assert all(isinstance(r, Match) for r in results), results
    assert len({r.pk for r in results}) == 1 and Match.objects.filter(rematch_of=duel).count() == 1
