// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-mkdisk: a BIOS-bootable raw disk image from GRUB's boot.img and
 * core.img and a FAT partition image, with no root, no loop device and
 * no grub-bios-setup (which refuses a plain file: it cannot guess the
 * disk's root device).
 *
 *   adeos-mkdisk BOOT_IMG CORE_IMG PART_IMG SIZE_MIB OUT
 *
 * Layout: sector 0 holds the first 440 bytes of boot.img (its code; the
 * rest of the sector is the disk signature and partition table), then
 * one bootable partition entry, type 0x0e (FAT16, LBA), from sector 2048
 * to the end of the disk; core.img goes from sector 1, before the
 * partition, with its blocklist length set as grub-bios-setup sets it;
 * the partition image goes at sector 2048. OUT is written through a
 * temporary file: nothing half-written is left on error.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SECTOR 512
#define PART_START 2048 /* sectors: 1 MiB, where partitions start today */
#define BOOT_CODE_LEN 440 /* boot.img's code; then signature and table */
#define DISK_SIGNATURE 0x41444531u /* fixed: images repeat bit for bit */
#define PART_TABLE 446
#define PART_TYPE_FAT16_LBA 0x0e
/* In core.img's first sector (diskboot.img): the blocklist's length. */
#define CORE_BLOCKLIST_LEN 0x1fc

static const char *prog = "adeos-mkdisk";

static void die(const char *fmt, const char *arg)
{
	fprintf(stderr, "%s: ", prog);
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	exit(1);
}

/* die() with the reason errno gives (a full disk says so by name). */
static void die_errno(const char *what, const char *path)
{
	int err = errno;

	fprintf(stderr, "%s: %s: %s: %s\n", prog, path, what, strerror(err));
	exit(1);
}

/* The whole of @path, its length in *@len. */
static unsigned char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf;
	long n;

	if (!f)
		die("%s: cannot open it", path);
	if (fseek(f, 0, SEEK_END))
		die("%s: cannot size it", path);
	n = ftell(f);
	if (n < 0 || fseek(f, 0, SEEK_SET))
		die("%s: cannot size it", path);
	buf = malloc(n ? n : 1);
	if (!buf)
		die("%s: out of memory", path);
	if (fread(buf, 1, n, f) != (size_t)n)
		die("%s: cannot read it", path);
	fclose(f);
	*len = n;
	return buf;
}

static void put_le32(unsigned char *p, uint32_t v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

/* CHS fields past what CHS can address: firmware reads the LBA ones. */
static void put_chs_max(unsigned char *p)
{
	p[0] = 0xfe;
	p[1] = 0xff;
	p[2] = 0xff;
}

static void write_mbr(unsigned char *disk, const unsigned char *boot,
		      size_t boot_len, uint32_t sectors)
{
	unsigned char *e = disk + PART_TABLE;

	if (boot_len != SECTOR)
		die("%s", "boot.img is not one sector long");
	memcpy(disk, boot, BOOT_CODE_LEN);
	put_le32(disk + BOOT_CODE_LEN, DISK_SIGNATURE);
	e[0] = 0x80; /* bootable */
	put_chs_max(e + 1);
	e[4] = PART_TYPE_FAT16_LBA;
	put_chs_max(e + 5);
	put_le32(e + 8, PART_START);
	put_le32(e + 12, sectors - PART_START);
	disk[510] = 0x55;
	disk[511] = 0xaa;
}

/*
 * core.img from sector 1: its first sector (diskboot.img) loads the
 * others from the sector after it, as many as the blocklist says.
 */
static void write_core(unsigned char *disk, const unsigned char *core,
		       size_t core_len)
{
	size_t n = (core_len + SECTOR - 1) / SECTOR;

	if (n < 2 || 1 + n > PART_START)
		die("%s",
		    "core.img does not fit between the MBR and the partition");
	memcpy(disk + SECTOR, core, core_len);
	disk[SECTOR + CORE_BLOCKLIST_LEN] = (n - 1) & 0xff;
	disk[SECTOR + CORE_BLOCKLIST_LEN + 1] = (n - 1) >> 8;
}

int main(int argc, char **argv)
{
	unsigned char *disk, *boot, *core, *part;
	size_t boot_len, core_len, part_len, size;
	char *end, tmp[4096];
	unsigned long mib;
	FILE *f;

	if (argc != 6) {
		fprintf(stderr,
			"usage: %s BOOT_IMG CORE_IMG PART_IMG SIZE_MIB OUT\n",
			prog);
		return 2;
	}
	errno = 0;
	mib = strtoul(argv[4], &end, 10);
	if (errno || *end || mib < 2 || mib > 2048)
		die("size '%s' MiB: want 2 to 2048", argv[4]);
	size = mib << 20;
	boot = read_file(argv[1], &boot_len);
	core = read_file(argv[2], &core_len);
	part = read_file(argv[3], &part_len);
	if (part_len != size - PART_START * SECTOR)
		die("%s: the partition image must fill the disk from 1 MiB to its end",
		    argv[3]);
	disk = calloc(1, size);
	if (!disk)
		die("%s", "out of memory");
	write_mbr(disk, boot, boot_len, size / SECTOR);
	write_core(disk, core, core_len);
	memcpy(disk + PART_START * SECTOR, part, part_len);

	if (snprintf(tmp, sizeof(tmp), "%s.tmp", argv[5]) >= (int)sizeof(tmp))
		die("%s: name too long", argv[5]);
	f = fopen(tmp, "wb");
	if (!f)
		die_errno("cannot create it", tmp);
	if (fwrite(disk, 1, size, f) != size || fclose(f)) {
		int err = errno;

		unlink(tmp);
		errno = err;
		die_errno("cannot write it", tmp);
	}
	if (rename(tmp, argv[5])) {
		int err = errno;

		unlink(tmp);
		errno = err;
		die_errno("cannot rename it into place", argv[5]);
	}
	return 0;
}
