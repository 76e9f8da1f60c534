/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The ring-buffer data checked as libtracecmd's reader would trust it,
 * before it reads a file (page_check.c).
 */
#ifndef PAGE_CHECK_H
#define PAGE_CHECK_H

#include <stddef.h>

#include "container/container.h"

int page_check_all(const struct tracedat *td, const struct tracedat_texts *texts, char *err,
		   size_t errlen);

#endif
