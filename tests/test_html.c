/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The HTML page of hostile strings: every string member of the saved-run
 * tables (model/fields.c) filled with markup, the mechanisms' names among
 * them, which the reader refuses but the page must survive all the same.
 * The page holds no script and no handler, its ids are valid and unique,
 * and it has the very elements and attributes of the same page of benign
 * strings of the same lengths: no string added one.  And the loops/sec
 * chart's rows, however long their label, stand above its axis.
 */
#include <stdlib.h>

#include "check.h"
#include "lib/util.h"
#include "model/fields.h"
#include "report/report.h"
#include "render.h"

/* What a saved file may hold, each cut to the member it fills. */
static const char *const hostile[] = {
	"x\" onload=\"document.title=1",
	"x\"><script>document.title=2</script>",
	"</style><script>console.log(3)</script>",
	"</title><svg onload=\"alert(4)\">",
	"' onmouseover='alert(5)",
	"]]><![CDATA[<b>6</b>",
	"a b & c < d > e",
	"<!-- x -->&amp;&#39;",
	"javascript:alert(7)",
};

/* The mechanisms, rows apart: their names are the ids' stuff. */
static const char *const mechs[] = {
	"x\" onload=\"document.title=1",
	"\"><script>alert(1)</script>",
	"a b",
	"a_b",
	"a--1",
	"]]>&'<",
};

/*
 * @s as the benign page has it: the same length, the same blanks and
 * colons (where the text report wraps and the page splits entries), no
 * markup.
 */
static void benign(char *s)
{
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == ' ' || *s == ':' ||
		      *s == '.' || *s == ',' || *s == '-' || *s == '_'))
			*s = 'x';
}

/* Member @f of @base filled with hostile string @k (benign when @mild). */
static void fill_str(void *base, const struct field *f, unsigned int k,
		     int mild)
{
	char *s = field_ptr(base, f);

	snprintf(s, f->size, "%s", hostile[k % ARRAY_SIZE(hostile)]);
	if (mild)
		benign(s);
}

/*
 * Every string member of table @t in @base, and of the objects below it;
 * @k counts the members filled, so that each gets the next string.  The
 * members that identify a row (its mechanism, placement and class) are
 * set by the caller, who keeps them the same across invocations.
 */
static void fill(const struct field *t, void *base, unsigned int *k, int mild)
{
	for (; t->key; t++) {
		if (!strcmp(t->key, "mech") || !strcmp(t->key, "placement") ||
		    !strcmp(t->key, "policy"))
			continue;
		if (t->type == FIELD_STR) {
			fill_str(base, t, (*k)++, mild);
		} else if (t->type == FIELD_OBJECT) {
			fill(t->sub, field_ptr(base, t), k, mild);
		} else if (t->type == FIELD_KVS) {
			struct result_kv *kv = field_ptr(base, t);
			unsigned int *n =
				(unsigned int *)((char *)base + t->aux);

			for (*n = 0; *n < 2; (*n)++, (*k)++) {
				snprintf(kv[*n].key, sizeof(kv->key), "%s %u",
					 hostile[*k % ARRAY_SIZE(hostile)], *n);
				snprintf(kv[*n].value, sizeof(kv->value), "%s",
					 hostile[*k % ARRAY_SIZE(hostile)]);
				if (mild) {
					benign(kv[*n].key);
					benign(kv[*n].value);
				}
			}
		}
	}
}

static struct result_sample samples[] = {
	{ .loops = 100000, .elapsed_s = 1 },
	{ .loops = 101000, .elapsed_s = 1, .disturbed = 1 },
	{ .loops = 99000, .elapsed_s = 1 },
};

#define NROWS (ARRAY_SIZE(mechs) + 2)
#define NINV 2

