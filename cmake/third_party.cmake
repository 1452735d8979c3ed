# Libraries from Debian packages. The s390x and armhf builds find Debian's builds of them for
# their architecture in the sysroots that ci/setup.sh makes (see cmake/cross.cmake).
if(TSC_TESTS)
  find_package(GTest CONFIG REQUIRED)
  find_package(rapidcheck CONFIG REQUIRED)
  find_package(CLI11 CONFIG REQUIRED)
endif()
find_package(nlohmann_json CONFIG REQUIRED)
find_package(fmt CONFIG REQUIRED)
# fmt as Debian's compiled library: header-only, every source that formats compiles fmt's
# implementation again (measured: 9 of a small source's 11 seconds at -O2). Fuzz binaries built for
# OSS-Fuzz (TSC_FUZZ_ENGINE) keep the headers only, as fuzz/oss-fuzz/install_deps.sh says why.
if(TSC_FUZZ_ENGINE)
  set(TSC_FMT fmt::fmt-header-only)
else()
  set(TSC_FMT fmt::fmt)
endif()
