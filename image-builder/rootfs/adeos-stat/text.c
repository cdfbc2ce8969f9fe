// SPDX-License-Identifier: GPL-2.0-only
/*
 * The lines, words and numbers of the proc files, for adeos-stat.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "adeos-stat.h"

void copy(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src);

	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/*
 * One line into @buf, without its newline. @return 1 for a line, 0 at
 * the end of the file; a line too long for @buf is read to its end and
 * given back empty, to be skipped.
 */
int read_line(FILE *f, char *buf, size_t len)
{
	size_t n;
	int c;

	if (!fgets(buf, len, f))
		return 0;
	n = strlen(buf);
	if (n && buf[n - 1] == '\n') {
		buf[--n] = '\0';
	} else if (n + 1 == len) {
		while ((c = getc(f)) != EOF && c != '\n')
			;
		buf[0] = '\0';
	}
	return 1;
}

int split(char *s, char **tok, int max)
{
	int n = 0;

	while (n < max) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		tok[n++] = s;
		while (*s && !isspace((unsigned char)*s))
			s++;
		if (*s)
			*s++ = '\0';
	}
	return n;
}

int parse_u64(const char *s, unsigned long long *v)
{
	char *end;

	if (!isdigit((unsigned char)*s))
		return 0;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return !errno && !*end;
}

int parse_s64(const char *s, long long *v)
{
	char *end;

	if (!isdigit((unsigned char)(*s == '-' ? s[1] : *s)))
		return 0;
	errno = 0;
	*v = strtoll(s, &end, 10);
	return !errno && !*end;
}