/* Two invocations of every mechanism; the first swept and run at -j 2. */
static void build(struct results *r, struct result_row rows[][NROWS],
		  struct result_sample smp[][NROWS][ARRAY_SIZE(samples)],
		  int mild)
{
	unsigned int k = 0;

	memset(r, 0, NINV * sizeof(*r));
	memset(rows, 0, NINV * sizeof(*rows));
	for (unsigned int i = 0; i < NINV; i++) {
		r[i].info.duration_s = 1;
		r[i].info.runs = 3;
		r[i].signo = i ? 15 : 0;
		r[i].row = rows[i];
		r[i].nrows = NROWS;
		fill(invocation_fields, &r[i], &k, mild);
		/* Two labels, told apart. */
		snprintf(r[i].info.label, sizeof(r[i].info.label), "%s %u",
			 hostile[i + 1], i);
		if (mild)
			benign(r[i].info.label);
		for (unsigned int j = 0; j < NROWS; j++) {
			struct result_row *row = &rows[i][j];
			unsigned int g = j < 2 ? 0 : j - 2;

			memcpy(smp[i][j], samples, sizeof(samples));
			for (unsigned int s = 0; s < ARRAY_SIZE(samples); s++)
				fill(sample_fields, &smp[i][j][s], &k, mild);
			fill(row_fields, row, &k, mild);
			snprintf(row->mech, sizeof(row->mech), "%s", mechs[g]);
			snprintf(row->placement, sizeof(row->placement), "%s",
				 hostile[g]);
			snprintf(row->policy, sizeof(row->policy), "\"<i>'&");
			if (mild) {
				benign(row->mech);
				benign(row->placement);
				benign(row->policy);
			}
			row->procs = j == 1 ? 4 : 2; /* lat_ctx's curve */
			row->rings = j == 2 ? 2 : 1; /* rings at once */
			row->sample = smp[i][j];
			row->nsamples = ARRAY_SIZE(samples);
			row->migrations = -1;
			for (uint64_t ns = 1000; ns < 9000; ns += 1000)
				hist_add(&row->rtt, ns);
			row->cpu = (struct result_cpu){ .user_s = 1,
							.sys_s = 1,
							.loops = 300000,
							.seconds = 3 };
			if (g == 1) { /* its reason shown */
				row->status = RESULT_FAILED;
				row->nsamples = 0;
			}
		}
	}
}

static char *page(int mild, size_t *len)
{
	static struct result_row rows[NINV][NROWS];
	static struct result_sample smp[NINV][NROWS][ARRAY_SIZE(samples)];
	struct results r[NINV];
	const struct results *p[NINV] = { &r[0], &r[1] };
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	build(r, rows, smp, mild);
	CHECK_EQ_INT(test_render(f, "html", p, NINV, 0, NULL, 0), 0);
	fclose(f);
	return buf;
}

