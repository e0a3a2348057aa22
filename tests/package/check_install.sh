#!/usr/bin/env bash
# The package test (ctest -L package): installs the build into a temporary prefix and checks that
# the installed programs run on their own (ldd, RUNPATH, then run with the build and source trees
# hidden), that every one answers --help and --version without a display, that the desktop entry
# and AppStream file validate, that every link of the installed documents resolves in the
# installed tree, that the man pages do not name themselves under SEE ALSO, that the user's data
# is moved from the old places, and that CPack gives the three packages (tpugraphs-studio,
# tpugraphs-cli, tpugraphs-dev-tools; the CLI-only build: the last two) with the right programs,
# copyright file, changelog and dependencies, which lintian passes (when it is installed),
# and that the desktop package's Python module (when built) imports from its extracted files.
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
[ "$gui" = ON ] && programs+=(tpugraphs-studio tpugraphs-bench-graph tpugraphs-bench-memory
    tpugraphs-bench-ui tpugraphs-screenshot tpugraphs-screenshot-training)
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
# --version: the version line, then the BLAS and CPU lines (the same for every program).
expected=$("$build/app/tpugraphs" --version)
version_line=$(sed -n 1p <<<"$expected")
[[ "$version_line" =~ ^tpugraphs\ [0-9]+\.[0-9]+\.[0-9]+\ \(git\ ([0-9a-f]{12}(-dirty)?|unknown)\)$ ]] ||
    fail "unexpected version line: $version_line"
version=$(sed 's/^tpugraphs \([0-9.]*\) .*/\1/' <<<"$version_line")
cd "$work"
got=$(hidden timeout 60 "$prefix/bin/tpugraphs" --version) || fail "tpugraphs --version failed"
[ "$got" = "$expected" ] || fail "installed tpugraphs --version says '$got', the build '$expected'"
echo "ok: $got"
# Every program: --version prints its name and the build's version line, --help its options;
# both without a display (no DISPLAY, no QT_QPA_PLATFORM).
for program in "${programs[@]}"; do
    got=$(hidden env -u QT_QPA_PLATFORM -u DISPLAY -u WAYLAND_DISPLAY timeout 60 \
        "$prefix/bin/$program" --version 2>"$work/stderr") ||
        fail "$program --version failed: $got $(cat "$work/stderr")"
    [ "$got" = "${expected/tpugraphs/$program}" ] || fail "$program --version says: $got"
    help=$(hidden env -u QT_QPA_PLATFORM -u DISPLAY -u WAYLAND_DISPLAY timeout 60 \
        "$prefix/bin/$program" --help 2>"$work/stderr") ||
        fail "$program --help failed: $help $(cat "$work/stderr")"
    grep -q -- "--version" <<<"$help" || fail "$program --help does not list --version"
done
echo "ok: --version and --help of ${#programs[@]} programs, without a display"

# The user's data of earlier builds is moved to today's places on the first run (the CLI moves
# it too), nothing is left at the old places, and the cache goes to the new place.
old_prepared=$XDG_CACHE_HOME/tpugraphs-studio/prepared/old-dataset-0123456789abcdef
mkdir -p "$old_prepared" && echo entry >"$old_prepared/x.prepared"
hidden timeout 60 "$prefix/bin/tpugraphs" cache info >"$work/move.log" 2>&1 ||
    fail "tpugraphs cache info failed: $(cat "$work/move.log")"
[ -f "$XDG_CACHE_HOME/tpugraphs/prepared/old-dataset-0123456789abcdef/x.prepared" ] ||
    fail "the old prepared cache was not moved: $(cat "$work/move.log")"
[ ! -e "$XDG_CACHE_HOME/tpugraphs-studio" ] || fail "the old cache folder is left"
grep -q "moved $XDG_CACHE_HOME/tpugraphs-studio/prepared to" "$work/move.log" ||
    fail "the move is not reported: $(cat "$work/move.log")"
echo "ok: ~/.cache/tpugraphs-studio/prepared moved to ~/.cache/tpugraphs/prepared, and said so"
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
    # No placeholder address: what the project has no address for is left out.
    if grep -q "example\.\(org\|com\)" "$metainfo"; then fail "the metainfo has a placeholder URL"; fi
    grep -q "<project_license>Apache-2.0</project_license>" "$metainfo" ||
        fail "the metainfo's project_license is not Apache-2.0"
    grep -q "<release version=\"$version\"" "$metainfo" ||
        fail "the metainfo has no <release> for version $version"
    echo "ok: $(basename "$desktop") (Exec=$exec_program, Icon=$icon), metainfo with release $version"
fi

