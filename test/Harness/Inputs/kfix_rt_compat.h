// Test stand-in for the harness's kfix_rt_compat.h (python/kfix_harness).
#pragma once
