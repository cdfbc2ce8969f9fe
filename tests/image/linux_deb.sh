#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make linux-deb on a built board (tinyconfig: it packages in seconds,
# and warns that it is no kernel for a Debian system): the packages'
# control data; the kernel package's files (vmlinuz, the very bzImage
# make image made, and nothing compiled again; its .config, with the
# pipeline on; System.map; the domains' modules, in depmod's index);
# an install by an
# unprivileged user (nobody) into a scratch root with its own dpkg
# database. Then pc_i386_debian_defconfig, configured only (its build,
# half an hour, is make linux-deb's own): every option systemd and
# Debian's initramfs need is on (image-builder/kernel/debian-needs.sh).
# Prints TAP lines.
#
# usage: linux_deb.sh O LINUX_SRC   (O: a built board's output; from the
#                                    source tree)
set -u
O=$1
linux_src=$2
kb=$O/build/linux
log=$O/linux-deb.log
release=$(cat "$kb/include/config/kernel.release" 2>/dev/null)
debs=$O/images/debs
image=$debs/linux-image-${release}_${release}-1_i386.deb

sum() { cksum <"$1" 2>/dev/null; }
before=$(sum "$kb/vmlinux")
if ! make --no-print-directory O="$O" LINUX_SRC="$linux_src" linux-deb \
	>"$log" 2>&1; then
	echo "not ok - linux-deb: make linux-deb fails:"
	tail -n 20 "$log" | sed 's/^/# /'
	exit 0
fi
warn=$(grep '^  WARN  .*not for a Debian system' "$log")
left=$(find "$O/build" -maxdepth 1 \( -name '*.deb' -o -name '*.changes' \))
names=$(find "$debs" -name '*.deb' 2>/dev/null | sed 's|.*/||' | LC_ALL=C sort | tr '\n' ' ')
if [ -f "$image" ] && [ "$(sum "$kb/vmlinux")" = "$before" ] &&
	[ -z "$left" ] && [ ! -e "$debs.tmp" ] && [ -n "$warn" ] &&
	echo "$warn" | grep -q CONFIG_CGROUPS; then
	echo "ok - linux-deb: the board's kernel packaged without compiling it again (vmlinux unchanged): $names; it warns: $(echo "$warn" | tr -s ' ' | cut -c 2-)"
else
	echo "not ok - linux-deb: packages '$names'; vmlinux $([ "$(sum "$kb/vmlinux")" = "$before" ] && echo unchanged || echo "linked again"); left beside the object tree: '$left'; warning: '$warn'"
	sed 's/^/# /' "$log"
fi

# the control data
field() { dpkg-deb -f "$image" "$1" 2>/dev/null; }
ctl="$(field Package) $(field Version) $(field Architecture) $(field Source)"
want="linux-image-$release $release-1 i386 linux-adeos"
if [ "$ctl" = "$want" ]; then
	echo "ok - linux-deb: control: Package, Version, Architecture, Source: $ctl"
else
	echo "not ok - linux-deb: control: '$ctl', wanted '$want'"
fi

# the kernel package's files
files=$(dpkg-deb -c "$image" 2>/dev/null | awk '{ print $NF }')
lacks=
for f in "./boot/vmlinuz-$release" "./boot/config-$release" \
	"./boot/System.map-$release"; do
	echo "$files" | grep -qxF "$f" || lacks="$lacks $f"
done
mods=
for m in "$O"/build/modules/*.ko; do
	[ -f "$m" ] || continue
	m=${m##*/}
	mods="$mods $m"
	echo "$files" | grep -q "^\./lib/modules/$release/.*/$m\$" || lacks="$lacks $m"
