# The cross build of one foreign architecture, included by its toolchain file
# (cmake/<arch>.toolchain.cmake), which sets TSC_CROSS_ARCH (the Debian architecture),
# TSC_CROSS_TRIPLET (the GNU triplet of its compilers and libraries), TSC_CROSS_PROCESSOR
# and TSC_CROSS_QEMU (the qemu-user program that runs its binaries).
# Needs ci/setup.sh: the cross compiler, qemu-user and the sysroot of ci/cross-sysroot.sh.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${TSC_CROSS_PROCESSOR})
set(CMAKE_C_COMPILER ${TSC_CROSS_TRIPLET}-gcc)
set(CMAKE_CXX_COMPILER ${TSC_CROSS_TRIPLET}-g++)
# Makes find_package() look in <root>/usr/lib/<triplet>/cmake, where Debian's packages of
# the architecture put their CMake configs.
set(CMAKE_LIBRARY_ARCHITECTURE ${TSC_CROSS_TRIPLET})

# Folder made by ci/cross-sysroot.sh. Precedence: -D cache value, environment, default.
string(TOUPPER "TSC_${TSC_CROSS_ARCH}_SYSROOT" sysroot_variable)
if(NOT ${sysroot_variable})
  if(DEFINED ENV{${sysroot_variable}})
    set(${sysroot_variable} "$ENV{${sysroot_variable}}")
  else()
    set(${sysroot_variable} /opt/tsconform/${TSC_CROSS_ARCH}-sysroot)
  endif()
endif()
set(TSC_CROSS_SYSROOT "${${sysroot_variable}}")
set(${sysroot_variable} "${TSC_CROSS_SYSROOT}" CACHE PATH "${TSC_CROSS_ARCH} sysroot made by ci/cross-sysroot.sh")
# try_compile() projects read this file again: hand them the same folder.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES ${sysroot_variable})
if(NOT EXISTS "${TSC_CROSS_SYSROOT}/usr/lib/${TSC_CROSS_TRIPLET}/cmake/GTest")
  message(FATAL_ERROR "No ${TSC_CROSS_ARCH} sysroot in ${TSC_CROSS_SYSROOT}: run ci/setup.sh")
endif()

# Libraries, headers and CMake packages come only from the sysroot (GoogleTest,
# RapidCheck, fmt, nlohmann_json, CLI11) and the cross toolchain's own folder (libc,
# libstdc++), never from the host's /usr, whose x86-64 files would link or include
# wrongly. Programs (python3, qemu, ...) are the host's.
# No CMAKE_SYSROOT: the Debian cross compiler already knows /usr/<triplet>.
set(CMAKE_FIND_ROOT_PATH "${TSC_CROSS_SYSROOT}" /usr/${TSC_CROSS_TRIPLET})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# add_test(), gtest_discover_tests() and ctest run every binary through this; -L lets
# qemu find the architecture's dynamic loader, libc and libstdc++.
set(CMAKE_CROSSCOMPILING_EMULATOR ${TSC_CROSS_QEMU};-L;/usr/${TSC_CROSS_TRIPLET})
