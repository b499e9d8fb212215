// RUN: not kfix-translate --kfix-extract-ptx %s 2>&1 | FileCheck %s
// CHECK: error: no gpu.binary holding PTX
module {
}
