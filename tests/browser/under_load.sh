#!/usr/bin/env bash
# The whole browser suite RUNS times in a row (5 unless told) while busy loops keep every core loaded: one line a
# run (passed, failed, duration, load average), and the failures' names. See docs/browser-tests.md, "Under load".
#   tests/browser/under_load.sh                 # 5 runs, one busy loop per core
#   RUNS=1 BUSY_LOOPS=4 tests/browser/under_load.sh
set -u
cd "$(dirname "$0")/../.."
runs=${RUNS:-5}
loops=${BUSY_LOOPS:-$(nproc)}
logs=${LOG_DIR:-$(mktemp -d /tmp/browser-under-load.XXXX)}
busy=()
for _ in $(seq "$loops"); do
  timeout 7200 sh -c 'while :; do :; done' &
  busy+=($!)
done
trap 'kill "${busy[@]}" 2>/dev/null' EXIT  # only the loops started here, by their ids

failed_runs=0
for run in $(seq "$runs"); do
  start=$(date +%s)
  .venv/bin/pytest tests/browser -q -p no:cacheprovider -rfE --junitxml="$logs/run-$run.xml" >"$logs/run-$run.log" 2>&1
  rc=$?
  seconds=$(( $(date +%s) - start ))
  load=$(uptime | sed 's/.*load average: //')
  counts=$(.venv/bin/python - "$logs/run-$run.xml" <<'EOF'
import sys
import xml.etree.ElementTree as ET

suite = ET.parse(sys.argv[1]).getroot()
suite = suite if suite.tag == "testsuite" else suite[0]
tests, failures, errors, skipped = (int(suite.get(name, 0)) for name in ("tests", "failures", "errors", "skipped"))
names = [f"{case.get('classname')}::{case.get('name')}" for case in suite.iter("testcase")
         if case.find("failure") is not None or case.find("error") is not None]
print(f"{tests - failures - errors - skipped} passed, {failures + errors} failed, {skipped} skipped"
      + "".join(f"\n    {name}" for name in names))
EOF
)
  [ "$rc" = 0 ] || failed_runs=$((failed_runs + 1))
  echo "run $run: $counts; ${seconds} s; load average $load (exit $rc, log $logs/run-$run.log)"
done
exit $(( failed_runs > 0 ))
