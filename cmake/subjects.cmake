# Builds the in-process subjects: each family's fast source once as `fast`, and, with
# TSC_MUTANTS, once more per catalogued mutant with that mutant's switch on and a namespace of
# its own. Generates register_builtin_subjects(), which registers them all.
#
# A mutant build gets TSC_MUTANT (its name) and TSC_MUTANT_IMPLEMENTATION (the catalogue's
# "implementation": which of the family's implementations the mutant subject wraps).
# TSC_MUTANT_PLATFORM / TSC_MUTANT_SANITIZER keep only the mutants whose catalogue "platform" /
# "sanitizer" is that value (the s390x build, the asan build); `any` / `none`, only the mutants without
# one (the dev build: a mutant only another build can kill is not compiled where it cannot fail).

set(TSC_MUTANT_SANITIZER "" CACHE STRING
    "With TSC_MUTANTS, only the mutants whose catalogue sanitizer is this (e.g. address; none: those without one)")

function(tsc_fast_sources family out)
  file(GLOB sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/subjects/fast/${family}*.cpp
                                       ${PROJECT_SOURCE_DIR}/subjects/fast/${family}/*.cpp)
  set(${out} ${sources} PARENT_SCOPE)
endfunction()

# Reads subjects/mutants/catalogue.json into parallel lists of names, families and implementations.
function(tsc_read_catalogue names_out families_out implementations_out)
  set(catalogue ${PROJECT_SOURCE_DIR}/subjects/mutants/catalogue.json)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${catalogue})
  file(READ ${catalogue} json)
  string(JSON count LENGTH ${json} mutants)
  set(names)
  set(families)
  set(implementations)
  if(count GREATER 0)
    math(EXPR last "${count} - 1")
    foreach(i RANGE ${last})
      string(JSON name GET ${json} mutants ${i} name)
      string(JSON family GET ${json} mutants ${i} family)
      string(JSON platform ERROR_VARIABLE no_platform GET ${json} mutants ${i} platform)
      if(no_platform)
        set(platform any)
      endif()
      string(JSON sanitizer ERROR_VARIABLE no_sanitizer GET ${json} mutants ${i} sanitizer)
      if(no_sanitizer)
        set(sanitizer none)
      endif()
      string(JSON implementation GET ${json} mutants ${i} implementation)
      if(TSC_MUTANT_PLATFORM AND NOT platform STREQUAL TSC_MUTANT_PLATFORM)
        continue()
      endif()
      if(TSC_MUTANT_SANITIZER AND NOT sanitizer STREQUAL TSC_MUTANT_SANITIZER)
        continue()
      endif()
      list(APPEND names ${name})
      list(APPEND families ${family})
      list(APPEND implementations ${implementation})
    endforeach()
  endif()
  set(${names_out} ${names} PARENT_SCOPE)
  set(${families_out} ${families} PARENT_SCOPE)
  set(${implementations_out} ${implementations} PARENT_SCOPE)
endfunction()

function(tsc_add_subjects target)
  set(calls "")
  set(decls "")
  set(all_sources)
  foreach(family ${TSC_FAMILIES})
    tsc_fast_sources(${family} sources)
    if(sources)
      list(APPEND all_sources ${sources})
      string(APPEND decls "namespace tsc::subjects::fast { void register_${family}(); }\n")
      string(APPEND calls "    tsc::subjects::fast::register_${family}();\n")
    endif()
  endforeach()
  add_library(${target} STATIC ${all_sources})
  target_link_libraries(${target} PUBLIC tsc_model)

  if(TSC_MUTANTS)
    tsc_read_catalogue(names families implementations)
    foreach(name family implementation IN ZIP_LISTS names families implementations)
      tsc_fast_sources(${family} sources)
      if(NOT sources)
        message(FATAL_ERROR "mutant ${name}: unknown family ${family}")
      endif()
      if(NOT family IN_LIST TSC_FAMILIES)
        continue()  # a family left out of this build (TSC_FAMILIES subset)
      endif()
      set(ns mutant_${name})
      add_library(${ns} OBJECT ${sources})
      target_link_libraries(${ns} PUBLIC tsc_model)
      target_compile_definitions(${ns} PRIVATE TSC_MUTANT="${name}" TSC_MUTANT_IMPLEMENTATION="${implementation}"
                                                 TSC_SUBJECT_NS=${ns})
      # No debug info: a mutant is debugged by its report, and -g doubles the build's longest step.
      # -O1: the mutant objects are most of a build's compile time, and no kill depends on -O2
      # (ci/mutants.py kills every one at -O1).
      target_compile_options(${ns} PRIVATE -g0 -O1)
      target_sources(${target} PRIVATE $<TARGET_OBJECTS:${ns}>)
      string(APPEND decls "namespace tsc::subjects::${ns} { void register_${family}(); }\n")
      string(APPEND calls "    tsc::subjects::${ns}::register_${family}();\n")
    endforeach()
  endif()

  # The families list of the generic code (CLI, serve, external subjects), and the registration.
  set(includes "")
  set(aliases "")
  set(references "")
  foreach(family ${TSC_FAMILIES})
    string(APPEND includes "#include \"conformance/harness/${family}/operations.hpp\"\n")
    if(EXISTS ${PROJECT_SOURCE_DIR}/conformance/inputs/${family}/operation_inputs.hpp)
      string(APPEND includes "#include \"conformance/inputs/${family}/operation_inputs.hpp\"\n")
    endif()
    list(APPEND aliases "tsc::families::${family}")
    string(APPEND references "    tsc::families::${family}::register_reference();\n")
  endforeach()
  list(JOIN aliases ", " aliases)
  file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/generated/families.hpp CONTENT "// Generated by cmake/subjects.cmake from TSC_FAMILIES.
#pragma once

${includes}
namespace tsc {
using AllFamilies = FamilyList<${aliases}>;
}  // namespace tsc
")
  set(generated ${CMAKE_BINARY_DIR}/generated/register_builtin_subjects.cpp)
  file(CONFIGURE OUTPUT ${generated} CONTENT "// Generated by cmake/subjects.cmake.
#include \"families.hpp\"

${decls}
void tsc::register_builtin_subjects() {
    static bool done = false;
    if (done) return;
    done = true;
${references}${calls}    tsc::AllFamilies::register_external_subjects();
}
")
  set(TSC_GENERATED_REGISTRY ${generated} PARENT_SCOPE)
endfunction()
