/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The records stage, as the readers above see it: per-CPU record streams
 * from the container's pages (compressed chunks inflated ahead), merged
 * in time order, the page check run before libtracecmd reads a file, and
 * the same for pages read live (live_stream.h, live_merge.h). The other
 * headers of this folder are the stage's own.
 */
#ifndef RECORDS_H
#define RECORDS_H

#include "chunk_ahead.h"
#include "cpu_stream.h"
#include "live_merge.h"
#include "live_stream.h"
#include "page_check.h"
#include "record_merge.h"

#endif
