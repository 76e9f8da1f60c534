/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Forced in front of every monitors/ source built into the module.
 *
 * The generated automaton headers include <linux/rv.h> for the LTL
 * monitor state, which kernels before 6.17 lack (monitors/rv_env.h
 * defines it then). On CONFIG_RV kernels that header declares a struct
 * rv_monitor of its own: it is kept out here, and monitors/'s struct is
 * renamed exactly as kmod.h renames it for the module's other files.
 * The generated ltl_start() takes a struct task_struct * that nothing
 * declares on the kernel side of monitors/rv_env.h.
 */
#ifndef RVK_RV_COMPAT_H
#define RVK_RV_COMPAT_H

#define _LINUX_RV_H
#define rv_monitor rvreplay_monitor

struct task_struct;

#endif
