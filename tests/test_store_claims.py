"""Table claims (``cardtable.store.claims``): a lock file per game beside the data file;
a lock file that cannot be opened is one plain sentence, not a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.store import DB_NAME, Store, StoreError, TableClaim


def test_each_game_s_claim_is_a_lock_file_beside_the_data_file(data_dir: Path) -> None:
    with Store.open(data_dir) as store:
        claim = store.claim_table("poker")
        assert claim is not None and (data_dir / f"{DB_NAME}.poker.lock").is_file()
        with pytest.raises(ValueError, match="unknown game"):
            store.claim_table("roulette")
        claim.release()
        assert not claim.held


def test_a_lock_file_that_cannot_be_opened_is_one_sentence(tmp_path: Path) -> None:
    in_the_way = tmp_path / "table.lock"
    in_the_way.mkdir()  # a folder where the lock file should be
    with pytest.raises(StoreError, match=r"^The lock file .*table\.lock cannot be opened: .+\.$") as caught:
        TableClaim.acquire(in_the_way)
    assert "\n" not in str(caught.value)