/* The page's start tags: "name attr attr..." each, attributes sorted. */
struct tags {
	char **tag;
	unsigned int n;
	char *ids[256];
	unsigned int nids;
	char *hrefs[64];
	unsigned int nhrefs;
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* A value of attribute @name at @v (@len bytes) kept when an id or link. */
static void keep_value(struct tags *t, const char *name, const char *v,
		       size_t len)
{
	if (!strcmp(name, "id") && t->nids < ARRAY_SIZE(t->ids))
		t->ids[t->nids++] = strndup(v, len);
	if (!strcmp(name, "href") && t->nhrefs < ARRAY_SIZE(t->hrefs))
		t->hrefs[t->nhrefs++] = strndup(v, len);
}

/*
 * Read the start tags of @html into @t; a handler attribute or one not
 * quoted as the page quotes them is a failure, said with @what.
 */
static void scan(const char *html, struct tags *t, const char *what)
{
	const char *p = html;

	memset(t, 0, sizeof(*t));
	t->tag = calloc(strlen(html) / 2 + 1, sizeof(*t->tag));
	while (t->tag && (p = strchr(p, '<'))) {
		char names[32][32], tag[1024];
		unsigned int na = 0;
		size_t len;

		p++;
		if (*p == '/' || *p == '!') {
			p += strcspn(p, ">");
			continue;
		}
		len = strspn(
			p,
			"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
		snprintf(tag, sizeof(tag), "%.*s", (int)len, p);
		p += len;
		for (;;) {
			char name[32];

			p += strspn(p, " \n");
			if (*p == '>' || !strncmp(p, "/>", 2) || !*p)
				break;
			len = strcspn(p, " \n=>/");
			snprintf(name, sizeof(name), "%.*s", (int)len, p);
			CHECK_THAT(len > 0 && strncasecmp(name, "on", 2) != 0,
				   "%s: <%s> has an attribute \"%s\"", what,
				   tag, name);
			p += len;
			if (*p == '=') {
				const char *end;

				CHECK_THAT(p[1] == '"',
					   "%s: <%s %s=...> not quoted", what,
					   tag, name);
				if (p[1] != '"')
					break;
				end = strchr(p + 2, '"');
				if (!end)
					break;
				keep_value(t, name, p + 2,
					   (size_t)(end - p - 2));
				p = end + 1;
			}
			if (len == 0)
				p++;
			if (na < ARRAY_SIZE(names))
				snprintf(names[na++], sizeof(names[0]), "%s",
					 name);
		}
		qsort(names, na, sizeof(names[0]), cmp_name);
		for (unsigned int i = 0; i < na; i++) {
			size_t at = strlen(tag), nl = strlen(names[i]);

			if (at + nl + 2 > sizeof(tag))
				break;
			tag[at] = ' ';
			memcpy(tag + at + 1, names[i], nl + 1);
		}
		t->tag[t->n++] = strdup(tag);
	}
	if (t->tag)
		qsort(t->tag, t->n, sizeof(*t->tag), cmp_str);
}

static void tags_free(struct tags *t)
{
	for (unsigned int i = 0; i < t->n; i++)
		free(t->tag[i]);
	for (unsigned int i = 0; i < t->nids; i++)
		free(t->ids[i]);
	for (unsigned int i = 0; i < t->nhrefs; i++)
		free(t->hrefs[i]);
	free(t->tag);
}

/* Is @id valid and plain: a letter, then letters, digits, '-', '_'? */
static int id_ok(const char *id)
{
	if (!((*id >= 'a' && *id <= 'z') || (*id >= 'A' && *id <= 'Z')))
		return 0;
	for (; *id; id++)
		if (!((*id >= 'a' && *id <= 'z') ||
		      (*id >= 'A' && *id <= 'Z') ||
		      (*id >= '0' && *id <= '9') || *id == '-' || *id == '_'))
			return 0;
	return 1;
}

/* Ids valid and unique, every link inside the page to one of them. */
static void check_ids(const struct tags *t, const char *what)
{
	CHECK(t->nids > 0);
	for (unsigned int i = 0; i < t->nids; i++) {
		CHECK_THAT(id_ok(t->ids[i]), "%s: id \"%s\"", what, t->ids[i]);
		for (unsigned int j = 0; j < i; j++)
			CHECK_THAT(strcmp(t->ids[i], t->ids[j]) != 0,
				   "%s: id \"%s\" twice", what, t->ids[i]);
	}
	for (unsigned int i = 0; i < t->nhrefs; i++) {
		unsigned int j = 0;

		while (j < t->nids && (t->hrefs[i][0] != '#' ||
				       strcmp(t->hrefs[i] + 1, t->ids[j])))
			j++;
		CHECK_THAT(j < t->nids, "%s: href \"%s\" leads nowhere", what,
			   t->hrefs[i]);
	}
}

/* Every '&' of @html starts one of the entities the page writes. */
static void check_entities(const char *html)
{
	static const char *const ent[] = { "&amp;", "&lt;", "&gt;", "&quot;",
					   "&#39;" };
	unsigned int bad = 0;

	for (const char *p = strchr(html, '&'); p; p = strchr(p + 1, '&')) {
		size_t i = 0;

		while (i < ARRAY_SIZE(ent) &&
		       strncmp(p, ent[i], strlen(ent[i])))
			i++;
		bad += i == ARRAY_SIZE(ent);
	}
	CHECK_EQ_INT(bad, 0);
}

static void test_hostile(void)
{
	struct tags bad, good;
	size_t blen, glen;
	char *b = page(0, &blen), *g = page(1, &glen);
	unsigned int i;

	CHECK(b && g);
	if (!b || !g)
		return;
	/* The hostile strings are in the page, as text. */
	CHECK(strstr(b, "x&quot; onload=&quot;document.title=1") != NULL);
	CHECK(strstr(b, "&lt;/style&gt;&lt;script&gt;console.log(3)") != NULL);
	CHECK(strcasestr(b, "<script") == NULL);
	CHECK(strcasestr(b, "<svg onload") == NULL);
	CHECK(strstr(b, "\" onload=") == NULL);
	check_entities(b);
	scan(b, &bad, "hostile");
	scan(g, &good, "benign");
	check_ids(&bad, "hostile");
	check_ids(&good, "benign");
	/* Each mechanism a section and a chart, the names' ids apart. */
	CHECK(strstr(b, "id=\"mech-a_b\"") != NULL);
	CHECK(strstr(b, "id=\"loops-a_b--2\"") != NULL);
	CHECK(strstr(b, "id=\"latctx-x__onload__document_title_1--0-0\"") !=
	      NULL);
	CHECK(strstr(b, "id=\"rings-x__onload__document_title_1--0\"") != NULL);
	/* No element and no attribute that the benign page lacks. */
	CHECK_EQ_INT(bad.n, good.n);
	for (i = 0; i < bad.n && i < good.n; i++)
		if (strcmp(bad.tag[i], good.tag[i])) {
			fprintf(stderr, "hostile <%s>, benign <%s>\n",
				bad.tag[i], good.tag[i]);
			break;
		}
	CHECK(i == bad.n && bad.n > 100);
	tags_free(&bad);
	tags_free(&good);
	free(b);
	free(g);
}

/* The number of attribute @name at or after @p in @html, or -1. */
static double attr_at(const char *p, const char *name)
{
	char key[32];
	double v;

	snprintf(key, sizeof(key), " %s=\"", name);
	p = strstr(p, key);
	return p && sscanf(p + strlen(key), "%lf", &v) == 1 ? v : -1;
}

/*
 * Each panel of each loops/sec chart of @html: every text of its rows
 * above its axis (the first line of the axis's grey), and the axis's
 * unit inside its chart; said with @what.
 */
static void check_panels(const char *html, const char *what)
{
	unsigned int n = 0;

	for (const char *svg = strstr(html, "<svg "); svg;
	     svg = strstr(svg + 1, "<svg ")) {
		const char *end = strstr(svg, "</svg>");
		double h = attr_at(svg, "height");

		if (!end || strncmp(strstr(svg, "id=\"") + 4, "loops-", 6))
			continue;
		for (const char *g = strstr(svg, "<g class=\"panel\">");
		     g && g < end; g = strstr(g + 1, "<g class=\"panel\">")) {
			const char *axis = strstr(g, " stroke=\"#888\"/>\n");
			double at;

			while (axis && axis > g && strncmp(axis, "<line ", 6))
				axis--;
			at = axis ? attr_at(axis, "y1") : -1;
			CHECK_THAT(at > 0 && at + 26 <= h,
				   "%s: an axis at %.1f, the chart %.0f high",
				   what, at, h);
			for (const char *t = strstr(g, "<text "); t && t < axis;
			     t = strstr(t + 1, "<text "))
				CHECK_THAT(
					attr_at(t, "y") < at,
					"%s: a row's text at %.1f, under its axis at %.1f",
					what, attr_at(t, "y"), at);
			n++;
		}
	}
	CHECK_THAT(n > 0, "%s: no panel of a loops/sec chart", what);
}

/* A page of the @n labels @names, each a row of @row of pipe. */
static char *page_of(const char *const *names, unsigned int n,
		     const struct result_row *row, size_t *len)
{
	struct result_row rows[2];
	struct results r[2];
	const struct results *p[2] = { &r[0], &r[1] };
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	memset(r, 0, sizeof(r));
	for (unsigned int i = 0; i < n; i++) {
		rows[i] = row[i];
		snprintf(rows[i].mech, sizeof(rows[i].mech), "pipe");
		snprintf(rows[i].title, sizeof(rows[i].title), "pipe");
		snprintf(rows[i].placement, sizeof(rows[i].placement), "any");
		rows[i].procs = 2;
		rows[i].rings = 1;
		r[i].info.duration_s = 1;
		r[i].info.runs = 3;
		snprintf(r[i].info.label, sizeof(r[i].info.label), "%s",
			 names[i]);
		r[i].row = &rows[i];
		r[i].nrows = 1;
	}
	CHECK_EQ_INT(test_render(f, "html", p, n, 0, NULL, 0), 0);
	fclose(f);
	return buf;
}

/*
 * Labels too long to share a line with the verdict: a row that ran, and
 * one that failed, whose reason is then a line further down; a label
 * alone too long for one line.
 */
static void test_layout(void)
{
	static const char *const two[] = {
		"6.13.0-rc1-00042-g1a2b3c4d5e6f-dirty-with-a-long-local-version-x",
		"6.13.0-rc1-00043-g0123456789ab-dirty-with-a-long-local-version-y",
	};
	static const char *const one[] = {
		"a label of a saved file, as long as it may be there: longer "
		"than a line of the chart, which it does not share with anything",
	};
	struct result_row row[2];
	size_t len;
	char *html;

	memset(row, 0, sizeof(row));
	row[0].sample = samples;
	row[0].nsamples = ARRAY_SIZE(samples);
	row[1].status = RESULT_FAILED;
	snprintf(row[1].reason, sizeof(row[1].reason), "read: Broken pipe");
	html = page_of(two, 2, row, &len);
	CHECK(html && strstr(html, ">not judged: no successful run") != NULL);
	if (html)
		check_panels(html, "a failed row");
	free(html);
	html = page_of(one, 1, row, &len);
	if (html)
		check_panels(html, "a long label");
	free(html);
}

/*
 * A page of two labels of two invocations each, a row of pipe each:
 * label A's runs @a (two an invocation), B's @b; B's all disturbed when
 * @bad.
 */
static char *page_inv(const double a[4], const double b[4], int bad,
		      size_t *len)
{
	static struct result_sample smp[4][2];
	struct result_row rows[4];
	struct results r[4];
	const struct results *p[4] = { &r[0], &r[1], &r[2], &r[3] };
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	memset(r, 0, sizeof(r));
	memset(rows, 0, sizeof(rows));
	for (unsigned int i = 0; i < 4; i++) {
		const double *x = i < 2 ? a : b;

		for (unsigned int k = 0; k < 2; k++)
			smp[i][k] = (struct result_sample){
				.loops = (uint64_t)x[2 * (i % 2) + k],
				.elapsed_s = 1,
				.disturbed = i >= 2 && bad,
			};
		snprintf(rows[i].mech, sizeof(rows[i].mech), "pipe");
		snprintf(rows[i].title, sizeof(rows[i].title), "pipe");
		snprintf(rows[i].placement, sizeof(rows[i].placement), "any");
		rows[i].procs = 2;
		rows[i].rings = 1;
		rows[i].sample = smp[i];
		rows[i].nsamples = 2;
		r[i].info.duration_s = 1;
		r[i].info.runs = 2;
		snprintf(r[i].info.label, sizeof(r[i].info.label), "%s",
			 i < 2 ? "6.1" : "6.2");
		r[i].row = &rows[i];
		r[i].nrows = 1;
	}
	CHECK_EQ_INT(test_render(f, "html", p, 4, 0, NULL, 0), 0);
	fclose(f);
	return buf;
}

/* The chart of id @id in @html, as a string of its own (to free). */
static char *chart_of(const char *html, const char *id)
{
	char key[64];
	const char *at, *end;

	snprintf(key, sizeof(key), " id=\"%s\"", id);
	at = strstr(html, key);
	end = at ? strstr(at, "</svg>") : NULL;
	return end ? strndup(at, (size_t)(end - at)) : NULL;
}

/* The numbers of the axes' ticks of @svg that are below zero. */
static unsigned int below_zero(const char *svg)
{
	unsigned int n = 0;

	for (const char *t = strstr(svg, "font-size=\"10\">"); t;
	     t = strstr(t + 1, "font-size=\"10\">"))
		n += t[strlen("font-size=\"10\">")] == '-';
	return n;
}

/* The number of times @what is in @s. */
static unsigned int count(const char *s, const char *what)
{
	unsigned int n = 0;

	for (s = strstr(s, what); s; s = strstr(s + 1, what))
		n++;
	return n;
}

/*
 * The page opens with the overview: the forest plot of the changes
 * before the summary, both before the first mechanism's details; its
 * axis a change in percent about 0 %, the interval of the verdict drawn.
 */
static void test_overview(void)
{
	static const double a[4] = { 100000, 101000, 99000, 100500 };
	static const double b[4] = { 110000, 111000, 108000, 112000 };
	size_t len;
	char *html = page_inv(a, b, 0, &len), *forest;
	const char *mech;

	CHECK(html != NULL);
	if (!html)
		return;
	mech = strstr(html, "<section class=\"mech\"");
	forest = chart_of(html, "forest");
	CHECK(forest != NULL);
	CHECK(mech && strstr(html, " id=\"forest\"") &&
	      strstr(html, " id=\"forest\"") < mech);
	CHECK(mech && strstr(html, "<table class=\"summary\"") &&
	      strstr(html, " id=\"forest\"") <
		      strstr(html, "<table class=\"summary\"") &&
	      strstr(html, "<table class=\"summary\"") < mech);
	/* Before the marks' legend and the warnings. */
	CHECK(strstr(html, "<p class=\"legend\">change:") >
	      strstr(html, "<table class=\"summary\""));
	if (forest) {
		CHECK(strstr(forest, ">0%</text>") != NULL);
		CHECK(strstr(forest, "higher is better") != NULL);
		CHECK(count(forest, "class=\"interval\"") == 1);
		CHECK(count(forest, "class=\"entry\"") == 1);
		CHECK(strstr(forest, "faster") != NULL);
	}
	/* The summary's line of the label compared: its verdict. */
	CHECK(strstr(html, "<td class=\"fig word marked\">faster</td>") !=
	      NULL);
	/*
	 * Where a label's verdict stands over its runs depends on how long
	 * it is: no caption puts it on a side.
	 */
	CHECK(strstr(html, "verdict on the right is") == NULL);
	CHECK(strstr(html, "Over each label's runs, its verdict") != NULL);
	free(forest);
	free(html);
}

/*
 * Two invocations far apart: the interval of their mean, of log
 * loops/sec, stays above zero, and so does every axis of loops/sec.  A
 * label whose every run was disturbed has no mean drawn, but says so.
 */
static void test_axes(void)
{
	static const double a[4] = { 100000, 101000, 200000, 201000 };
	static const double b[4] = { 150000, 151000, 152000, 150500 };
	size_t len;
	char *html = page_inv(a, b, 0, &len), *loops;

	loops = html ? chart_of(html, "loops-pipe") : NULL;
	CHECK(loops != NULL);
	if (loops) {
		CHECK_EQ_INT(below_zero(loops), 0);
		CHECK(strstr(loops, "higher is better") != NULL);
		CHECK_EQ_INT(count(loops, "class=\"mean\""), 2);
	}
	free(loops);
	free(html);
	html = page_inv(a, b, 1, &len);
	loops = html ? chart_of(html, "loops-pipe") : NULL;
	CHECK(loops != NULL);
	if (loops) {
		CHECK_EQ_INT(below_zero(loops), 0);
		/* The baseline's mean only; the other label's none. */
		CHECK_EQ_INT(count(loops, "class=\"mean\""), 1);
		CHECK(strstr(loops, ">all runs disturbed: no mean</text>") !=
		      NULL);
	}
	free(loops);
	free(html);
}

int main(void)
{
	test_hostile();
	test_layout();
	test_overview();
	test_axes();
	return check_summary();
}
