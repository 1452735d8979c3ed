# Cross build for s390x (64-bit, big-endian); tests run under qemu-s390x (cmake/cross.cmake).
set(TSC_CROSS_ARCH s390x)
set(TSC_CROSS_TRIPLET s390x-linux-gnu)
set(TSC_CROSS_PROCESSOR s390x)
set(TSC_CROSS_QEMU qemu-s390x)
include(${CMAKE_CURRENT_LIST_DIR}/cross.cmake)
