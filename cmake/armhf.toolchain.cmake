# Cross build for armhf (32-bit ARM, little-endian: 32-bit size_t, unsigned plain char); tests
# run under qemu-arm (cmake/cross.cmake).
set(TSC_CROSS_ARCH armhf)
set(TSC_CROSS_TRIPLET arm-linux-gnueabihf)
set(TSC_CROSS_PROCESSOR arm)
set(TSC_CROSS_QEMU qemu-arm)
include(${CMAKE_CURRENT_LIST_DIR}/cross.cmake)