step "installed documents: every relative link resolves in the installed tree"
if [ "$gui" = ON ]; then
    docs=$prefix/share/tpugraphs-studio
    [ -f "$docs/docs/GUI.md" ] || fail "the user guide is not installed at $docs/docs/GUI.md"
    links=0
    while IFS= read -r document; do
        # [text](target) outside code blocks; web links and anchors in the same page skipped.
        while IFS= read -r target; do
            target=${target%%#*}
            [ -e "$(dirname "$document")/$target" ] ||
                fail "${document#"$prefix"/} links to $target, which is not installed"
            links=$((links + 1))
        done < <(sed '/^```/,/^```/d' "$document" | grep -oE '\]\([^) ]+\)' |
            sed -E 's/^\]\((.*)\)$/\1/' | grep -vE '^([a-z]+:|#)' || true)
    done < <(find "$docs" -name '*.md')
    echo "ok: $(find "$docs" -name '*.md' | wc -l) documents, $links relative links, all installed"
fi
for page in "$prefix"/share/man/man1/*.1.gz; do
    name=$(basename "$page" .1.gz)
    see_also=$(zcat "$page" | sed -n '/^\.SH "SEE ALSO"/,$p')
    [ -n "$see_also" ] || fail "$name(1) has no SEE ALSO"
    if grep -q "^\.BR $name (1)" <<<"$see_also"; then fail "$name(1) names itself under SEE ALSO"; fi
done
echo "ok: $(ls "$prefix"/share/man/man1 | wc -l) man pages, none naming itself under SEE ALSO"

step "cpack: the packages"
cd "$build"
debs=$work/debs
if [ "$gui" = ON ]; then
    packages=(tpugraphs-studio tpugraphs-cli tpugraphs-dev-tools)
    declare -A expected_programs=(
        [tpugraphs-studio]="tpugraphs tpugraphs-studio"
        [tpugraphs-cli]="tpugraphs"
        [tpugraphs-dev-tools]="tpugraphs-bench-graph tpugraphs-bench-memory tpugraphs-bench-ui tpugraphs-dev tpugraphs-screenshot tpugraphs-screenshot-charts tpugraphs-screenshot-pipeline tpugraphs-screenshot-training")
else
    packages=(tpugraphs-cli tpugraphs-dev-tools)
    declare -A expected_programs=([tpugraphs-cli]="tpugraphs" [tpugraphs-dev-tools]="tpugraphs-dev")
fi
# `cpack -G DEB` makes the first package; CPackConfig-NAME.cmake each of them.
for package in "${packages[@]}"; do
    config=()
    [ "$package" = "${packages[0]}" ] || config=(--config "CPackConfig-$package.cmake")
    cpack -G DEB "${config[@]}" -B "$debs" >"$work/cpack-$package.log" 2>&1 ||
        fail "cpack $package failed: $(tail -n 20 "$work/cpack-$package.log")"
done
summaries=""
for package in "${packages[@]}"; do
    deb=$(ls "$debs/${package}_${version}_"*.deb 2>/dev/null | head -n 1)
    [ -f "$deb" ] || fail "no ${package}_*.deb in $debs: $(ls "$debs")"
    depends=$(dpkg-deb --field "$deb" Depends)
    description=$(dpkg-deb --field "$deb" Description)
    echo "$(basename "$deb"): $(du -h "$deb" | cut -f1); Depends: $depends"
    # A CMake list passed as one description shows its ';' separators in the package's text.
    if grep -q ';' <<<"$description"; then fail "$package: the Description holds a ';'"; fi
    if awk 'length > 80' <<<"$description" | grep -q .; then fail "$package: Description lines over 80"; fi
    summaries+="$(head -n 1 <<<"$description")"$'\n'
    # The listing is read whole: `grep -q` on a pipe would stop dpkg-deb (SIGPIPE, pipefail).
    contents=$(dpkg-deb --contents "$deb" | awk '{print $6}')
    programs_in=$(sed -n 's|^\./usr/bin/\(.\+\)$|\1|p' <<<"$contents" | sort | tr '\n' ' ')
    [ "$programs_in" = "${expected_programs[$package]} " ] ||
        fail "$package holds the programs '$programs_in', not '${expected_programs[$package]}'"
    for file in copyright changelog.gz; do
        grep -qx "\./usr/share/doc/$package/$file" <<<"$contents" || fail "$package lacks $file"
    done
    for runtime in libtorch libopenblas0 libzip; do
        grep -q "$runtime" <<<"$depends" || fail "$package: Depends lacks $runtime"
    done
    case $package in
    tpugraphs-studio)
        for runtime in libqt6widgets6 libqt6charts6; do
            grep -q "$runtime" <<<"$depends" || fail "$package: Depends lacks $runtime"
        done
        grep -q "usr/share/applications/$app_id.desktop" <<<"$contents" ||
            fail "$package lacks the desktop entry"
        grep -qx "\./usr/share/tpugraphs-studio/docs/GUI.md" <<<"$contents" ||
            fail "$package lacks the user guide"
        [ "$(dpkg-deb --field "$deb" Provides)" = "tpugraphs-cli (= $version)" ] ||
            fail "$package does not provide tpugraphs-cli (= $version)"
        ;;
    tpugraphs-cli)
        if grep -q libqt6 <<<"$depends"; then fail "the CLI package depends on Qt 6"; fi
        # Honest about what LibTorch brings: no claim to be free of Qt.
        grep -q "Qt 5" <<<"$description" || fail "the CLI package does not say LibTorch pulls in Qt 5"
        ;;
    tpugraphs-dev-tools)
        grep -q "tpugraphs-cli (= $version)" <<<"$depends" || fail "$package: Depends lacks tpugraphs-cli"
        ;;
    esac
done
[ "$(sort -u <<<"$summaries" | grep -c .)" = "${#packages[@]}" ] ||
    fail "two packages have the same summary: $summaries"

if command -v lintian >/dev/null; then
    step "lintian"
    # Errors and warnings fail; the ones kept are overridden in the packages, with the reason
    # (docs/INSTALL.md lists them).
    for package in "${packages[@]}"; do
        deb=$(ls "$debs/${package}_${version}_"*.deb | head -n 1)
        lintian --fail-on error,warning --show-overrides "$deb" >"$work/lintian-$package.log" 2>&1 ||
            fail "lintian $package: $(grep -v '^running with root' "$work/lintian-$package.log")"
        echo "ok: lintian $package: $(grep -c '^[EW]:' "$work/lintian-$package.log") errors or warnings, $(grep -c '^O:' "$work/lintian-$package.log") overridden"
    done
else
    echo "SKIP: lintian is not installed (Debian package lintian)"
fi
deb=$(ls "$debs/${packages[0]}_${version}_"*.deb | head -n 1)
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
