#!/usr/bin/env bash
# The clean-install walk-through of docs/INSTALL.md: installs the packages into a minimal Debian 12
# (debootstrap --variant=minbase bookworm) and checks them there as a user would: apt resolves
# every dependency, every program answers --version and --help without a display and finds its
# libraries, the CLI reads a real file and moves an old cache, the app runs its window
# (offscreen), the developer tools install beside it, the CLI-only package installs alone and
# makes way for the desktop one, and removing them leaves nothing behind. Needs root, network
# access to Debian's mirror and debootstrap; not part of ctest.
# Usage: clean_install_debian12.sh ROOT DEBS_DIR [SAMPLE_NPZ]
#   ROOT: an empty folder for the new system, or one debootstrap already filled (it is reused)
#   DEBS_DIR: holds tpugraphs-studio_*.deb, tpugraphs-cli_*.deb, tpugraphs-dev-tools_*.deb
set -euo pipefail
root=$(realpath "$1") debs=$(realpath "$2") sample=${3:-}
step() { echo "== $*"; }
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
[ "$(id -u)" = 0 ] || fail "run as root (debootstrap and chroot)"
in_root() {
    chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        DEBIAN_FRONTEND=noninteractive "$@"
}

if [ ! -x "$root/usr/bin/apt-get" ]; then
    step "debootstrap --variant=minbase bookworm $root"
    time debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
cat >"$root/etc/apt/sources.list" <<'EOF'
deb http://deb.debian.org/debian bookworm main
deb http://deb.debian.org/debian bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
mountpoint -q "$root/dev/pts" || mount -t devpts devpts "$root/dev/pts"
trap 'umount "$root/proc" "$root/dev/pts" 2>/dev/null || true' EXIT
in_root apt-get update -q >/dev/null
mkdir -p "$root/tmp/debs"
cp "$debs"/tpugraphs-*.deb "$root/tmp/debs/"
studio=$(cd "$root/tmp/debs" && ls tpugraphs-studio_*.deb) cli=$(cd "$root/tmp/debs" && ls tpugraphs-cli_*.deb)
tools=$(cd "$root/tmp/debs" && ls tpugraphs-dev-tools_*.deb)
before=$(in_root dpkg-query -W -f '${Package}\n' | sort)

step "apt-get install ./$studio"
in_root apt-get install -y -q "/tmp/debs/$studio" >"$root/tmp/install.log" 2>&1 ||
    fail "apt-get install: $(tail -n 20 "$root/tmp/install.log")"
grep -E "newly installed|Need to get|After this operation" "$root/tmp/install.log"
for program in tpugraphs tpugraphs-studio; do
    in_root ldd "/usr/bin/$program" | grep "not found" && fail "$program: a library is missing"
    echo "$ $program --version: $(in_root "$program" --version)"
    in_root "$program" --help >/dev/null || fail "$program --help"
done
if in_root sh -c 'command -v python3' >/dev/null; then echo "note: python3 is installed"; else
    echo "ok: no python3 on the system: nothing here needs it"; fi
if [ -n "$sample" ] && [ -f "$sample" ]; then
    cp "$sample" "$root/tmp/sample.npz"
    in_root tpugraphs info /tmp/sample.npz | head -n 8
fi
step "an old prepared cache moves to ~/.cache/tpugraphs"
in_root mkdir -p /root/.cache/tpugraphs-studio/prepared/d-0123456789abcdef
in_root tpugraphs cache info >/dev/null
[ -d "$root/root/.cache/tpugraphs/prepared/d-0123456789abcdef" ] || fail "not moved"
[ ! -e "$root/root/.cache/tpugraphs-studio" ] || fail "the old folder is left"
echo "ok: moved"
step "the app's window, offscreen, for 10 s"
status=0
in_root env QT_QPA_PLATFORM=offscreen timeout 10 tpugraphs-studio >/dev/null 2>&1 || status=$?
[ "$status" = 124 ] || fail "tpugraphs-studio exited with $status"
[ -d "$root/root/.cache/tpugraphs/demo-dataset-v1" ] || fail "no demo in ~/.cache/tpugraphs"
echo "ok: it ran until stopped, with the demo in ~/.cache/tpugraphs/demo-dataset-v1"
in_root test -f /usr/share/tpugraphs-studio/docs/GUI.md || fail "no user guide"

step "apt-get install ./$tools (beside the desktop app)"
in_root apt-get install -y -q "/tmp/debs/$tools" >"$root/tmp/install-tools.log" 2>&1 ||
    fail "apt-get install tools: $(tail -n 20 "$root/tmp/install-tools.log")"
for program in tpugraphs-dev tpugraphs-bench-graph tpugraphs-bench-ui tpugraphs-bench-memory \
    tpugraphs-screenshot tpugraphs-screenshot-training; do
    echo "$ $program --version: $(in_root "$program" --version)"
done

step "apt-get purge: the desktop app and the tools"
in_root apt-get purge -y -q tpugraphs-dev-tools tpugraphs-studio >/dev/null
step "apt-get install ./$cli (alone), then ./$studio over it"
in_root apt-get install -y -q "/tmp/debs/$cli" >/dev/null
echo "$ tpugraphs --version: $(in_root tpugraphs --version)"
in_root test ! -e /usr/bin/tpugraphs-studio || fail "the CLI package installed the app"
in_root apt-get install -y -q "/tmp/debs/$studio" >"$root/tmp/swap.log" 2>&1 ||
    fail "installing the app over the CLI: $(tail -n 20 "$root/tmp/swap.log")"
in_root dpkg-query -W -f '${Status}\n' tpugraphs-cli 2>/dev/null | grep -q "^install ok installed" &&
    fail "tpugraphs-cli is still installed beside tpugraphs-studio"
echo "ok: tpugraphs-studio replaced tpugraphs-cli"
in_root apt-get purge -y -q tpugraphs-studio >/dev/null
in_root apt-get autoremove --purge -y -q >/dev/null
left=$(find "$root/usr" "$root/etc" -name '*tpugraphs*' | sed "s|^$root||")
[ -z "$left" ] || fail "left behind: $left"
in_root dpkg-query -W -f '${Package}\n' | grep -q '^tpugraphs' && fail "a tpugraphs package is left"
# What autoremove keeps is apt's choice: packages another installed one recommends (apt itself
# recommends ca-certificates, which the dependencies brought in).
after=$(in_root dpkg-query -W -f '${Package}\n' | sort)
echo "ok: nothing of the packages left in /usr or /etc; packages kept by apt after autoremove:" \
    "$(comm -13 <(echo "$before") <(echo "$after") | tr '\n' ' ')"
echo "clean install passed"
