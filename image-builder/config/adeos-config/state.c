// SPDX-License-Identifier: GPL-2.0-only
/*
 * A domain's template state as C: each of the domain's options
 * (DOMAINn_FOO) sets the field foo of the template's state, with two
 * shapes beyond that, read off the options' names and the template's
 * Kconfig:
 *  - a choice (choice ... endchoice) is one enum field, named by what
 *    its members' names share (TASK1_BODY_COUNTER, TASK1_BODY_PROBE:
 *    task1_body), set to <TEMPLATE>_<FIELD>_<MEMBER> for the member that
 *    is y (RT_TASKS_BODY_PROBE);
 *  - the options numbered WORDk and WORDk_FIELD are element k of a
 *    counted array of structs, WORDs[] with its count nWORDs, as
 *    Jailhouse's cell descriptions hold counted arrays: TASK2_NAME sets
 *    tasks[].name. The elements are those whose WORDk is y (or, with no
 *    such option, that set any field), in the order of k.
 */
#include <ctype.h>
#include <limits.h>
#include <string.h>
#include "adeos-config.h"
#include "config.h"
#include "state.h"

#define MAX_MEMBERS 256
#define MAX_ARRAYS 8

/* The members of the template's choices: DOMAIN@N@_<sym>, and their group. */
static struct {
	char sym[64];
	int group;
} members[MAX_MEMBERS];
static int nmembers;
/* What each choice's members' names share, up to its last '_'. */
static char prefixes[MAX_MEMBERS][64];

/* One field to set: field = value, or the member of a choice. */
struct item {
	char field[64];
	const char *raw; /* the option's value, as in .config; NULL: not set */
	const char *member; /* a choice's member that is y, or NULL */
};

void c_ident(char *buf, size_t len, const char *tmpl)
{
	size_t i;

	for (i = 0; tmpl[i] && i + 1 < len; i++)
		buf[i] = tmpl[i] == '-' ? '_' : tmpl[i];
	buf[i] = '\0';
}

static void close_choice(int g)
{
	size_t n = 0;
	char *p = prefixes[g], *cut;
	int m;

	for (m = 0; m < nmembers; m++) {
		if (members[m].group != g)
			continue;
		if (!n++) {
			snprintf(p, sizeof(prefixes[g]), "%.63s",
				 members[m].sym);
			continue;
		}
		for (cut = p; *cut && *cut == members[m].sym[cut - p]; cut++)
			;
		*cut = '\0';
	}
	cut = strrchr(p, '_');
	if (cut)
		cut[1] = '\0';
	else
		p[0] = '\0';
}

/* The members of @dir/Kconfig's choices; none if there is no such file. */
static void read_choices(const char *dir)
{
	static const char head[] = "config DOMAIN@N@_";
	char path[PATH_MAX], line[256];
	int group = -1, ngroups = 0;
	FILE *f;

	nmembers = 0;
	if (!dir)
		return;
	snprintf(path, sizeof(path), "%s/Kconfig", dir);
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f) && ngroups < MAX_MEMBERS) {
		strip_newline(line);
		if (!strcmp(line, "choice")) {
			group = ngroups++;
		} else if (!strcmp(line, "endchoice") && group >= 0) {
			close_choice(group);
			group = -1;
		} else if (group >= 0 && nmembers < MAX_MEMBERS &&
			   !strncmp(line, head, strlen(head))) {
			snprintf(members[nmembers].sym, sizeof(members[0].sym),
				 "%.63s", line + strlen(head));
			members[nmembers++].group = group;
		}
	}
	fclose(f);
}

static int member_of(const char *field)
{
	char sym[64];
	size_t i;
	int m;

	for (i = 0; field[i] && i + 1 < sizeof(sym); i++)
		sym[i] = toupper((unsigned char)field[i]);
	sym[i] = '\0';
	for (m = 0; m < nmembers; m++)
		if (!strcmp(members[m].sym, sym))
			return m;
	return -1;
}

/* @o as an item; 0 when it sets nothing (a choice's member not taken). */
static int to_item(const struct dopt *o, struct item *it)
{
	int m = member_of(o->field);
	size_t len, i;

	it->raw = o->value;
	it->member = NULL;
	snprintf(it->field, sizeof(it->field), "%.63s", o->field);
	if (m < 0)
		return 1;
	if (!is_y(o->value))
		return 0;
	len = strlen(prefixes[members[m].group]);
	it->member = members[m].sym + len;
	/* the choice's field: its members' shared name, no trailing '_' */
	for (i = 0; len > 1 && i < len - 1 && i + 1 < sizeof(it->field); i++)
		it->field[i] = tolower((unsigned char)members[m].sym[i]);
	it->field[i] = '\0';
	return 1;
}

/*
 * An element's field: "task2_name" is word "task", k 2, sub "name";
 * "task2" has no sub. @return 0 for a field of the state itself.
 */
