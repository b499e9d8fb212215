#!/usr/bin/env python3
"""Reads lit's xunit XML and prints the skipped tests with their reasons, then
the final `N passed, N failed` line. Exit status 1 when anything failed."""
import sys
import xml.etree.ElementTree as ET

root = ET.parse(sys.argv[1]).getroot()
passed = failed = skipped = 0
skips = []
for case in root.iter("testcase"):
    if case.find("failure") is not None or case.find("error") is not None:
        failed += 1
    elif case.find("skipped") is not None:
        skipped += 1
        msg = case.find("skipped").get("message", "")
        skips.append(f"{case.get('classname')}.{case.get('name')}: {msg}")
    else:
        passed += 1
if skips:
    print(f"{skipped} skipped:")
    for s in skips:
        print("  " + s)
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
