// SPDX-License-Identifier: GPL-2.0-only
/*
 * The event formats not understood, by id (not_understood.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "not_understood.h"

/**
 * not_understood_add() - note a format libtraceevent must not parse
 * @nu: the list
 * @id: the event id its "ID:" line gives
 * @system: its event system (NUL-terminated)
 * @name: its "name:" value, not terminated
 * @name_len: its length
 * @why: what is wrong with it, a static text
 *
 * Return: 0, or -1 when memory runs out.
 */
int not_understood_add(struct not_understood *nu, unsigned int id, const char *system,
		       const char *name, size_t name_len, const char *why)
{
	struct not_understood_format *f;

	if (id >= NOT_UNDERSTOOD_IDS)
		return -1;
	if (grow_room(&nu->formats, nu->nr, sizeof(*nu->formats)))
		return -1;
	f = &nu->formats[nu->nr++];
	f->id = id;
	f->why = why;
	snprintf(f->label, sizeof(f->label), "%.64s:%.*s", system,
		 (int)(name_len > 64 ? 64 : name_len), name);
	nu->ids[id / 8] |= 1 << (id % 8);
	return 0;
}

/**
 * not_understood_has() - whether records of an event id are of such a format
 * @nu: the list
 * @id: the event id
 *
 * Return: true when a format of @id is not understood.
 */
bool not_understood_has(const struct not_understood *nu, int id)
{
	return id >= 0 && id < NOT_UNDERSTOOD_IDS && (nu->ids[id / 8] & (1 << (id % 8)));
}

/**
 * not_understood_find() - the first format of an event id not understood
 * @nu: the list
 * @id: the event id
 *
 * Return: it, or NULL when every format of @id is understood.
 */
const struct not_understood_format *not_understood_find(const struct not_understood *nu, int id)
{
	if (!not_understood_has(nu, id))
		return NULL;
	for (int i = 0; i < nu->nr; i++)
		if ((int)nu->formats[i].id == id)
			return &nu->formats[i];
	return NULL;
}

/**
 * not_understood_release() - free the list
 * @nu: the list, empty after
 */
void not_understood_release(struct not_understood *nu)
{
	free(nu->formats);
	memset(nu, 0, sizeof(*nu));
}
