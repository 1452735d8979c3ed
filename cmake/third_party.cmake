# Libraries from Debian packages. The s390x build finds Debian's s390x builds of them in the
# sysroot that ci/setup.sh makes (see cmake/s390x.toolchain.cmake).
if(TSC_TESTS)
  find_package(GTest CONFIG REQUIRED)
  find_package(rapidcheck CONFIG REQUIRED)
  find_package(CLI11 CONFIG REQUIRED)
endif()
find_package(nlohmann_json CONFIG REQUIRED)
find_package(fmt CONFIG REQUIRED)
