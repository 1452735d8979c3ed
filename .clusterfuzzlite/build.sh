#!/bin/bash -eu
# ClusterFuzzLite runs $SRC/build.sh; the build is fuzz/oss-fuzz/build.sh, shared with OSS-Fuzz.
exec "$SRC/tsconform/fuzz/oss-fuzz/build.sh"
