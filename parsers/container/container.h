/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The container stage, as the stages above see it: the trace.dat file
 * opened and checked (its header, options, sections, per-CPU data and
 * ring-buffer pages), its metadata, its kallsyms and the event formats
 * it holds that libtraceevent must not be given. The other headers of
 * this folder are the stage's own.
 */
#ifndef CONTAINER_H
#define CONTAINER_H

#include "kallsyms.h"
#include "not_understood.h"
#include "ring_page.h"
#include "trace_meta.h"
#include "tracedat.h"

#endif
