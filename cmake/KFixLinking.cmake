# How kfix binaries link LLVM, MLIR and Clang.
#
# Default: Debian's shared libraries (libMLIR.so, libclang-cpp.so, libLLVM.so); links take seconds
# and out-of-tree pass plugins share one copy of MLIR with kfix-opt.
# KFIX_PORTABLE: every LLVM/MLIR/Clang archive statically, inside one --start-group, so the tool
# needs only glibc. Debian's exported static targets link to the shared `LLVM` target; we bypass the
# exported targets and hand the linker the archives directly.

add_library(kfix_llvm INTERFACE)
if(NOT KFIX_PORTABLE)
  target_link_libraries(kfix_llvm INTERFACE MLIR clang-cpp LLVM)
else()
  execute_process(COMMAND ${LLVM_TOOLS_BINARY_DIR}/llvm-config --link-static --libfiles all
                  OUTPUT_VARIABLE _llvm_static OUTPUT_STRIP_TRAILING_WHITESPACE)
  separate_arguments(_llvm_static UNIX_COMMAND "${_llvm_static}")
  list(FILTER _llvm_static EXCLUDE REGEX "Polly")
  file(GLOB _mlir_static "${LLVM_LIBRARY_DIR}/libMLIR*.a")
  list(FILTER _mlir_static EXCLUDE REGEX "libMLIR(CAPI|.*Test|ExecutionEngineShared).*")
  file(GLOB _clang_static "${LLVM_LIBRARY_DIR}/libclang[A-Z]*.a")
  find_library(KFIX_LIBZ NAMES libz.a REQUIRED)
  find_library(KFIX_LIBZSTD NAMES libzstd.a REQUIRED)
  string(JOIN " " _group ${_mlir_static} ${_clang_static} ${_llvm_static})
  target_link_libraries(kfix_llvm INTERFACE
    "-Wl,--start-group" ${_mlir_static} ${_clang_static} ${_llvm_static} "-Wl,--end-group"
    ${KFIX_LIBZ} ${KFIX_LIBZSTD} pthread dl m)
  # Drop unreferenced sections and fold identical code: most of MLIR's dialects
  # and LLVM's targets are never reached from kfix (-30% binary size). No PIE:
  # a PIE of this size has ~285k relative relocations that the loader applies
  # at every start, which dominated kfix-opt's latency on small kernels.
  target_link_options(kfix_llvm INTERFACE -static-libstdc++ -static-libgcc
                      -Wl,--gc-sections -Wl,--icf=all -no-pie)
endif()

# kfix_add_library(name SOURCES... [DEPENDS tablegen targets] [LINK other kfix libs])
function(kfix_add_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PUBLIC kfix_llvm ${ARG_LINK})
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  set_property(GLOBAL APPEND PROPERTY KFIX_LIBS ${name})
endfunction()
