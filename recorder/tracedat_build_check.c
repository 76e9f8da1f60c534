// SPDX-License-Identifier: GPL-2.0-only
/*
 * A trace.dat description checked whole before anything is written
 * (tracedat_build.c writes it), and the layout a build reports.
 */
#include <stdlib.h>
#include <string.h>

#include "tracedat_build_local.h"

static enum alg alg_of(const char *name)
{
	if (name && !strcmp(name, TRACEDAT_COMPRESS_ZLIB))
		return ALG_ZLIB;
	if (name && !strcmp(name, TRACEDAT_COMPRESS_ZSTD))
		return ALG_ZSTD;
	return ALG_NONE;
}

/**
 * tdb_section_index() - which of the description's sections @s is
 * @d: the description
 * @s: a section, or NULL
 *
 * Return: its index, or -1 when it is none of them.
 */
int tdb_section_index(const struct tracedat_desc *d, const struct tracedat_desc_section *s)
{
	uintptr_t first = (uintptr_t)d->sections, at = (uintptr_t)s;
	size_t size = sizeof(*s);

	if (!s || at < first || (at - first) % size ||
	    (at - first) / size >= (size_t)d->nr_sections)
		return -1;
	return (at - first) / size;
}

/**
 * tdb_chunk_bytes() - the uncompressed bytes of a chunk of CPU data (v7)
 * @d: the description
 *
 * Return: @d->chunk_size, or 10 pages when it is 0.
 */
uint64_t tdb_chunk_bytes(const struct tracedat_desc *d)
{
	return d->chunk_size ? d->chunk_size : 10ULL * d->page_size;
}

static int check_option(struct builder *b, int i, int k)
{
	const struct tracedat_desc_option *o = &b->desc->sections[i].options[k];
	int t = tdb_section_index(b->desc, o->target);

	switch (o->kind) {
	case TRACEDAT_OPT_RAW:
		if (!o->data && o->len)
			return tdb_fail(b, "section %d, option %d: %u bytes but no data", i, k,
					o->len);
		return 0;
	case TRACEDAT_OPT_OFFSET:
		if (t < 0)
			return tdb_fail(b, "section %d, option %d: no target section", i, k);
		return 0;
	case TRACEDAT_OPT_BUFFER:
		if (t < 0 || b->desc->sections[t].kind != TRACEDAT_DESC_BUFFER)
			return tdb_fail(b, "section %d, option %d: the target is no buffer section",
					i, k);
		return 0;
	}
	return tdb_fail(b, "section %d, option %d: unknown kind %d", i, k, o->kind);
}

static int check_options(struct builder *b, int i)
{
	const struct tracedat_desc_section *s = &b->desc->sections[i];

	if (s->nr_options < 0 || s->nr_options > TRACEDAT_BUILD_MAX_ITEMS ||
	    (s->nr_options && !s->options))
		return tdb_fail(b, "section %d: bad option count %d", i, s->nr_options);
	for (int k = 0; k < s->nr_options; k++)
		if (check_option(b, i, k))
			return -1;
	if (s->next && tdb_section_index(b->desc, s->next) < 0)
		return tdb_fail(b, "section %d: the next options section is not in the file", i);
	return 0;
}

static int check_buffer(struct builder *b, int i)
{
	const struct tracedat_desc_section *s = &b->desc->sections[i];
	const struct tracedat_desc_cpu *c;
	uint64_t chunk;

	if (s->nr_cpus < 0 || s->nr_cpus > TRACEDAT_BUILD_MAX_ITEMS || (s->nr_cpus && !s->cpus))
		return tdb_fail(b, "section %d: bad CPU count %d", i, s->nr_cpus);
	for (int k = 0; k < s->nr_cpus; k++) {
		c = &s->cpus[k];
		if (!c->data && !c->path && c->len)
			return tdb_fail(b, "section %d, CPU %d: %llu bytes but no data", i, c->cpu,
					(unsigned long long)c->len);
		if (b->desc->version == TRACEDAT_V6 &&
		    (c->cpu < 0 || (uint32_t)c->cpu >= b->desc->nr_cpus))
			return tdb_fail(b, "section %d: CPU %d outside the file's %u CPUs", i, c->cpu,
					b->desc->nr_cpus);
	}
	chunk = tdb_chunk_bytes(b->desc);
	if (s->compress && (!chunk || chunk > TRACEDAT_BUILD_MAX_CHUNK))
		return tdb_fail(b, "section %d: bad chunk size %llu", i, (unsigned long long)chunk);
	return 0;
}

