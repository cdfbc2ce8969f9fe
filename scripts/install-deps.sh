#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Install every Debian package the project needs: non-interactive and
# idempotent (nothing is fetched when all is there). Uses sudo when not
# run as root. i386 packages are never installed here: later stages
# download and unpack them into the download directory instead.
set -eu

PACKAGES="
	build-essential
	libcmocka-dev
	valgrind
	patch
	kconfig-frontends-nox
	python3-pexpect
"

missing=
for p in $PACKAGES; do
	if ! dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null |
		grep -q '^ii'; then
		missing="$missing $p"
	fi
done

if [ -z "$missing" ]; then
	echo "  DEPS    all Debian packages present"
	exit 0
fi

SUDO=
if [ "$(id -u)" -ne 0 ]; then
	SUDO=sudo
fi
echo "  DEPS    installing:$missing"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086 # one word per package
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
