#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# spdx.sh - every source file of the repository carries the licence's SPDX line,
# `SPDX-License-Identifier: BSD-3-Clause`, in its first lines (make check runs
# `sh scripts/spdx.sh`; `sh scripts/spdx.sh --add` writes the line into files without it).
# Source files: C (.c, .h), shell, Python, make files (Makefile, .mk), gnuplot, CMake and the
# SimGrid platforms (.xml); data (hostfiles, topology.conf files, valgrind suppressions) and
# prose (Markdown) are not source.
set -eu
line='SPDX-License-Identifier: BSD-3-Clause'
add=0
[ "${1:-}" = "--add" ] && add=1
missing=0
for f in $(git ls-files --cached --others --exclude-standard | grep -E '\.(c|h|sh|py|mk|gp|xml|cmake|in)$|(^|/)(Makefile|CMakeLists\.txt|run)$'); do
    [ -f "$f" ] || continue
    head -n 3 "$f" | grep -q "$line" && continue
    if [ $add = 0 ]; then
        echo "spdx: $f has no '$line' in its first three lines"
        missing=1
        continue
    fi
    case "$f" in
    *.c | *.h) comment="/* $line */" ;;
    *.xml) comment="<!-- $line -->" ;;
    *) comment="# $line" ;;
    esac
    first=$(head -n 1 "$f")
    case "$first" in
    '#!'* | '<?xml'*) { echo "$first"; echo "$comment"; tail -n +2 "$f"; } > "$f.spdx" ;;
    *) { echo "$comment"; cat "$f"; } > "$f.spdx" ;;
    esac
    cat "$f.spdx" > "$f" && rm -f "$f.spdx"
done
if [ $missing = 1 ]; then
    echo "spdx: add the line (sh scripts/spdx.sh --add)"
    exit 1
fi
[ $add = 1 ] || echo "spdx: every source file carries '$line'"
