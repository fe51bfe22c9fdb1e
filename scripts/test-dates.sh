#!/usr/bin/env bash
# Runs tests with the clock set to the days where date arithmetic goes wrong, one run per day:
#   bash scripts/test-dates.sh                      # unit and machines projects on every day below
#   bash scripts/test-dates.sh npx vitest run --project e2e tests/e2e/fees.test.ts
# The demo data is dated from the day the tests run (fees paid up to last month, claims sent days
# ago), so a test that counts on one day's data passes for weeks and then fails: that is a bug in
# the test or the app, found here instead of in CI on that day (tests/README.md, "The calendar").
# libfaketime moves the clock of every process started under it (node, PGlite, Chromium, the test
# PostgreSQL), by the same offset: the clocks agree and run on from the day set. Installs Debian's
# faketime when missing (as root).
# Not part of `npm test`: run it when touching dates, schedules or the demo data, and before a release.
set -euo pipefail

if ! command -v faketime >/dev/null 2>&1; then
  # shellcheck source=scripts/debian-package.sh
  . "$(dirname "$0")/debian-package.sh"
  install_debian_package faketime "to move the tests' clock"
fi

if [ "$#" -eq 0 ]; then
  set -- npx vitest run --project 'unit*' --project machines
fi

# UTC. Mongolia is UTC+8: from 16:00 UTC its day is the next one.
DAYS=(
  '2027-03-31 18:30:00' # already 1 April (a new month and quarter) in Mongolia, still March in UTC
  '2026-12-31 17:00:00' # already the new year in Mongolia
  '2027-01-30 10:00:00' # the 31 days ahead the fee pages list reach two 1sts (1 February, 1 March)
  '2027-02-28 12:00:00' # the last day of a short month
  '2028-02-29 12:00:00' # a leap day
)

failed=()
for day in "${DAYS[@]}"; do
  # An offset from the real clock, not "@day": with "@day" every process's clock starts at that day
  # when the process starts, so a worker started seconds after the run is seconds behind it.
  offset=$(($(date -u -d "$day" +%s) - $(date -u +%s)))
  echo "== $day UTC: $*"
  if ! faketime -f "+${offset}s" "$@"; then failed+=("$day"); fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  printf 'Failed on: %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "Passed on every day."
