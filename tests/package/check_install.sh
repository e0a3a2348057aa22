#!/usr/bin/env bash
# The package test (ctest -L package): installs the build into a temporary prefix and checks that
# the installed programs run on their own (ldd, RUNPATH, then run with the build and source trees
# hidden), that the desktop entry and AppStream file validate, and that `cpack -G DEB` gives
# packages whose computed dependencies name Qt, LibTorch and OpenBLAS (the CLI-only one: no Qt),
# and that the package's Python module (when built) imports from its extracted files.
# Usage: check_install.sh BUILD_DIR SOURCE_DIR SAMPLE_NPZ SAMPLE_NODES WITH_GUI(ON|OFF) APP_ID
set -euo pipefail
build=$(realpath "$1") source=$(realpath "$2") sample=$3 nodes=$4 gui=$5 app_id=$6

work=$(mktemp -d /tmp/tpugraphs-package-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
step() { echo "== $*"; }
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
need() {  # need PROGRAM PACKAGE
    command -v "$1" >/dev/null || fail "$1 is missing (Debian package $2; scripts/setup.sh installs it)"
}
need desktop-file-validate desktop-file-utils
need appstreamcli appstream
need dpkg-shlibdeps dpkg-dev
need readelf binutils

step "cmake --install $build --prefix $prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log" || fail "cmake --install failed"
programs=(tpugraphs tpugraphs-dev)
[ "$gui" = ON ] && programs+=(tpugraphs-studio)
for program in "${programs[@]}"; do
    [ -x "$prefix/bin/$program" ] || fail "$program is not installed in bin/"
done
echo "installed: $(cd "$prefix" && find . -type f | wc -l) files; programs: $(ls "$prefix/bin" | tr '\n' ' ')"

step "ldd and RUNPATH: every library found, none in the build or source tree"
for exe in "$prefix"/bin/*; do
    libraries=$(ldd "$exe")
    if grep -q "not found" <<<"$libraries"; then fail "$exe: $(grep "not found" <<<"$libraries")"; fi
    if grep -qF -e "$build" -e "$source" <<<"$libraries"; then fail "$exe links into the tree"; fi
    if readelf -d "$exe" | grep -E "RPATH|RUNPATH" | grep -qF -e "$build" -e "$source"; then
        fail "$exe: $(readelf -d "$exe" | grep -E "RPATH|RUNPATH")"
    fi
done
echo "ok: $(ls "$prefix/bin" | wc -l) programs, e.g. tpugraphs needs $(ldd "$prefix/bin/tpugraphs" | wc -l) system libraries"

# Runs a command with the build and source trees hidden: under empty folders mounted over them
# in a private mount namespace when one can be had, else with the build folder moved aside.
empty=$work/empty
mkdir -p "$empty" "$work/home"
hidden() {
    if unshare --map-root-user --mount true 2>/dev/null; then
        unshare --map-root-user --mount bash -c \
            'mount --bind "$1" "$2" && mount --bind "$1" "$3" && shift 3 && exec "$@"' \
            hide "$empty" "$build" "$source" "$@"
    else
        mv "$build" "$build.moved-aside"
        local status=0
        "$@" || status=$?
        mv "$build.moved-aside" "$build"
        return $status
    fi
}
export HOME=$work/home XDG_CACHE_HOME=$work/home/cache XDG_CONFIG_HOME=$work/home/config
export XDG_DATA_HOME=$work/home/data QT_QPA_PLATFORM=offscreen

step "installed programs, build and source trees hidden"
expected=$("$build/app/tpugraphs" --version)
[[ "$expected" =~ ^tpugraphs\ [0-9]+\.[0-9]+\.[0-9]+\ \(git\ ([0-9a-f]{12}(-dirty)?|unknown)\)$ ]] ||
    fail "unexpected version line: $expected"
version=$(sed 's/^tpugraphs \([0-9.]*\) .*/\1/' <<<"$expected")
cd "$work"
got=$(hidden timeout 60 "$prefix/bin/tpugraphs" --version) || fail "tpugraphs --version failed"
[ "$got" = "$expected" ] || fail "installed tpugraphs --version says '$got', the build '$expected'"
echo "ok: $got"
if [ -f "$sample" ]; then
    hidden timeout 120 "$prefix/bin/tpugraphs" info "$sample" >"$work/info.txt" ||
        fail "tpugraphs info failed: $(cat "$work/info.txt")"
    grep -Eq "^nodes +$nodes\$" "$work/info.txt" ||
        fail "tpugraphs info does not say $nodes nodes: $(cat "$work/info.txt")"
    echo "ok: tpugraphs info $(basename "$sample"): $nodes nodes"
else
    echo "SKIP: tpugraphs info: no sample file at $sample (../shared/data is absent)"
fi
if [ "$gui" = ON ]; then
    got=$(hidden timeout 60 "$prefix/bin/tpugraphs-studio" --version) ||
        fail "tpugraphs-studio --version failed"
    [ "$got" = "${expected/tpugraphs/tpugraphs-studio}" ] || fail "tpugraphs-studio --version: $got"
    echo "ok: $got"
    # The window comes up and runs its event loop until `timeout` stops it (status 124).
    status=0
    hidden timeout 10 "$prefix/bin/tpugraphs-studio" "$work/no-such-dataset" \
        >"$work/studio.log" 2>&1 || status=$?
    [ "$status" = 124 ] || fail "tpugraphs-studio exited with $status: $(tail -n 5 "$work/studio.log")"
    echo "ok: tpugraphs-studio ran its window for 10 s (offscreen)"
fi

if [ "$gui" = ON ]; then
    step "desktop entry, icon and AppStream metadata"
    desktop=$prefix/share/applications/$app_id.desktop
    metainfo=$prefix/share/metainfo/$app_id.metainfo.xml
    desktop-file-validate "$desktop" || fail "desktop-file-validate $desktop"
    exec_program=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$desktop")
    [ -x "$prefix/bin/$exec_program" ] || fail "Exec=$exec_program is not an installed program"
    icon=$(sed -n 's/^Icon=//p' "$desktop")
    for size in 16 32 48 64 128 256; do
        [ -f "$prefix/share/icons/hicolor/${size}x$size/apps/$icon.png" ] || fail "no ${size}px icon"
    done
    [ -f "$prefix/share/icons/hicolor/scalable/apps/$icon.svg" ] || fail "no SVG icon"
    appstreamcli validate --no-net "$metainfo" || fail "appstreamcli validate $metainfo"
    grep -q "<release version=\"$version\"" "$metainfo" ||
        fail "the metainfo has no <release> for version $version"
    echo "ok: $(basename "$desktop") (Exec=$exec_program, Icon=$icon), metainfo with release $version"
fi

step "cpack -G DEB"
cd "$build"
debs=$work/debs
cpack -G DEB -B "$debs" >"$work/cpack.log" 2>&1 || fail "cpack failed: $(tail -n 20 "$work/cpack.log")"
[ "$gui" = ON ] && name=tpugraphs-studio || name=tpugraphs-cli
deb=$(ls "$debs/${name}_${version}_"*.deb 2>/dev/null | head -n 1)
[ -f "$deb" ] || fail "no ${name}_*.deb in $debs: $(ls "$debs")"
depends=$(dpkg-deb --field "$deb" Depends)
echo "$(basename "$deb"): $(du -h "$deb" | cut -f1); Depends: $depends"
# A CMake list passed as one description shows its ';' separators in the package's text.
description=$(dpkg-deb --field "$deb" Description)
if grep -q ';' <<<"$description"; then fail "the Description holds a CMake list's ';': $description"; fi
for runtime in libtorch libopenblas0 libzip; do
    grep -q "$runtime" <<<"$depends" || fail "Depends lacks $runtime"
done
if [ "$gui" = ON ]; then
    for runtime in libqt6widgets6 libqt6charts6; do
        grep -q "$runtime" <<<"$depends" || fail "Depends lacks $runtime"
    done
    # The listing is read whole: `grep -q` on a pipe would stop dpkg-deb (SIGPIPE, pipefail).
    contents=$(dpkg-deb --contents "$deb")
    grep -q "usr/share/applications/$app_id.desktop" <<<"$contents" ||
        fail "the package lacks the desktop entry"

    step "cpack -G DEB --config CPackConfig-cli.cmake (the CLI alone)"
    cpack -G DEB --config CPackConfig-cli.cmake -B "$debs/cli" >"$work/cpack-cli.log" 2>&1 ||
        fail "cpack (CLI) failed: $(tail -n 20 "$work/cpack-cli.log")"
    cli_deb=$(ls "$debs"/cli/tpugraphs-cli_*.deb)
    cli_depends=$(dpkg-deb --field "$cli_deb" Depends)
    echo "$(basename "$cli_deb"): $(du -h "$cli_deb" | cut -f1); Depends: $cli_depends"
    grep -q libtorch <<<"$cli_depends" || fail "the CLI package's Depends lacks libtorch"
    if grep -q libqt6 <<<"$cli_depends"; then fail "the CLI package depends on Qt"; fi
    [ "$(dpkg-deb --contents "$cli_deb" | grep -c "usr/bin/")" = 2 ] ||  # usr/bin/ and tpugraphs
        fail "the CLI package holds other programs: $(dpkg-deb --contents "$cli_deb" | grep usr/bin/)"
fi
python_module=$(dpkg-deb --contents "$deb" | grep -o "usr/lib/python3/dist-packages/tpugraphs/_core[^ ]*\.so" || true)
if [ -n "$python_module" ]; then
    step "import tpugraphs from the package's files (extracted), build and source trees hidden"
    dpkg-deb -x "$deb" "$work/deb-root"
    got=$(hidden env PYTHONPATH="$work/deb-root/usr/lib/python3/dist-packages" timeout 120 \
        /usr/bin/python3 -c 'import sys, tpugraphs
print(tpugraphs.__version__, tpugraphs.load(sys.argv[1]).node_count if sys.argv[1:] else "")' \
        $([ -f "$sample" ] && echo "$sample")) || fail "import tpugraphs failed: $got"
    [ "$got" = "$version $([ -f "$sample" ] && echo "$nodes")" ] ||
        fail "the packaged module says '$got', expected version $version and $nodes nodes"
    echo "ok: $python_module imports (version $version) and loads the sample"
fi
echo "package test passed"
