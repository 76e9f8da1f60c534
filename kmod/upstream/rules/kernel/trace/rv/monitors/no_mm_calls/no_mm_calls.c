// SPDX-License-Identifier: GPL-2.0
/*
 * no_mm_calls: no real-time task calls mmap, brk or munmap
 *
 * Exported by rvreplay from examples/specs/no-mm-calls.ltl: each handler does what the rule's
 * bindings say, the binding as a comment above its code. Read it, and
 * check that each tracepoint's arguments are this kernel's, before
 * building it: it was not built where it was written.
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/rv.h>
#include <linux/sched/rt.h>
#include <linux/sched/deadline.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <asm/syscall.h>
#include <rv/instrumentation.h>

#define MODULE_NAME "no_mm_calls"

#include <rv_trace.h>
#include <trace/events/syscalls.h>

#include "no_mm_calls.h"

/* the system calls the bindings name, -1 where this architecture lacks one */
#ifndef __NR_mmap
#define __NR_mmap (-1)
#endif
#ifndef __NR_brk
#define __NR_brk (-1)
#endif
#ifndef __NR_munmap
#define __NR_munmap (-1)
#endif
#include <rv/ltl_monitor.h>

static void ltl_atoms_fetch(struct task_struct *task, struct ltl_monitor *mon)
{
	/* RT = task.rt && task.user_thread */
	ltl_atom_set(mon, LTL_RT, (rt_or_dl_task(task) && !((task)->flags & PF_KTHREAD)));
}

static void ltl_atoms_init(struct task_struct *task, struct ltl_monitor *mon, bool task_creation)
{
	ltl_atom_set(mon, LTL_MM_CALL, false);
}

static void handle_sys_enter(void *data, struct pt_regs *regs, long id)
{
	unsigned long args[6];

	syscall_get_arguments(current, regs, args);
	{
		struct ltl_monitor *mon = ltl_get_monitor(current);
		bool step = false, pulsed = false;

		/* MM_CALL = on sys_enter if syscall in (mmap, brk, munmap) */
		if ((id == __NR_mmap || id == __NR_brk || id == __NR_munmap)) {
			ltl_atom_set(mon, LTL_MM_CALL, true);
			pulsed = true;
		}
		/* one step with every atom set, as ltl_atom_update() steps */
		if (step || pulsed)
			ltl_atom_update(current, 0, test_bit(0, mon->atoms));
		/* the pulses false again, and a second step (ltl_atom_pulse()) */
		if (pulsed) {
			ltl_atom_set(mon, LTL_MM_CALL, false);
			ltl_validate(current, mon);
		}
	}
}

static int enable_no_mm_calls(void)
{
	int retval = ltl_monitor_init();

	if (retval)
		return retval;
	rv_attach_trace_probe("no_mm_calls", sys_enter, handle_sys_enter);
	return 0;
}

static void disable_no_mm_calls(void)
{
	rv_detach_trace_probe("no_mm_calls", sys_enter, handle_sys_enter);
	ltl_monitor_destroy();
}

static struct rv_monitor rv_no_mm_calls = {
	.name = "no_mm_calls",
	.description = "no real-time task calls mmap, brk or munmap",
	.enable = enable_no_mm_calls,
	.disable = disable_no_mm_calls,
};

static int __init register_no_mm_calls(void)
{
	return rv_register_monitor(&rv_no_mm_calls, NULL);
}

static void __exit unregister_no_mm_calls(void)
{
	rv_unregister_monitor(&rv_no_mm_calls);
}

module_init(register_no_mm_calls);
module_exit(unregister_no_mm_calls);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("no_mm_calls: no real-time task calls mmap, brk or munmap");
