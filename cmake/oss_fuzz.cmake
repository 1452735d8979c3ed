# ctest oss_fuzz_build (label oss-fuzz): fuzz/oss-fuzz/check_build.py runs fuzz/oss-fuzz/build.sh as
# OSS-Fuzz's builder does (clang, ASan + -fsanitize=fuzzer-no-link, fresh SRC, WORK and OUT under
# <build>/oss-fuzz/), checks that OUT holds every fuzz target with its seed corpus zip, .options and
# .dict, runs each 1,000 times from its seeds, and checks that project.yaml and the ClusterFuzzLite
# workflows parse and agree. Select it with `ctest -L oss-fuzz`; leave it out with `-LE oss-fuzz`.
#
# The check builds with its own flags whatever the preset's, so it is registered once per test run:
# in the native build without sanitizers or coverage (dev), not again in asan, fuzz or coverage.
if(NOT TSC_TESTS OR CMAKE_CROSSCOMPILING OR TSC_SANITIZE OR TSC_COVERAGE)
  return()
endif()
find_program(TSC_CLANGXX clang++)
find_program(TSC_CLANG clang)
# Debian's python3 first: python3-yaml is installed for it.
find_program(TSC_PYTHON3 python3 HINTS /usr/bin)
if(NOT TSC_CLANGXX OR NOT TSC_CLANG OR NOT TSC_PYTHON3)
  message(STATUS "oss_fuzz_build test skipped: needs clang, clang++ and python3 (ci/setup.sh)")
  return()
endif()
add_test(NAME oss_fuzz_build
  COMMAND ${TSC_PYTHON3} ${PROJECT_SOURCE_DIR}/fuzz/oss-fuzz/check_build.py --source ${PROJECT_SOURCE_DIR}
          --scratch ${CMAKE_BINARY_DIR}/oss-fuzz --cc ${TSC_CLANG} --cxx ${TSC_CLANGXX} --runs 1000)
# The build takes every core for minutes (about 3 on 2 cores): ctest runs nothing beside it.
cmake_host_system_information(RESULT cores QUERY NUMBER_OF_LOGICAL_CORES)
set_tests_properties(oss_fuzz_build PROPERTIES LABELS oss-fuzz TIMEOUT 3600 PROCESSORS ${cores})
