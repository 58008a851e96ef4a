#!/usr/bin/env bash
# Q7 Studio oracle: builds librt-lx106.a, the libgcc helpers that Debian's
# lx106 libgcc.a lacks (integer division, soft-float add/mul/div/convert,
# 64-bit multiply/divide), into <repo>/.oracle-cache/libgcc/.
#
# The assembly helpers come from libgcc's Xtensa sources inside the
# gcc-12-source package's tarball, assembled here as a tool step (nothing
# from that tarball is stored in the repository); the 64-bit C helpers and the
# option header are our own (scripts/oracle/libgcc/).
#
# Idempotent: when the archive exists and its inputs are unchanged it only
# prints the archive's path. Prints the archive path on stdout.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cache="${ORACLE_CACHE:-$repo/.oracle-cache}/libgcc"
tarball="${GCC_SOURCE_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}"
cc="${XTENSA_GCC:-xtensa-lx106-elf-gcc}"
ar="${XTENSA_AR:-xtensa-lx106-elf-ar}"
nm="${XTENSA_NM:-xtensa-lx106-elf-nm}"
archive="$cache/librt-lx106.a"

# One object per L_<name> section of lib1funcs.S.
asm_helpers="udivsi3 divsi3 umodsi3 umulsidi3 addsubsf3 mulsf3 fixunssfsi
  floatsisf addsubdf3 muldf3 divdf3 fixdfsi fixunsdfsi floatsidf truncdfsf2
  extendsfdf2"
# Symbols the archive must define afterwards (pitfall 1 of the reference).
required="__udivsi3 __divsi3 __umodsi3 __umulsidi3 __muldi3 __udivdi3 __umoddi3
  __divdi3 __addsf3 __subsf3 __mulsf3 __floatsisf __floatunsisf __fixunssfsi
  __adddf3 __subdf3 __muldf3 __divdf3 __floatsidf __floatunsidf __fixdfsi
  __fixunsdfsi __extendsfdf2 __truncdfsf2"

input_key() {
  {
    sha256sum "${BASH_SOURCE[0]}" "$here/libgcc/xtensa-config.h" "$here/libgcc/di-helpers.c"
    ls -l "$tarball"
    "$cc" --version | head -n 1
  } | sha256sum | cut -d' ' -f1
}

extract_sources() {
  local dest="$1" member="gcc-12.2.0/libgcc/config/xtensa"
  [ -f "$dest/lib1funcs.S" ] && return 0
  local tmp; tmp="$(mktemp -d "$cache/extract.XXXXXX")"
  tar -xJf "$tarball" -C "$tmp" "$member/lib1funcs.S" "$member/ieee754-sf.S" "$member/ieee754-df.S"
  rm -rf "$dest"
  mv "$tmp/$member" "$dest"
  rm -rf "$tmp"
}

build_objects() {
  local src="$1" out="$2" pids=() name
  for name in $asm_helpers; do
    "$cc" -O2 -c -I"$here/libgcc" -I"$src" "-DL_$name" "$src/lib1funcs.S" -o "$out/_$name.o" &
    pids+=($!)
  done
  "$cc" -O2 -c "$here/libgcc/di-helpers.c" -o "$out/di-helpers.o" &
  pids+=($!)
  local pid status=0
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
  return "$status"
}

check_archive() {
  local file="$1" defined sym missing=""
  defined="$("$nm" -g --defined-only "$file" 2>/dev/null | awk 'NF==3{print $3}')"
  for sym in $required; do
    grep -qx "$sym" <<<"$defined" || missing="$missing $sym"
  done
  if [ -n "$missing" ]; then
    echo "build-libgcc-helpers: archive lacks:$missing" >&2
    return 1
  fi
}

build_archive() {
  local work status=0
  work="$(mktemp -d "$cache/build.XXXXXX")"
  extract_sources "$cache/src"
  if build_objects "$cache/src" "$work" &&
     "$ar" rcs "$work/librt-lx106.a" "$work"/*.o &&
     check_archive "$work/librt-lx106.a"; then
    mv -f "$work/librt-lx106.a" "$archive"
  else
    status=1
  fi
  rm -rf "$work"
  return "$status"
}

main() {
  mkdir -p "$cache"
  exec 9>"$cache/.lock"
  flock 9
  local key; key="$(input_key)"
  if [ -f "$archive" ] && [ "$(cat "$cache/key" 2>/dev/null)" = "$key" ]; then
    echo "$archive"
    return 0
  fi
  [ -f "$tarball" ] || { echo "build-libgcc-helpers: $tarball not found (apt-get install gcc-12-source)" >&2; exit 1; }
  build_archive
  echo "$key" >"$cache/key"
  echo "$archive"
}

main "$@"
