#!/usr/bin/env python3
"""Prints the table of docs/fuzzing.md from a campaign directory
(fuzz/campaign.sh writes build-fuzz/campaign/<target>/fuzz.log).

    fuzz/campaign-summary.py [CAMPAIGN_DIR...]"""
import os
import re
import sys

dirs = sys.argv[1:] or [os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                     "build-fuzz", "campaign")]
print("| target | seeds | executions | seconds | exec/s | cov | ft | corpus | peak RSS | crashes |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for d in dirs:
    for t in sorted(os.listdir(d)):
        log = os.path.join(d, t, "fuzz.log")
        if not os.path.exists(log):
            continue
        text = open(log, errors="replace").read()
        stat = dict(re.findall(r"^stat::(\w+):\s+(\d+)", text, re.M))
        lines = re.findall(r"^#(\d+)\s+(?:DONE|pulse|NEW|REDUCE|INITED)\s+cov: (\d+) ft: (\d+) corp: (\S+)", text, re.M)
        done = re.search(r"^Done (\d+) runs in (\d+) second", text, re.M)
        seeds = len(os.listdir(os.path.join(d, t, "seeds"))) if os.path.isdir(os.path.join(d, t, "seeds")) else 0
        arts = os.listdir(os.path.join(d, t, "artifacts")) if os.path.isdir(os.path.join(d, t, "artifacts")) else []
        last = lines[-1] if lines else ("?", "?", "?", "?")
        execs = stat.get("number_of_executed_units", last[0])
        secs = done.group(2) if done else "(stopped)"
        print(f"| {t} | {seeds} | {execs} | {secs} | {stat.get('average_exec_per_sec', '?')} | {last[1]} | "
              f"{last[2]} | {last[3]} | {stat.get('peak_rss_mb', '?')} MB | {len(arts)} |")