done
tmp=$(mktemp -d /tmp/adeos-deb.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
chmod 0755 "$tmp"
dpkg-deb -x "$image" "$tmp/x" 2>/dev/null
adeos=$(grep '^CONFIG_ADEOS=' "$tmp/x/boot/config-$release" 2>/dev/null)
# depmod's index, for modprobe
for m in $mods; do
	grep -q "/$m:" "$tmp/x/lib/modules/$release/modules.dep" 2>/dev/null ||
		lacks="$lacks $m in modules.dep"
done
if [ -z "$lacks" ] && [ -n "$mods" ] && [ "$adeos" = CONFIG_ADEOS=y ] &&
	cmp -s "$tmp/x/boot/vmlinuz-$release" "$O/images/bzImage"; then
	echo "ok - linux-deb: linux-image holds vmlinuz (make image's bzImage, the same bytes), config-$release ($adeos), System.map and the domains' modules, in modules.dep:$mods"
else
	echo "not ok - linux-deb: linux-image lacks:$lacks; domain modules:${mods:- none}; config: '$adeos'; vmlinuz $(cmp "$tmp/x/boot/vmlinuz-$release" "$O/images/bzImage" 2>&1)"
fi

# installed by nobody into a scratch root, with its own dpkg database
if [ "$(id -u)" = 0 ]; then
	as() { runuser -u nobody -- "$@"; }
	who=nobody
else
	as() { "$@"; }
	who=$(id -un)
fi
root=$tmp/root
admin=$tmp/admin
mkdir -p "$root" "$admin/info" "$admin/updates" "$admin/triggers"
touch "$admin/status" "$admin/available"
# an amd64 host's dpkg: i386 as a foreign architecture, as multiarch has it
dpkg --admindir="$admin" --add-architecture i386
cp "$image" "$tmp/"
chown -R "$(as id -u)" "$root" "$admin"
dpkg_as() {
	as env PATH="$PATH" dpkg --force-not-root --force-script-chrootless \
		--log=/dev/null --instdir="$root" --admindir="$admin" "$@"
}
if dpkg_as -i "$tmp/${image##*/}" >"$tmp/install.log" 2>&1; then
	status=$(dpkg_as -s "linux-image-$release" 2>/dev/null | sed -n 's/^Status: //p')
else
	status="install failed: $(tail -n 3 "$tmp/install.log" | tr '\n' ' ')"
fi
if [ "$status" = "install ok installed" ] &&
	cmp -s "$root/boot/vmlinuz-$release" "$O/images/bzImage" &&
	[ -d "$root/lib/modules/$release" ]; then
	echo "ok - linux-deb: installed by $who into a scratch root with its own dpkg database: '$status', /boot/vmlinuz-$release and /lib/modules/$release there"
else
	echo "not ok - linux-deb: installed by $who: '$status'"
	sed 's/^/# /' "$tmp/install.log"
fi

# the Debian board, configured only
d=$tmp/debian
# the kernel stage's steps up to the .config (outside make: its epoch)
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(make -s --no-print-directory source-date-epoch)}
export SOURCE_DATE_EPOCH
configure() {
	make -s --no-print-directory O="$d" LINUX_SRC="$linux_src" \
		pc_i386_debian_defconfig domains || return 1
	for s in source sync configure; do
		O="$d" LINUX_SRC="$linux_src" ADEOS_CONFIG="$d/tools/adeos-config" \
			sh "image-builder/kernel/$s.sh" || return 1
	done
}
if configure >"$tmp/debian.log" 2>&1; then
	lacks=$(sh image-builder/kernel/debian-needs.sh "$d/build/linux/.config")
	if [ -z "$lacks" ]; then
		echo "ok - linux-deb: pc_i386_debian_defconfig's kernel configuration has everything systemd and Debian's initramfs need, and every option its fragments ask for"
	else
		echo "not ok - linux-deb: pc_i386_debian_defconfig's kernel lacks: $(echo "$lacks" | tr '\n' ';')"
	fi
else
	echo "not ok - linux-deb: pc_i386_debian_defconfig does not configure:"
	tail -n 10 "$tmp/debian.log" | sed 's/^/# /'
fi
