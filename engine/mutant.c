// SPDX-License-Identifier: GPL-2.0-only
/*
 * The broken rvreplays of tests/mutation/ (mutant.h): never in rvreplay.
 */
#ifdef RVREPLAY_MUTANTS
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "mutant.h"
#include "replay_local.h"

static struct {
	void			(*verdict)(void *data, const struct verdict *v);
	struct verdict		v;		/* droplast: the verdict held back */
	bool			held;
	const struct rv_monitor	*seen[64];	/* dropeach: the monitors that lost one */
	int			nr_seen;
} mutant;

static bool chosen(const char *name)
{
	const char *m = getenv("RVREPLAY_MUTANT");

	return m && !strcmp(m, name);
}

/* droplast: each verdict told when the next one comes, the last never. */
static void drop_last(void *data, const struct verdict *v)
{
	if (mutant.held) {
		mutant.verdict(data, &mutant.v);
		free(mutant.v.context);
	}
	mutant.v = *v;
	mutant.v.set_at = NULL;		/* the caller's, freed when it returns */
	mutant.v.nr_set_at = 0;
	mutant.v.context = calloc(v->nr_context + 1, sizeof(*v->context));
	if (mutant.v.context && v->nr_context)
		memcpy(mutant.v.context, v->context, v->nr_context * sizeof(*v->context));
	mutant.held = true;
}

/* dropeach: the first verdict of each monitor never told. */
static void drop_each(void *data, const struct verdict *v)
{
	for (int i = 0; i < mutant.nr_seen; i++)
		if (mutant.seen[i] == v->monitor) {
			mutant.verdict(data, v);
			return;
		}
	if (mutant.nr_seen < 64)
		mutant.seen[mutant.nr_seen++] = v->monitor;
}

void mutant_hold_verdicts(struct replay *r)
{
	mutant.held = false;
	mutant.nr_seen = 0;
	mutant.verdict = r->sink.verdict;
	if (!mutant.verdict)
		return;
	if (chosen("droplast"))
		r->sink.verdict = drop_last;
	else if (chosen("dropeach"))
		r->sink.verdict = drop_each;
}

uint64_t mutant_time(uint64_t ns)
{
	return chosen("shift") ? ns + 1000 : ns;
}
#endif
