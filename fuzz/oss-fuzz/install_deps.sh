#!/bin/bash -eu
# What fuzz/oss-fuzz/build.sh needs in OSS-Fuzz's builder image, run by both Dockerfiles (this
# folder's, for OSS-Fuzz, and .clusterfuzzlite/'s). The image is Ubuntu 20.04, whose packages are
# older than the project's floor: CMake 3.16 (CMakeLists.txt needs 3.25), fmt 6.1 and nlohmann-json
# 3.7 (the project is built and tested against Debian 12's fmt 9.1.0 and nlohmann-json 3.11.2). So
# CMake comes from pip and the two libraries from those release tags, installed into /usr/local.
# Only their headers are used (fmt::fmt-header-only): a compiled library would be built against
# the image's libstdc++, not the libc++ OSS-Fuzz builds the targets with.
apt-get update
apt-get install -y --no-install-recommends ninja-build zip
python3 -m pip install 'cmake>=3.25'

deps=$(mktemp -d)
git clone --depth 1 --branch 9.1.0 https://github.com/fmtlib/fmt "$deps/fmt"
git clone --depth 1 --branch v3.11.2 https://github.com/nlohmann/json "$deps/json"
cmake -S "$deps/fmt" -B "$deps/fmt/build" -G Ninja -DFMT_TEST=OFF -DFMT_DOC=OFF
cmake --build "$deps/fmt/build"
cmake -S "$deps/json" -B "$deps/json/build" -G Ninja -DJSON_BuildTests=OFF
for dep in fmt json; do cmake --install "$deps/$dep/build"; done
rm -rf "$deps"
