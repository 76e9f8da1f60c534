/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space stand-in for the kernel's <linux/rv.h>: enough for a generated
 * automaton header (ours or the kernel's rvgen output) to compile unchanged.
 */
#ifndef _LINUX_RV_H
#define _LINUX_RV_H

#include "../../rv_env.h"

#endif
