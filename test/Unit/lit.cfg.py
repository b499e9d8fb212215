# -*- Python -*-
# The gtest unit tests of kfix's C++ libraries, one lit test per gtest test.
import os
import lit.formats

config.name = "kfix-unit"
config.suffixes = []
config.test_source_root = os.path.join(config.kfix_obj_root, "unittests")
config.test_exec_root = config.test_source_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
