# Libraries from Debian packages. The s390x and armhf builds find Debian's builds of them for
# their architecture in the sysroots that ci/setup.sh makes (see cmake/cross.cmake).
if(TSC_TESTS)
  find_package(GTest CONFIG REQUIRED)
  find_package(rapidcheck CONFIG REQUIRED)
  find_package(CLI11 CONFIG REQUIRED)
endif()
find_package(nlohmann_json CONFIG REQUIRED)
find_package(fmt CONFIG REQUIRED)
