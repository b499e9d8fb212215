#!/usr/bin/env bash
# Session 11: the 10 hzeng2000 (level 2) local-bug candidates, as session11-eh.sh.
LIST=bench/real/local-bugs-hzeng.txt JOBS=10 exec bash "$(dirname "$0")/session11-eh.sh"