static int check_section(struct builder *b, int i)
{
	const struct tracedat_desc_section *s = &b->desc->sections[i];

	if (s->compress && b->desc->version == TRACEDAT_V6)
		return tdb_fail(b, "section %d: compressed in a version 6 file", i);
	if (s->compress && b->alg == ALG_NONE)
		return tdb_fail(b, "section %d: compressed, but with '%s'?", i,
				text(b->desc->compression));
	switch (s->kind) {
	case TRACEDAT_DESC_DATA:
		if (!s->data && s->len)
			return tdb_fail(b, "section %d: %llu bytes but no data", i,
					(unsigned long long)s->len);
		return 0;
	case TRACEDAT_DESC_OPTIONS:
		return check_options(b, i);
	case TRACEDAT_DESC_BUFFER:
		return check_buffer(b, i);
	}
	return tdb_fail(b, "section %d: unknown kind %d", i, s->kind);
}

/**
 * tdb_check_desc() - the whole description checked before anything is written
 * @b: the build
 *
 * Return: 0, or -1 with the build failed (tdb_fail()).
 */
int tdb_check_desc(struct builder *b)
{
	const struct tracedat_desc *d = b->desc;

	if (!d)
		return tdb_fail(b, "no description");
	if (d->version != TRACEDAT_V6 && d->version != TRACEDAT_V7)
		return tdb_fail(b, "version %d: only 6 and 7 are written", d->version);
	if (d->nr_sections < 0 || d->nr_sections > TRACEDAT_BUILD_MAX_ITEMS ||
	    (d->nr_sections && !d->sections))
		return tdb_fail(b, "bad section count %d", d->nr_sections);
	if (d->version == TRACEDAT_V6 && d->nr_cpus > TRACEDAT_BUILD_MAX_ITEMS)
		return tdb_fail(b, "%u CPUs are too many", d->nr_cpus);
	if (d->first_options && tdb_section_index(d, d->first_options) < 0)
		return tdb_fail(b, "the first options section is not in the file");
	b->alg = alg_of(d->compression);
	for (int i = 0; i < d->nr_sections; i++)
		if (check_section(b, i))
			return -1;
	return 0;
}

/**
 * tdb_layout_alloc() - room for the layout the build reports
 * @b: the build, its description checked
 *
 * Return: 0, or -1 with the build failed when memory runs out.
 */
int tdb_layout_alloc(struct builder *b)
{
	const struct tracedat_desc *d = b->desc;
	struct tracedat_layout *l = &b->layout;
	struct tracedat_layout_section *ls;

	l->sections = calloc(d->nr_sections ? d->nr_sections : 1, sizeof(*l->sections));
	if (!l->sections)
		return tdb_fail(b, "out of memory");
	l->nr_sections = d->nr_sections;
	for (int i = 0; i < d->nr_sections; i++) {
		ls = &l->sections[i];
		if (d->sections[i].kind == TRACEDAT_DESC_OPTIONS) {
			ls->nr_options = d->sections[i].nr_options;
			ls->options = calloc(ls->nr_options + 1, sizeof(uint64_t));
			if (!ls->options)
				return tdb_fail(b, "out of memory");
		}
		if (d->sections[i].kind != TRACEDAT_DESC_BUFFER)
			continue;
		ls->nr_cpus = d->sections[i].nr_cpus;
		ls->cpus = calloc(ls->nr_cpus + 1, sizeof(uint64_t));
		ls->cpu_sizes = calloc(ls->nr_cpus + 1, sizeof(uint64_t));
		if (!ls->cpus || !ls->cpu_sizes)
			return tdb_fail(b, "out of memory");
	}
	return 0;
}

/**
 * tracedat_layout_free() - release what a build reported
 * @layout: filled by tracedat_build_fd() or tracedat_build_mem(); zeroed
 */
void tracedat_layout_free(struct tracedat_layout *layout)
{
	for (int i = 0; layout->sections && i < layout->nr_sections; i++) {
		free(layout->sections[i].options);
		free(layout->sections[i].cpus);
		free(layout->sections[i].cpu_sizes);
	}
	free(layout->sections);
	memset(layout, 0, sizeof(*layout));
}
