#!/usr/bin/env bash
# Installs every tsconform dependency from Debian packages (docs/design.md, "Rules of the
# house"), then the s390x and armhf sysroots. Safe to rerun: when all is present it only checks
# and prints one line, without touching apt.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

packages=(
  cmake ninja-build g++ python3 python3-jsonschema zip
  clang libclang-rt-14-dev llvm            # libFuzzer + sanitizers; llvm-symbolizer, llvm-profdata
  librapidcheck-dev libgtest-dev googletest libbenchmark-dev
  nlohmann-json3-dev libcli11-dev libfmt-dev
  qemu-user g++-s390x-linux-gnu            # big-endian build, tests run under qemu-s390x
  g++-arm-linux-gnueabihf                  # 32-bit build, tests run under qemu-arm
  valgrind
  nodejs default-jdk-headless python3-yaml   # the example testees of `tsconform conform`; the workflow check
)

# One dpkg-query for all: a package counts only when its status is "installed"
# (not e.g. "config-files" after a remove). Unknown names make it exit 1: ignore that.
installed=$(dpkg-query -W -f='${db:Status-Status} ${Package}\n' "${packages[@]}" 2>/dev/null |
            awk '$1 == "installed" { print $2 }' || true)
missing=()
for p in "${packages[@]}"; do
  grep -qxF "$p" <<<"$installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

for arch in s390x armhf; do "$here/cross-sysroot.sh" "$arch"; done
echo "setup: dependencies installed, sysroots in /opt/tsconform (or TSC_S390X_SYSROOT, TSC_ARMHF_SYSROOT)"
