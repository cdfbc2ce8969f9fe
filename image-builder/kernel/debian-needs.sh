#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# What a kernel needs to boot an installed Debian 12 system: the options
# of systemd's README that it cannot start without, what Debian's
# initramfs-tools unpacks and mounts with, and the pipeline itself.
# Prints each one the .config lacks, with who needs it; exit 1 if any.
#
# usage: debian-needs.sh KERNEL_CONFIG
set -eu
config=${1:?usage: debian-needs.sh KERNEL_CONFIG}
[ -f "$config" ] || {
	echo "debian-needs.sh: $config: no such file" >&2
	exit 2
}

NEEDS='
ADEOS			the pipeline
MODULES			the domains, built as modules
BLK_DEV_INITRD		initramfs-tools: the initramfs
RD_ZSTD			initramfs-tools: Debian 12 compresses it with zstd
DEVTMPFS		systemd, initramfs-tools: /dev
TMPFS			systemd: /run
TMPFS_POSIX_ACL		systemd: ACLs on /run
CGROUPS			systemd: its services
INOTIFY_USER		systemd
SIGNALFD		systemd
TIMERFD			systemd
EPOLL			systemd
FHANDLE			systemd: name_to_handle_at
NET			systemd: its sockets
UNIX			systemd: its sockets
SYSFS			systemd, udev
PROC_FS			systemd
AUTOFS_FS		systemd: automount points
EXT4_FS			the root file system Debian installs
'

echo "$NEEDS" | grep . | while read -r sym who; do
	grep -q "^CONFIG_$sym=y$" "$config" || printf 'CONFIG_%s\t%s\n' "$sym" "$who"
done | { grep . && exit 1; exit 0; }
