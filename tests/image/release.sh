#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make release, the source part (RELEASE_BOARDS empty; the boards'
# images are make image's, tested elsewhere), in a scratch repository
# holding the working tree as one commit: the tarball, RELEASE-NOTES.md
# (CHANGELOG.md's section of VERSION) and SHA256SUMS, which sha256sum -c
# accepts; the tarball unpacks into adeos-VERSION/ with the tree's files;
# a second run gives the same bytes; an uncommitted change is refused,
# naming the file, and leaves the last release as it was. Prints TAP
# lines.
#
# usage: release.sh    (from the source tree)
set -u
tmp=$(mktemp -d /tmp/adeos-release.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
repo=$tmp/repo
mkdir -p "$repo"
git ls-files -z --cached --others --exclude-standard |
	xargs -0 tar -cf - | tar -xf - -C "$repo"
(
	cd "$repo" && git init -q && git add -A &&
		GIT_AUTHOR_DATE=@1700000000 GIT_COMMITTER_DATE=@1700000000 \
			git -c user.name=adeos -c user.email=adeos@localhost \
			commit -q -m release-test
) || {
	echo "not ok - release: could not make the scratch repository"
	exit 0
}
v=$(cat VERSION)
name=adeos-$v
rel=$repo/output/release/$name
run() { (cd "$repo" && make --no-print-directory release RELEASE_BOARDS=) >"$tmp/log" 2>&1; }

if run && (cd "$rel" && sha256sum -c SHA256SUMS) >"$tmp/sums" 2>&1; then
	files=$(find "$rel" -type f | sed 's|.*/||' | LC_ALL=C sort | tr '\n' ' ')
	echo "ok - release: $name: $files; sha256sum -c: $(grep -c ': OK$' "$tmp/sums") OK"
else
	echo "not ok - release: make release RELEASE_BOARDS= failed or its sums do not check:"
	sed 's/^/# /' "$tmp/log" "$tmp/sums"
	exit 0
fi

want=$(awk -v v="$v" '/^## / { on = ($2 == v) } on' CHANGELOG.md)
listed=$(tar -tzf "$rel/$name.tar.gz" 2>/dev/null)
if [ -n "$want" ] && [ "$want" = "$(cat "$rel/RELEASE-NOTES.md")" ] &&
	echo "$listed" | grep -qx "$name/VERSION" &&
	echo "$listed" | grep -qx "$name/core/pipeline.c" &&
	! echo "$listed" | grep -qv "^$name/" &&
	[ "$(tar -xOzf "$rel/$name.tar.gz" "$name/VERSION")" = "$v" ]; then
	echo "ok - release: the tarball unpacks into $name/ ($(echo "$listed" | grep -vc '/$') files, VERSION $v); RELEASE-NOTES.md is CHANGELOG.md's '## $v' section ($(echo "$want" | wc -l) lines)"
else
	echo "not ok - release: tarball or notes: $(echo "$listed" | head -n 3 | tr '\n' ' ')... notes $(wc -l <"$rel/RELEASE-NOTES.md") lines, changelog section $(echo "$want" | grep -c .) lines"
fi

cp "$rel/SHA256SUMS" "$tmp/first"
if run && cmp -s "$tmp/first" "$rel/SHA256SUMS"; then
	echo "ok - release: a second run gives the same bytes (SHA256SUMS alike)"
else
	echo "not ok - release: a second run differs: $(diff "$tmp/first" "$rel/SHA256SUMS" | tr '\n' ' ')"
fi

echo "# a change" >>"$repo/README.md"
if ! run && grep -q "uncommitted changes.*README.md" "$tmp/log" &&
	cmp -s "$tmp/first" "$rel/SHA256SUMS" && [ ! -e "$rel.tmp" ]; then
	echo "ok - release: an uncommitted change is refused, naming it, and the last release stays: '$(head -n 1 "$tmp/log")'"
else
	echo "not ok - release: with README.md changed:"
	sed 's/^/# /' "$tmp/log"
fi
