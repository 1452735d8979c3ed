# Every fuzz/<target>.cpp defines LLVMFuzzerTestOneInput: fuzz/<family>_*.cpp of each family built,
# and fuzz/suite_*.cpp, the suite's own readers (the protocol, the JSON forms) over every family
# built. It is built as:
#   replay_<target>  engine-free driver (fuzz/replay_main.cpp) that ctest runs over the target's
#                    seed corpus and regression inputs, in every build (gcc, sanitizers, s390x)
#   fuzz_<target>    a libFuzzer binary, with TSC_FUZZ=ON (clang); target fuzz_binaries builds them all
# fuzz/oss-fuzz/build.sh builds the same sources the OSS-Fuzz way.
# FuzzedDataProvider.h ships with clang, which finds it among its own headers (so does OSS-Fuzz's
# clang). libclang-rt-14-dev's include folder holds clang's builtin headers too, which gcc must not
# see, so only that one header is copied for gcc builds.
function(tsc_fuzzed_data_provider out)
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    set(${out} "" PARENT_SCOPE)
    return()
  endif()
  file(GLOB header /usr/lib/llvm-*/lib/clang/*/include/fuzzer/FuzzedDataProvider.h)
  if(NOT header)
    message(FATAL_ERROR "FuzzedDataProvider.h not found: run ci/setup.sh (clang, libclang-rt-14-dev)")
  endif()
  list(GET header 0 header)
  configure_file(${header} ${CMAKE_BINARY_DIR}/fdp/fuzzer/FuzzedDataProvider.h COPYONLY)
  set(${out} ${CMAKE_BINARY_DIR}/fdp PARENT_SCOPE)
endfunction()

function(tsc_add_fuzz_targets)
  tsc_fuzzed_data_provider(fdp_include)
  if(TSC_FUZZ OR TSC_FUZZ_ENGINE)
    add_custom_target(fuzz_binaries)
  endif()
  # The corpus folders, globbed so that a new corpora/regressions/<target>/ (ci/fuzz.sh regress)
  # reconfigures the next build and joins its target's replay test; new files in a folder need
  # nothing, the driver lists them when it runs.
  file(GLOB corpus_dirs CONFIGURE_DEPENDS LIST_DIRECTORIES true
       ${PROJECT_SOURCE_DIR}/corpora/seeds/* ${PROJECT_SOURCE_DIR}/corpora/regressions/*)
  set(targets)
  foreach(family ${TSC_FAMILIES} suite)
    file(GLOB family_targets CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/fuzz/${family}_*.cpp)
    list(APPEND targets ${family_targets})
  endforeach()
  foreach(src ${targets})
    get_filename_component(name ${src} NAME_WE)
    add_executable(replay_${name} ${src} ${PROJECT_SOURCE_DIR}/fuzz/replay_main.cpp)
    target_link_libraries(replay_${name} PRIVATE tsc_harness)
    if(fdp_include)
      target_include_directories(replay_${name} SYSTEM PRIVATE ${fdp_include})
    endif()
    set(inputs)
    foreach(dir seeds regressions)
      if(${PROJECT_SOURCE_DIR}/corpora/${dir}/${name} IN_LIST corpus_dirs)
        list(APPEND inputs ${PROJECT_SOURCE_DIR}/corpora/${dir}/${name})
      endif()
    endforeach()
    if(TSC_TESTS)
      add_test(NAME replay_${name} COMMAND replay_${name} ${inputs})
    endif()
    if(TSC_FUZZ OR TSC_FUZZ_ENGINE)
      add_executable(fuzz_${name} ${src})
      add_dependencies(fuzz_binaries fuzz_${name})
      target_link_libraries(fuzz_${name} PRIVATE tsc_harness)
      if(TSC_FUZZ_ENGINE)
        separate_arguments(engine UNIX_COMMAND "${TSC_FUZZ_ENGINE}")
        target_link_options(fuzz_${name} PRIVATE ${engine})
      else()
        target_compile_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
        target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
      endif()
    endif()
  endforeach()
endfunction()