static int split(const char *field, char *word, size_t wlen, int *k,
		 const char **sub)
{
	size_t n = 0;

	while (islower((unsigned char)field[n]))
		n++;
	if (!n || n + 1 > wlen || !isdigit((unsigned char)field[n]))
		return 0;
	memcpy(word, field, n);
	word[n] = '\0';
	*k = 0;
	while (isdigit((unsigned char)field[n]))
		*k = *k * 10 + (field[n++] - '0');
	if (field[n] && field[n] != '_')
		return 0;
	*sub = field[n] ? field + n + 1 : "";
	return 1;
}

static void emit_value(FILE *f, const struct domain *d, const char *field,
		       const struct item *it)
{
	char id[64];
	size_t i;

	if (!it->member) {
		fprintf(f, "%s",
			!it->raw || is_n(it->raw) ? "0" :
			is_y(it->raw)		  ? "1" :
						    it->raw);
		return;
	}
	c_ident(id, sizeof(id), d->tmpl);
	for (i = 0; id[i]; i++)
		fputc(toupper((unsigned char)id[i]), f);
	fputc('_', f);
	for (i = 0; field[i]; i++)
		fputc(toupper((unsigned char)field[i]), f);
	fprintf(f, "_%s", it->member);
}

/* Whether element @k of @word's array is there (see the file's head). */
static int element_present(const struct item *items, int n, const char *word,
			   int k)
{
	int i, kk, any = 0;
	const char *sub;
	char w[64];

	for (i = 0; i < n; i++) {
		if (!split(items[i].field, w, sizeof(w), &kk, &sub) ||
		    strcmp(w, word) || kk != k)
			continue;
		if (!*sub)
			return is_y(items[i].raw);
		if (items[i].raw)
			any = 1;
	}
	return any;
}

/* Element @k of @word's array: its fields, the bare WORDk left out. */
static void emit_element(FILE *f, const struct domain *d,
			 const struct item *items, int n, const char *word,
			 int k)
{
	int i, kk;
	const char *sub;
	char w[64];

	fprintf(f, "\t\t{\n");
	for (i = 0; i < n; i++) {
		if (!split(items[i].field, w, sizeof(w), &kk, &sub) ||
		    strcmp(w, word) || kk != k || !*sub)
			continue;
		fprintf(f, "\t\t\t.%s = ", sub);
		emit_value(f, d, sub, &items[i]);
		fprintf(f, ",\n");
	}
	fprintf(f, "\t\t},\n");
}

/* @word's counted array: nWORDs, then WORDs[] of the elements present. */
static void emit_array(FILE *f, const struct domain *d,
		       const struct item *items, int n, const char *word)
{
	int i, k, kk, top = 0, count = 0;
	const char *sub;
	char w[64];

	for (i = 0; i < n; i++)
		if (split(items[i].field, w, sizeof(w), &kk, &sub) &&
		    !strcmp(w, word) && kk > top)
			top = kk;
	for (k = 0; k <= top; k++)
		count += element_present(items, n, word, k);
	fprintf(f, "\t.n%ss = %d,\n", word, count);
	if (!count)
		return;
	fprintf(f, "\t.%ss = {\n", word);
	for (k = 0; k <= top; k++)
		if (element_present(items, n, word, k))
			emit_element(f, d, items, n, word, k);
	fprintf(f, "\t},\n");
}

/* The state's own fields, then each array, in the order first named. */
static void emit_items(FILE *f, const struct domain *d,
		       const struct item *items, int n)
{
	char words[MAX_ARRAYS][64], w[64];
	int i, j, k, nwords = 0;
	const char *sub;

	for (i = 0; i < n; i++) {
		if (split(items[i].field, w, sizeof(w), &k, &sub)) {
			for (j = 0; j < nwords && strcmp(words[j], w); j++)
				;
			if (j == nwords && nwords < MAX_ARRAYS)
				snprintf(words[nwords++], sizeof(w), "%.63s",
					 w);
			continue;
		}
		fprintf(f, "\t.%s = ", items[i].field);
		emit_value(f, d, items[i].field, &items[i]);
		fprintf(f, ",\n");
	}
	for (j = 0; j < nwords; j++)
		emit_array(f, d, items, n, words[j]);
}

void emit_state(FILE *f, const struct domain *d)
{
	const struct tmpl *t = find_template(d->tmpl);
	struct item items[MAX_OPTIONS];
	char id[64];
	int k, n = 0;

	read_choices(t ? t->dir : NULL);
	for (k = 0; k < d->nopts; k++)
		n += to_item(&d->opts[k], &items[n]);
	c_ident(id, sizeof(id), d->tmpl);
	fprintf(f, "static struct %s_state domain%d_state", id, d->slot);
	if (d->nopts) {
		fprintf(f, " = {\n");
		emit_items(f, d, items, n);
		fprintf(f, "}");
	}
	fprintf(f, ";\n");
}
