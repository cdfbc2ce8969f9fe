// SPDX-License-Identifier: GPL-2.0-only
/*
 * The OS services of adeos/os.h as the host provides them
 * (tests/host/arch.c), held to what Linux's provide: adeos_parse_uint()
 * reads a word as kstrtouint(word, 10, v) does.
 */
#include <string.h>
#include <adeos/os.h>
#include "fixture.h"

static int parse(const char *word, unsigned int *v)
{
	return adeos_parse_uint(word, strlen(word), v);
}

static void decimal_words_are_read_whole(void **state)
{
	unsigned int v = 0;

	(void)state;
	assert_int_equal(parse("90", &v), 0);
	assert_int_equal(v, 90);
	assert_int_equal(parse("+5", &v), 0);
	assert_int_equal(v, 5);
	assert_int_equal(parse("4294967295", &v), 0);
	assert_int_equal(v, 4294967295U);
	/* the length, not a NUL, ends the word */
	assert_int_equal(adeos_parse_uint("123 9", 3, &v), 0);
	assert_int_equal(v, 123);
}

static void anything_else_is_refused(void **state)
{
	unsigned int v = 7;

	(void)state;
	assert_int_equal(parse("", &v), -EINVAL);
	assert_int_equal(parse("+", &v), -EINVAL);
	assert_int_equal(parse("-1", &v), -EINVAL);
	assert_int_equal(parse("9x", &v), -EINVAL);
	assert_int_equal(parse("0x10", &v), -EINVAL);
	assert_int_equal(parse("4294967296", &v), -ERANGE);
	/* Linux's copy of a word holds 15 characters */
	assert_int_equal(parse("000000000000001", &v), 0);
	assert_int_equal(v, 1);
	v = 7;
	assert_int_equal(parse("0000000000000001", &v), -EINVAL);
	assert_int_equal(v, 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		UNIT(decimal_words_are_read_whole),
		UNIT(anything_else_is_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
