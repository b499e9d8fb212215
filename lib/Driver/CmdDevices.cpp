//===- CmdDevices.cpp - `kfix devices` ------------------------------------===//
//
// Lists the CUDA devices the executor can use: `device 0: <name> (sm_XY, N MiB)`
// per device, exit 0; or why there is none, exit 1. test/lit.cfg.py sets the
// `cuda` feature from it.
//
//===----------------------------------------------------------------------===//
#include "kfix/Driver/Driver.h"
#include "kfix/Runtime/CudaDevices.h"

#include "llvm/Support/raw_ostream.h"
#include <cstring>

namespace {

int devicesMain(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      llvm::outs() << "usage: kfix devices\n\nLists the CUDA devices kfix can run kernels "
                      "on (exit 1 and the reason when there is none).\n";
      return 0;
    }
    llvm::errs() << "kfix devices: unexpected argument '" << argv[i] << "'\n";
    return 2;
  }
  std::vector<kfix::CudaDeviceInfo> devices;
  std::string why;
  if (!kfix::listCudaDevices(devices, why)) {
    llvm::errs() << "kfix devices: no CUDA device: " << why << "\n";
    return 1;
  }
  for (const kfix::CudaDeviceInfo &d : devices)
    llvm::outs() << "device " << d.ordinal << ": " << d.name << " (" << d.chip() << ", "
                 << (d.totalBytes >> 20) << " MiB)\n";
  return 0;
}

struct Register {
  Register() {
    kfix::registerSubcommand({"devices", "list the CUDA devices kernels can run on", devicesMain});
  }
} registerDevices;

} // namespace
