// SPDX-License-Identifier: GPL-2.0-only
/*
 * When the live monitors could have seen what the replay saw: inside the
 * windows our module said it ran in, and not after events the trace lost.
 */
#include "diff_local.h"

/**
 * diff_in_window() - whether the live monitors ran at a time
 * @res: its windows (none: they ran all along)
 * @ts: the time
 *
 * Return: true when @ts is inside one of the windows.
 */
bool diff_in_window(const struct diff_result *res, uint64_t ts)
{
	if (!res->nr_windows)
		return true;
	for (unsigned int i = 0; i < res->nr_windows; i++)
		if (ts >= res->windows[i].from && ts <= res->windows[i].to)
			return true;
	return false;
}

/**
 * diff_after_lost() - events the trace misses at or before a record
 * @res: its lost events
 * @at: the record
 *
 * Events overwritten before the first record or dropped where the trace
 * does not say may be anywhere before it.
 *
 * Return: true when the live monitors may have seen more than the trace.
 */
bool diff_after_lost(const struct diff_result *res, const struct diff_key *at)
{
	for (unsigned int i = 0; i < res->nr_lost; i++) {
		const struct lost_gap *g = &res->lost[i];

		if (g->where == LOST_START || g->where == LOST_DROPPED)
			return true;
		if (g->where == LOST_MID && g->ts <= at->ts)
			return true;
	}
	return false;
}

/**
 * diff_keep_in_window() - drop the replayed steps outside the windows
 * @res: the windows
 * @s: the steps, compacted in place
 * @n: their number
 *
 * The live monitors could not have taken those.
 *
 * Return: the steps kept.
 */
unsigned int diff_keep_in_window(const struct diff_result *res, struct diff_step *s,
				 unsigned int n)
{
	unsigned int kept = 0;

	for (unsigned int i = 0; i < n; i++)
		if (diff_in_window(res, s[i].at.ts))
			s[kept++] = s[i];
	return kept;
}
