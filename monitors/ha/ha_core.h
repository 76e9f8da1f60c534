/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hybrid-automaton (HA) monitor core: a DA (monitors/da/) whose states
 * may hold a clock invariant ("clk < threshold_jiffies") and whose
 * transitions may reset clocks ("sched_wakeup;reset(clk)"), as the
 * kernel's include/rv/ha_monitor.h (Linux 7.1) runs them. Clocks are kept
 * in the trace's ns; a bound in jiffies is judged with the kernel's HZ.
 */
#ifndef HA_CORE_H
#define HA_CORE_H

#include "../da/da_core.h"

#define HA_NO_ENV	0xff

/* A state's invariant: env < bound, the bound a parameter of the monitor. */
struct ha_invariant {
	unsigned char	env;		/* HA_NO_ENV: none */
	const char	*bound;		/* the parameter's name: "threshold_jiffies" */
	bool		jiffies;	/* the bound's unit (its name ends in _jiffies), or ns */
};

/* A generated header's constraint tables, behind functions. */
struct ha_steps {
	struct da_steps	da;		/* first: da_steps_of() reads an HA's too */
	unsigned int	nr_envs;
	const char	*(*env_name)(const struct ha_steps *s, unsigned int env);
	const struct ha_invariant *(*invariant)(const struct ha_steps *s, unsigned int state);
	/* the clocks a transition resets, as bits */
	unsigned long	(*resets)(const struct ha_steps *s, unsigned int state, unsigned int event);
};

extern const struct da_hooks ha_hooks;

/* Turn a generated header's automaton_<mon>, invariants_<mon> and resets_<mon> into one. */
#define HA_AUTOMATON(var, mon)							\
DA_TABLE_FUNCTIONS(var, mon)							\
static const char *var##_env_name(const struct ha_steps *s, unsigned int env)	\
{										\
	return automaton_##mon.env_names[env];					\
}										\
static const struct ha_invariant *var##_invariant(const struct ha_steps *s,	\
						 unsigned int state)		\
{										\
	return &invariants_##mon[state];					\
}										\
static unsigned long var##_resets(const struct ha_steps *s, unsigned int state,	\
				  unsigned int event)				\
{										\
	return resets_##mon[state][event];					\
}										\
static const struct ha_steps var##_steps = {					\
	.da = { .initial = var##_initial, .next = var##_next,			\
		.final = var##_final, .hooks = &ha_hooks },			\
	.nr_envs = env_max_##mon,						\
	.env_name = var##_env_name,						\
	.invariant = var##_invariant,						\
	.resets = var##_resets,							\
};										\
const struct rv_automaton var = {						\
	.name = #mon,								\
	.nr_atoms = event_max_##mon,						\
	.nr_states = state_max_##mon,						\
	.atom_name = var##_event_name,						\
	.state_name = var##_state_name,						\
	.steps = &var##_steps,							\
}

#endif /* HA_CORE_H */
