// SPDX-License-Identifier: GPL-2.0
/*
 * The HA monitor core: the DA core's operations (monitors/da/da_core.c)
 * with the hooks of the kernel's include/rv/ha_monitor.h (Linux 7.1):
 * clocks never reset at a start; at each event the current state's
 * invariant is checked, then the transition's resets applied; a state
 * left with its invariant broken is a violation (error_env_<monitor>), as
 * is the trace's end in such a state, which the kernel's timer would
 * have found (docs/semantics.md section 10).
 *
 * A bound in jiffies is judged in the trace's ns: the kernel compares
 * jiffy counts, whose phase against the trace's clock is unknown, so a
 * wait w is over a bound of B jiffies for sure when w >= B ticks, surely
 * not when w < B - 1 ticks, and between the two cannot be told: the
 * instance then stops (the kernel's may have), and the wait is counted as
 * unsure, never as a violation.
 */
#include "ha_core.h"

#define ENV_NEVER	(~0ULL)

static const struct ha_steps *ha_steps_of(const struct rv_target *t)
{
	return t->monitor->automaton->steps;
}

/* The value of the monitor's parameter @name; 0 when it has none. */
static uint64_t param(const struct rv_target *t, const char *name)
{
	const struct rv_param *p = t->monitor->params;

	for (int i = 0; i < RV_MAX_PARAMS && p[i].name; i++) {
		const char *a = p[i].name, *b = name;

		while (*a && *a == *b) {
			a++;
			b++;
		}
		if (*a == *b)
			return t->params ? t->params[i] : p[i].value;
	}
	return 0;
}

#define NSEC_PER_SEC	1000000000ULL

/*
 * @jiffies in ns at the kernel's HZ, rounded up; a bound past 64 bits of ns
 * (refused with --param and in rules) never ends, as the kernel's own count.
 */
static uint64_t jiffies_ns(const struct rv_target *t, uint64_t jiffies)
{
	if (!t->hz)
		return 0;
	if (jiffies > (~(uint64_t)0 - (t->hz - 1)) / NSEC_PER_SEC)
		return ~(uint64_t)0;
	return (jiffies * NSEC_PER_SEC + t->hz - 1) / t->hz;
}

static uint64_t bound_ns(const struct rv_target *t, const struct ha_invariant *inv)
{
	uint64_t bound = param(t, inv->bound);

	return inv->jiffies ? jiffies_ns(t, bound) : bound;
}

/* The invariant of @state at t->now: allowed, broken, or too close to tell. */
static enum da_verdict check(const struct rv_target *t, unsigned int state)
{
	const struct ha_invariant *inv = ha_steps_of(t)->invariant(ha_steps_of(t), state);
	uint64_t epoch, wait, bound;

	if (inv->env == HA_NO_ENV || t->ha->env[inv->env] == ENV_NEVER)
		return DA_ALLOWED;
	epoch = t->ha->env[inv->env];
	wait = t->now > epoch ? t->now - epoch : 0;
	bound = bound_ns(t, inv);
	if (wait >= bound)
		return DA_BROKEN;
	/* B - 1 jiffies or more: the kernel's jiffies may have counted B */
	if (inv->jiffies && wait >= jiffies_ns(t, param(t, inv->bound) - 1))
		return DA_UNSURE;
	return DA_ALLOWED;
}

static void start(struct rv_target *t)
{
	for (int i = 0; i < RV_HA_MAX_ENVS; i++)
		t->ha->env[i] = ENV_NEVER;
}

/* The kernel's ha_verify_constraint(): invariants, then the resets (stall has no guard). */
static enum da_verdict constraint(struct rv_target *t, unsigned int state, unsigned int event,
				  unsigned int next)
{
	enum da_verdict verdict = check(t, state);
	unsigned long resets = ha_steps_of(t)->resets(ha_steps_of(t), state, event);

	if (verdict == DA_UNSURE)
		t->ha->unsure++;
	if (verdict != DA_ALLOWED)
		return verdict;
	for (unsigned int i = 0; i < ha_steps_of(t)->nr_envs; i++)
		if (resets >> i & 1)
			t->ha->env[i] = t->now;
	return DA_ALLOWED;
}

const struct da_hooks ha_hooks = {
	.start		= start,
	.constraint	= constraint,
};

/* The trace ends at t->now: the kernel's timer would have fired by then. */
static void finish(struct rv_target *t)
{
	unsigned int state = t->da->curr_state;

	if (!t->da->monitoring)
		return;
	switch (check(t, state)) {
	case DA_BROKEN:
		da_violation(t, 1UL << state, 0, RV_VIOLATION_CONSTRAINT);
		da_reset(t);
		break;
	case DA_UNSURE:
		t->ha->unsure++;
		da_reset(t);
		break;
	default:
		break;
	}
}

/* The clock of the current state's invariant, as a violation tells it. */
static bool clock(const struct rv_target *t, struct rv_clock *out)
{
	const struct ha_invariant *inv = ha_steps_of(t)->invariant(ha_steps_of(t), t->da->curr_state);

	if (inv->env == HA_NO_ENV)
		return false;
	*out = (struct rv_clock){
		.name = ha_steps_of(t)->env_name(ha_steps_of(t), inv->env), .bound_name = inv->bound,
		.bound = param(t, inv->bound), .jiffies = inv->jiffies,
		.epoch_ns = t->ha->env[inv->env], .bound_ns = bound_ns(t, inv),
	};
	return true;
}

static void bind(struct rv_target *t, union rv_state *state)
{
	t->ha = &state->ha;
	t->da = &state->ha.da;
}

static unsigned long unsure(const struct rv_target *t)
{
	return t->ha->unsure;
}

/* The HA core, as monitors/monitor.c finds it by type. */
const struct rv_core rv_ha_core = {
	.name		= "HA",
	.bind		= bind,
	.init		= da_instance_init,
	.running	= da_running,
	.unknown	= da_unknown,
	.finish		= finish,
	.clock		= clock,
	.unsure		= unsure,
};
