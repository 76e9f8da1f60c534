/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The deterministic-automaton (DA) monitor core: the start, event and
 * reset operations of the kernel's include/rv/da_monitor.h (Linux 6.0 to
 * 7.0), for any automaton generated from a .dot specification by dotc
 * (rvgen's dot2c tables).
 */
#ifndef DA_CORE_H
#define DA_CORE_H

#include "../monitor.h"

/* What the state and event allow beyond the table: an HA's constraints (ha_core.c). */
enum da_verdict {
	DA_ALLOWED,
	DA_BROKEN,	/* a constraint broken: a violation, and the instance stops */
	DA_UNSURE,	/* too close to a bound to tell: no verdict, the instance stops */
};

struct da_hooks {
	void		(*start)(struct rv_target *t);
	enum da_verdict	(*constraint)(struct rv_target *t, unsigned int state,
				      unsigned int event, unsigned int next);
};

/*
 * An automaton's tables, behind functions: a generated header's, or those
 * of an automaton read at run time (@data).
 */
struct da_steps {
	unsigned int	(*initial)(const struct da_steps *s);
	/* the next state, or nr_states when the event is not expected */
	unsigned int	(*next)(const struct da_steps *s, unsigned int state, unsigned int event);
	/* a final state (the kernel's event_<monitor> says "(final)") */
	bool		(*final)(const struct da_steps *s, unsigned int state);
	const struct da_hooks	*hooks;		/* NULL: a plain DA */
	const void	*data;
};

static inline const struct da_steps *da_steps_of(const struct rv_automaton *a)
{
	return a->steps;
}

void da_handle_event(struct rv_target *t, unsigned int event);
void da_handle_start_event(struct rv_target *t, unsigned int event);
void da_handle_start_run_event(struct rv_target *t, unsigned int event);
void da_violation(struct rv_target *t, unsigned long states, unsigned long atoms,
		  enum rv_violation_kind kind);
void da_reset(struct rv_target *t);
void da_instance_init(struct rv_target *t, bool task_creation);
bool da_running(const struct rv_target *t);
unsigned long da_unknown(const struct rv_target *t);

/* A generated header's automaton_<mon> behind functions (DA_ and HA_AUTOMATON). */
#define DA_TABLE_FUNCTIONS(var, mon)						\
static const char *var##_event_name(unsigned int event)				\
{										\
	return automaton_##mon.event_names[event];				\
}										\
static const char *var##_state_name(unsigned int state)				\
{										\
	return automaton_##mon.state_names[state];				\
}										\
static unsigned int var##_initial(const struct da_steps *s)			\
{										\
	return automaton_##mon.initial_state;					\
}										\
static unsigned int var##_next(const struct da_steps *s, unsigned int state,	\
			       unsigned int event)				\
{										\
	return automaton_##mon.function[state][event];				\
}										\
static bool var##_final(const struct da_steps *s, unsigned int state)		\
{										\
	return automaton_##mon.final_states[state];				\
}

/* Turn a generated header's automaton_<mon> into a struct rv_automaton. */
#define DA_AUTOMATON(var, mon)							\
DA_TABLE_FUNCTIONS(var, mon)							\
static const struct da_steps var##_steps = {					\
	.initial = var##_initial,						\
	.next = var##_next,							\
	.final = var##_final,							\
};										\
const struct rv_automaton var = {						\
	.name = #mon,								\
	.nr_atoms = event_max_##mon,						\
	.nr_states = state_max_##mon,						\
	.atom_name = var##_event_name,						\
	.state_name = var##_state_name,						\
	.steps = &var##_steps,							\
}

#endif /* DA_CORE_H */
