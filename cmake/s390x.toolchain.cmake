# Cross build for s390x (big-endian), tests run under qemu-user.
#   cmake -B build-s390x -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/s390x.toolchain.cmake
# Needs ci/setup.sh: g++-s390x-linux-gnu, qemu-user and the s390x sysroot.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(CMAKE_C_COMPILER s390x-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER s390x-linux-gnu-g++)
# Makes find_package() look in <root>/usr/lib/s390x-linux-gnu/cmake, where Debian's
# s390x packages put their CMake configs.
set(CMAKE_LIBRARY_ARCHITECTURE s390x-linux-gnu)

# Folder made by ci/s390x-sysroot.sh. Precedence: -D cache value, environment, default.
if(NOT TSC_S390X_SYSROOT)
  if(DEFINED ENV{TSC_S390X_SYSROOT})
    set(TSC_S390X_SYSROOT "$ENV{TSC_S390X_SYSROOT}")
  else()
    set(TSC_S390X_SYSROOT /opt/tsconform/s390x-sysroot)
  endif()
endif()
set(TSC_S390X_SYSROOT "${TSC_S390X_SYSROOT}" CACHE PATH "s390x sysroot made by ci/s390x-sysroot.sh")
# try_compile() projects read this file again: hand them the same folder.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES TSC_S390X_SYSROOT)
if(NOT EXISTS "${TSC_S390X_SYSROOT}/usr/lib/s390x-linux-gnu/cmake/GTest")
  message(FATAL_ERROR "No s390x sysroot in ${TSC_S390X_SYSROOT}: run ci/setup.sh")
endif()

# Libraries, headers and CMake packages come only from the sysroot (GoogleTest,
# RapidCheck, fmt, nlohmann_json, CLI11) and the cross toolchain's own folder (libc,
# libstdc++), never from the host's /usr, whose x86-64 files would link or include
# wrongly. Programs (python3, qemu, ...) are the host's.
# No CMAKE_SYSROOT: the Debian cross compiler already knows /usr/s390x-linux-gnu.
set(CMAKE_FIND_ROOT_PATH "${TSC_S390X_SYSROOT}" /usr/s390x-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# add_test(), gtest_discover_tests() and ctest run every s390x binary through this;
# -L lets qemu find the s390x dynamic loader, libc and libstdc++.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-s390x;-L;/usr/s390x-linux-gnu)
