#!/usr/bin/env bash
# Run the timing-sensitive UI tests with six busy processes beside them (a CI runner can be
# that busy): they must pass anyway, since they wait on conditions, never on the clock.
#
#   scripts/test-under-load.sh [TEST_FILE ...]      (default: the files below)
#   LOAD=6 LIMIT=1800 scripts/test-under-load.sh    (busy processes; seconds before all stops)
#
# The load is six CPU-bound Python loops, each bounded by `timeout`, and killed (by their
# own process ids) when this script exits, however it exits.
set -euo pipefail

cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-.venv/bin/python}"
LOAD="${LOAD:-6}"
LIMIT="${LIMIT:-1800}"
if [ "$#" -gt 0 ]; then
    FILES=("$@")
else
    FILES=(
        tests/ui/test_poker_table_keys.py
        tests/ui/test_poker_table_hands.py
        tests/ui/test_poker_table_session.py
        tests/ui/test_baccarat_table_bets.py
        tests/ui/test_baccarat_table_shoe.py
        tests/ui/test_baccarat_table_leaving.py
        tests/ui/test_blackjack_screen.py
        tests/ui/test_coach_blackjack_ui.py
        tests/ui/test_shared_widgets.py
        tests/ui/test_fast_typing.py
        tests/ui/test_drills.py
        tests/ui/test_settings_look.py
        tests/ui/test_shared_blackjack.py
        tests/ui/test_shared_baccarat.py
    )
fi

busy=()
stop_load() {
    for pid in "${busy[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${busy[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
}
trap stop_load EXIT INT TERM

for _ in $(seq "$LOAD"); do
    timeout "$LIMIT" "$PYTHON" -c "while True: pass" &
    busy+=("$!")
done
echo "== $LOAD busy processes started (${busy[*]}); load average: $(cut -d' ' -f1-3 /proc/loadavg)"

started=$SECONDS
status=0
timeout "$LIMIT" "$PYTHON" -m pytest -n 0 -q -p no:cacheprovider "${FILES[@]}" || status=$?
echo "== under load: pytest exit $status in $((SECONDS - started)) s; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$status"
