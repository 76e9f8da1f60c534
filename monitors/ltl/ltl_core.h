/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The LTL monitor core: per-instance atoms and Buchi states, and the
 * set / update / pulse / start / step operations of the kernel's
 * include/rv/ltl_monitor.h (Linux 6.17), for any generated automaton.
 */
#ifndef LTL_CORE_H
#define LTL_CORE_H

#include "../monitor.h"

/*
 * An automaton's steps, behind function pointers: a generated header's, or
 * those of an automaton compiled at run time (@data, its tables).
 */
struct ltl_steps {
	void		(*start)(const struct ltl_steps *s, struct ltl_monitor *mon);
	void		(*next_states)(const struct ltl_steps *s, struct ltl_monitor *mon,
				       unsigned int state, unsigned long *next);
	const void	*data;
};

static inline const struct ltl_steps *ltl_steps_of(const struct rv_automaton *a)
{
	return a->steps;
}

void ltl_set(struct rv_target *t, unsigned int atom, bool value);
void ltl_update(struct rv_target *t, unsigned int atom, bool value);
void ltl_pulse(struct rv_target *t, unsigned int atom, bool value);
bool ltl_known(const struct rv_target *t, unsigned int atom);
void ltl_validate(struct rv_target *t);

/* Turn a generated header's static functions into a struct rv_automaton. */
#define __LTL_STR(x)	#x
#define LTL_STR(x)	__LTL_STR(x)
#define LTL_AUTOMATON(var)							\
static const char *var##_atom_name(unsigned int atom)				\
{										\
	return ltl_atom_str((enum ltl_atom)atom);				\
}										\
static void var##_start(const struct ltl_steps *s, struct ltl_monitor *mon)	\
{										\
	ltl_start((struct task_struct *)0, mon);				\
}										\
static void var##_next(const struct ltl_steps *s, struct ltl_monitor *mon,	\
		       unsigned int state, unsigned long *next)			\
{										\
	ltl_possible_next_states(mon, state, next);				\
}										\
static const struct ltl_steps var##_steps = {					\
	.start = var##_start,							\
	.next_states = var##_next,						\
};										\
const struct rv_automaton var = {						\
	.name = LTL_STR(MONITOR_NAME),						\
	.nr_atoms = LTL_NUM_ATOM,						\
	.nr_states = RV_NUM_BA_STATES,						\
	.atom_name = var##_atom_name,						\
	.steps = &var##_steps,							\
}

#endif /* LTL_CORE_H */
