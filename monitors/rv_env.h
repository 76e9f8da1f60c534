/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What monitors/ needs from its surroundings, in the kernel and in user
 * space: bool, the bit helpers of <linux/bitops.h>, static_assert, and the
 * LTL monitor state of the kernel's <linux/rv.h> (Linux 6.17), which older
 * kernels lack. In user space only headers the compiler itself provides
 * (<stdbool.h>, <stddef.h>), never libc's.
 */
#ifndef RV_ENV_H
#define RV_ENV_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/bitops.h>
#include <linux/build_bug.h>
#include <linux/stddef.h>

struct task_struct;
#else
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef static_assert
#define static_assert _Static_assert
#endif

#define BITS_PER_LONG		(8 * __SIZEOF_LONG__)	/* gcc and clang predefine it */
#define BITS_TO_LONGS(n)	(((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)
#define DECLARE_BITMAP(name, bits)	unsigned long name[BITS_TO_LONGS(bits)]

struct task_struct;

static inline bool test_bit(unsigned long nr, const unsigned long *addr)
{
	return addr[nr / BITS_PER_LONG] >> (nr % BITS_PER_LONG) & 1;
}

static inline void __set_bit(unsigned long nr, unsigned long *addr)
{
	addr[nr / BITS_PER_LONG] |= 1UL << (nr % BITS_PER_LONG);
}

static inline void __clear_bit(unsigned long nr, unsigned long *addr)
{
	addr[nr / BITS_PER_LONG] &= ~(1UL << (nr % BITS_PER_LONG));
}
#endif /* __KERNEL__ */

#ifndef RV_MAX_LTL_ATOM
#define RV_MAX_LTL_ATOM		32
#define RV_MAX_BA_STATES	32

struct ltl_monitor {
	DECLARE_BITMAP(states, RV_MAX_BA_STATES);
	DECLARE_BITMAP(atoms, RV_MAX_LTL_ATOM);
	DECLARE_BITMAP(unknown_atoms, RV_MAX_LTL_ATOM);
};

static inline bool rv_ltl_valid_state(const struct ltl_monitor *mon)
{
	for (size_t i = 0; i < BITS_TO_LONGS(RV_MAX_BA_STATES); i++)
		if (mon->states[i])
			return true;
	return false;
}

static inline bool rv_ltl_all_atoms_known(const struct ltl_monitor *mon)
{
	for (size_t i = 0; i < BITS_TO_LONGS(RV_MAX_LTL_ATOM); i++)
		if (mon->unknown_atoms[i])
			return false;
	return true;
}
#endif /* RV_MAX_LTL_ATOM */

/*
 * A deterministic automaton's instance, as the kernel's struct da_monitor
 * (<linux/rv.h>, whose name the module's other files see).
 */
struct rv_da_monitor {
	bool		monitoring;
	unsigned int	curr_state;
};

#define RV_HA_MAX_ENVS	2

/* A hybrid automaton's instance: a DA's, and its clocks' last resets. */
struct rv_ha_monitor {
	struct rv_da_monitor	da;
	unsigned long long	env[RV_HA_MAX_ENVS];	/* ns; ~0: never reset */
	unsigned long		unsure;		/* waits too close to a bound to judge */
};

#endif /* RV_ENV_H */
