# `kfix-dist`: the portable tarball build-dir/kfix-<ver>-linux-x86_64.tar.xz with
#   bin/kfix (stripped), bin/kfix-opt and bin/kfix-translate (symlinks to kfix),
#   lib/clang/<major>/include (Clang's resource headers, used by the lifter),
#   share/kfix/kb (the knowledge base), share/kfix/python (the KernelBench
#   harness, python/kfix_harness, run by `kfix debug-kernelbench`).
# Meant for -DKFIX_PORTABLE=ON builds (the binary then needs only glibc);
# docs/portable.md describes it.

set(KFIX_VERSION "0.1" CACHE STRING "kfix version in the dist tarball name")
set(_name "kfix-${KFIX_VERSION}-linux-x86_64")
set(_stage "${CMAKE_BINARY_DIR}/dist/${_name}")
set(_tarball "${CMAKE_BINARY_DIR}/${_name}.tar.xz")
find_program(KFIX_STRIP NAMES llvm-strip strip HINTS ${LLVM_TOOLS_BINARY_DIR})
find_program(KFIX_XZ NAMES xz)
if(NOT KFIX_STRIP OR NOT KFIX_XZ)
  message(STATUS "kfix-dist unavailable: needs strip and xz")
  return()
endif()

# The tarball is repacked when the KB or the harness changes, not only kfix
# (CONFIGURE_DEPENDS: a new file re-globs at build time).
file(GLOB_RECURSE _dist_data CONFIGURE_DEPENDS
     ${PROJECT_SOURCE_DIR}/kb/*.yaml ${PROJECT_SOURCE_DIR}/kb/*.cu ${PROJECT_SOURCE_DIR}/kb/*.pdll
     ${PROJECT_SOURCE_DIR}/python/*.py ${PROJECT_SOURCE_DIR}/python/*.h
     ${PROJECT_SOURCE_DIR}/python/*.cpp)
add_custom_command(OUTPUT ${_tarball}
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${CMAKE_BINARY_DIR}/dist
  COMMAND ${CMAKE_COMMAND} -E make_directory ${_stage}/bin ${_stage}/lib/clang/${LLVM_VERSION_MAJOR}
  COMMAND ${KFIX_STRIP} --strip-all -o ${_stage}/bin/kfix $<TARGET_FILE:kfix>
  COMMAND ${CMAKE_COMMAND} -E create_symlink kfix ${_stage}/bin/kfix-opt
  COMMAND ${CMAKE_COMMAND} -E create_symlink kfix ${_stage}/bin/kfix-translate
  COMMAND ${CMAKE_COMMAND} -E copy_directory ${KFIX_CLANG_RESOURCE_DIR}/include
          ${_stage}/lib/clang/${LLVM_VERSION_MAJOR}/include
  COMMAND ${CMAKE_COMMAND} -E copy_directory ${PROJECT_SOURCE_DIR}/kb ${_stage}/share/kfix/kb
  COMMAND ${CMAKE_COMMAND} -E copy_directory ${PROJECT_SOURCE_DIR}/python ${_stage}/share/kfix/python
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${_stage}/share/kfix/python/kfix_harness/__pycache__
  COMMAND tar -C ${CMAKE_BINARY_DIR}/dist -cf - ${_name} | ${KFIX_XZ} -T2 -6 > ${_tarball}.tmp
  COMMAND ${CMAKE_COMMAND} -E rename ${_tarball}.tmp ${_tarball}
  DEPENDS kfix ${_dist_data}
  VERBATIM
  COMMENT "Packing ${_name}.tar.xz")
add_custom_target(kfix-dist DEPENDS ${_tarball})
if(NOT KFIX_PORTABLE)
  message(STATUS "kfix-dist: this is not a KFIX_PORTABLE build; the tarball would need "
                 "the LLVM/MLIR/Clang 22 shared libraries")
endif()
