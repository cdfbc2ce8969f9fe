# SPDX-License-Identifier: GPL-2.0-only
#
# make legal-info: the manifest of what goes into the configured board's
# images, their licences and sources, in $(O)/legal-info/
# (image-builder/legal/legal-info.sh).

.PHONY: legal-info
legal-info:
	$(Q)O='$(O)' sh image-builder/legal/legal-info.sh
