import sys

sys.path.insert(0, sys.argv[1])
from kfix_harness.runtime import allocator_block  # noqa: E402

seg = {"address": 4096, "total_size": 8192, "blocks": [
    {"address": 4096, "size": 1024, "state": "active_allocated"},
    {"address": 5120, "size": 2048, "state": "active_allocated"},
    {"address": 7168, "size": 5120, "state": "inactive"}]}
print("inside-first", allocator_block(4100, [seg]))
print("start-second", allocator_block(5120, [seg]))
print("middle-second", allocator_block(6000, [seg]))
print("free-block", allocator_block(8000, [seg]))
print("past-segment", allocator_block(4096 + 8192, [seg]))
# Older snapshots list blocks without their addresses: they follow one another.
bare = dict(seg, blocks=[{k: v for k, v in b.items() if k != "address"} for b in seg["blocks"]])
print("no-address-field", allocator_block(6000, [bare]))
print("not-a-snapshot", allocator_block(6000, [42]))
