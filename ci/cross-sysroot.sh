#!/usr/bin/env bash
# ci/cross-sysroot.sh ARCH (a Debian architecture: s390x, armhf)
# Builds the sysroot that cmake/cross.toolchain.cmake searches for ARCH: Debian's own ARCH
# builds of GoogleTest, RapidCheck and fmt (static/shared libs + CMake configs), plus the
# arch-independent header-only packages, so that every find_package() of the project
# resolves inside this one folder and never picks up an x86-64 file.
# Run by ci/setup.sh; rerunning is instant once the marker matches the package list.
set -euo pipefail

arch=${1:?usage: ci/cross-sysroot.sh ARCH}
sysroot_variable=TSC_${arch^^}_SYSROOT
sysroot=${!sysroot_variable:-/opt/tsconform/$arch-sysroot}
# libfmt9 is only there so fmt's CMake config finds the library it names; the project
# uses fmt header-only. nlohmann-json3-dev and libcli11-dev are Architecture: all.
pkgs=(libgtest-dev:$arch librapidcheck-dev:$arch libfmt-dev:$arch libfmt9:$arch
      nlohmann-json3-dev libcli11-dev)
# The marker holds the package list: changing the list above rebuilds the sysroot.
marker=$sysroot/.tsconform-sysroot
[[ -f $marker && $(<"$marker") == "${pkgs[*]}" ]] && exit 0

# The mirror is whatever this machine's bookworm stanza uses, read now, never stored.
uri=$(awk '
  /^[[:space:]]*$/          { uri = ""; suite = 0; next }   # blank line: next stanza
  tolower($1) == "uris:"    { uri = $2 }                    # first URI of the stanza
  tolower($1) == "suites:"  { for (i = 2; i <= NF; i++) if ($i == "bookworm") suite = 1 }
  uri != "" && suite        { print uri; exit }
' /etc/apt/sources.list.d/debian.sources)
[[ -n $uri ]] || { echo "cross-sysroot: no bookworm URIs in debian.sources" >&2; exit 1; }

list=/etc/apt/sources.list.d/tsconform-$arch.list
work=$(mktemp -d)
trap 'rm -rf "$work" "$list"' EXIT
chmod 755 "$work"   # apt downloads as user _apt, which must reach the folders below
mkdir -p "$work/lists/partial" "$work/cache" "$work/debs"
chown _apt "$work/lists/partial" "$work/debs"
echo "deb [arch=$arch signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri bookworm main" >"$list"

# apt reads only our list and keeps its index in $work: the host's own package lists,
# cache and dpkg architectures are never touched, so no `dpkg --add-architecture` and
# no host-wide `apt-get update` is needed (apt-get download accepts :$arch as it is).
apt=(apt-get -qq -o Dir::Etc::SourceList="$list" -o Dir::Etc::SourceParts=-
     -o Dir::State::Lists="$work/lists" -o Dir::Cache="$work/cache")
"${apt[@]}" update
(cd "$work/debs" && "${apt[@]}" download "${pkgs[@]}")

# Only remove a folder that this script made (it has our marker, maybe an older one).
[[ -f $marker ]] && rm -rf "$sysroot"
mkdir -p "$sysroot"
for deb in "$work"/debs/*.deb; do dpkg-deb -x "$deb" "$sysroot"; done
echo "${pkgs[*]}" >"$marker"   # written last: an interrupted run is redone next time
echo "$arch sysroot built in $sysroot"
