// SPDX-License-Identifier: GPL-2.0-only
/*
 * The calls a task sleeps in, described with the arguments that explain
 * the sleep (the names come from engine/arch.c).
 *
 * Arguments are the raw register values of raw_syscalls:sys_enter. Those
 * the kernel reads as int (fds, pids, ids) are shown from their low 32
 * bits, as the kernel sees them; the clock id and flags of clock_nanosleep
 * and the futex op in full, as the rtapp monitors compare them.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "arch.h"
#include "syscall_decode.h"

#define SYSCALL_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define TIMER_ABSTIME_FLAG	0x1UL
#define FUTEX_OP_CMD_MASK	0x7fUL	/* as the sleep monitor masks it */
#define FUTEX_OP_PRIVATE	0x80UL
#define FUTEX_OP_CLOCK_RT	0x100UL

/* Text appended snprintf-style: pos counts what would have been written. */
struct desc {
	char	*buf;
	size_t	len;
	size_t	pos;
};

static struct desc desc_init(char *buf, size_t len)
{
	struct desc d = { buf, buf ? len : 0, 0 };

	if (d.len)
		buf[0] = '\0';
	return d;
}

static void __attribute__((format(printf, 2, 3)))
desc_put(struct desc *d, const char *fmt, ...)
{
	char *at = NULL;
	size_t room = 0;
	va_list ap;
	int n;

	if (d->pos < d->len) {
		at = d->buf + d->pos;
		room = d->len - d->pos;
	}
	va_start(ap, fmt);
	n = vsnprintf(at, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		d->pos += n;
}

static int desc_end(const struct desc *d)
{
	return d->pos > INT_MAX ? INT_MAX : (int)d->pos;
}

static const char *const clock_names[] = {
	[0]	= "CLOCK_REALTIME",
	[1]	= "CLOCK_MONOTONIC",
	[2]	= "CLOCK_PROCESS_CPUTIME_ID",
	[3]	= "CLOCK_THREAD_CPUTIME_ID",
	[4]	= "CLOCK_MONOTONIC_RAW",
	[5]	= "CLOCK_REALTIME_COARSE",
	[6]	= "CLOCK_MONOTONIC_COARSE",
	[7]	= "CLOCK_BOOTTIME",
	[8]	= "CLOCK_REALTIME_ALARM",
	[9]	= "CLOCK_BOOTTIME_ALARM",
	[11]	= "CLOCK_TAI",
};

/**
 * clock_id_name - the name of a POSIX clock id
 * @id: the clock id, any value
 *
 * Return: e.g. "CLOCK_MONOTONIC" for 1; NULL for ids without a fixed name
 * (10, CPU clocks of other processes, dynamic clocks, garbage).
 */
const char *clock_id_name(unsigned long id)
{
	if (id >= SYSCALL_ARRAY_SIZE(clock_names))
		return NULL;
	return clock_names[id];
}

static const char *const futex_cmd_names[] = {
	[0]	= "FUTEX_WAIT",
	[1]	= "FUTEX_WAKE",
	[2]	= "FUTEX_FD",
	[3]	= "FUTEX_REQUEUE",
	[4]	= "FUTEX_CMP_REQUEUE",
	[5]	= "FUTEX_WAKE_OP",
	[6]	= "FUTEX_LOCK_PI",
	[7]	= "FUTEX_UNLOCK_PI",
	[8]	= "FUTEX_TRYLOCK_PI",
	[9]	= "FUTEX_WAIT_BITSET",
	[10]	= "FUTEX_WAKE_BITSET",
	[11]	= "FUTEX_WAIT_REQUEUE_PI",
	[12]	= "FUTEX_CMP_REQUEUE_PI",
	[13]	= "FUTEX_LOCK_PI2",
};

/* FUTEX_WAIT_PRIVATE; an unknown command as its number; then other flags. */
static void futex_op_put(struct desc *d, unsigned long op)
{
	unsigned long cmd = op & FUTEX_OP_CMD_MASK;
	unsigned long rest = op & ~(FUTEX_OP_CMD_MASK | FUTEX_OP_PRIVATE |
				    FUTEX_OP_CLOCK_RT);
	bool private = op & FUTEX_OP_PRIVATE;

	if (cmd < SYSCALL_ARRAY_SIZE(futex_cmd_names))
		desc_put(d, "%s%s", futex_cmd_names[cmd],
			 private ? "_PRIVATE" : "");
	else
		desc_put(d, "%lu%s", cmd, private ? "|FUTEX_PRIVATE_FLAG" : "");
	if (op & FUTEX_OP_CLOCK_RT)
		desc_put(d, "|FUTEX_CLOCK_REALTIME");
	if (rest)
		desc_put(d, "|%#lx", rest);
}

/* A call with its arguments, and the label of its first one if shown. */
struct call {
	const char		*name;
	const unsigned long	*args;
	const char		*label;
};

static int arg_int(unsigned long arg)
{
	return (int)(unsigned int)arg;
}

static void describe_clock_nanosleep(struct desc *d, const struct call *c)
{
	const char *clock = clock_id_name(c->args[0]);
	unsigned long flags = c->args[1];

	desc_put(d, "%s(", c->name);
	if (clock)
		desc_put(d, "%s", clock);
	else
		desc_put(d, "%ld", (long)c->args[0]);
	desc_put(d, ", %s", flags & TIMER_ABSTIME_FLAG ? "absolute" : "relative");
	if (flags & ~TIMER_ABSTIME_FLAG)
		desc_put(d, ", flags %#lx", flags);
	desc_put(d, ")");
}

/* nanosleep has no arguments to show: it always sleeps so. */
static void describe_nanosleep(struct desc *d, const struct call *c)
{
	desc_put(d, "%s (relative, CLOCK_MONOTONIC)", c->name);
}

static void describe_futex(struct desc *d, const struct call *c)
{
	desc_put(d, "%s(", c->name);
	futex_op_put(d, c->args[1]);
	desc_put(d, ")");
}

static void describe_first_arg(struct desc *d, const struct call *c)
{
	desc_put(d, "%s(%s %d)", c->name, c->label, arg_int(c->args[0]));
}

static void describe_waitid(struct desc *d, const struct call *c)
{
	static const char *const idtypes[] = {
		"P_ALL", "P_PID", "P_PGID", "P_PIDFD"
	};
	unsigned long idtype = (unsigned int)c->args[0];

	if (idtype == 0)
		desc_put(d, "%s(P_ALL)", c->name);
	else if (idtype < SYSCALL_ARRAY_SIZE(idtypes))
		desc_put(d, "%s(%s %d)", c->name, idtypes[idtype],
			 arg_int(c->args[1]));
	else
		desc_put(d, "%s(idtype %d)", c->name, arg_int(c->args[0]));
}

/* i386 multiplexers: the call that socketcall or ipc stands for. */
static void describe_multiplexed(struct desc *d, const char *name,
				 const char *const *calls, size_t nr_calls,
				 unsigned long call)
{
	if (call < nr_calls && calls[call])
		desc_put(d, "%s(%s)", name, calls[call]);
	else
		desc_put(d, "%s(%d)", name, arg_int(call));
}

static void describe_socketcall(struct desc *d, const struct call *c)
{
	static const char *const calls[] = {
		[1] = "socket", "bind", "connect", "listen", "accept",
		"getsockname", "getpeername", "socketpair", "send", "recv",
		"sendto", "recvfrom", "shutdown", "setsockopt", "getsockopt",
		"sendmsg", "recvmsg", "accept4", "recvmmsg", "sendmmsg",
	};

	describe_multiplexed(d, c->name, calls, SYSCALL_ARRAY_SIZE(calls),
			     (unsigned int)c->args[0]);
}

static void describe_ipc(struct desc *d, const struct call *c)
{
	static const char *const calls[] = {
		[1] = "semop", "semget", "semctl", "semtimedop",
		[11] = "msgsnd", "msgrcv", "msgget", "msgctl",
		[21] = "shmat", "shmdt", "shmget", "shmctl",
	};

	/* The high 16 bits are the ipc version. */
	describe_multiplexed(d, c->name, calls, SYSCALL_ARRAY_SIZE(calls),
			     c->args[0] & 0xffff);
}

static const struct syscall_format {
	const char	*name;
	void		(*describe)(struct desc *d, const struct call *c);
	const char	*label;
} syscall_formats[] = {
	{ "clock_nanosleep",		describe_clock_nanosleep, NULL },
	{ "clock_nanosleep_time64",	describe_clock_nanosleep, NULL },
	{ "nanosleep",			describe_nanosleep, NULL },
	{ "futex",			describe_futex, NULL },
	{ "futex_time64",		describe_futex, NULL },
	{ "read",			describe_first_arg, "fd" },
	{ "readv",			describe_first_arg, "fd" },
	{ "pread64",			describe_first_arg, "fd" },
	{ "preadv",			describe_first_arg, "fd" },
	{ "preadv2",			describe_first_arg, "fd" },
	{ "write",			describe_first_arg, "fd" },
	{ "writev",			describe_first_arg, "fd" },
	{ "pwrite64",			describe_first_arg, "fd" },
	{ "recvfrom",			describe_first_arg, "fd" },
	{ "recvmsg",			describe_first_arg, "fd" },
	{ "recvmmsg",			describe_first_arg, "fd" },
	{ "recvmmsg_time64",		describe_first_arg, "fd" },
	{ "sendto",			describe_first_arg, "fd" },
	{ "sendmsg",			describe_first_arg, "fd" },
	{ "connect",			describe_first_arg, "fd" },
	{ "accept",			describe_first_arg, "fd" },
	{ "accept4",			describe_first_arg, "fd" },
	{ "flock",			describe_first_arg, "fd" },
	{ "epoll_wait",			describe_first_arg, "fd" },
	{ "epoll_pwait",		describe_first_arg, "fd" },
	{ "epoll_pwait2",		describe_first_arg, "fd" },
	{ "io_uring_enter",		describe_first_arg, "fd" },
	{ "mq_timedreceive",		describe_first_arg, "mqd" },
	{ "mq_timedreceive_time64",	describe_first_arg, "mqd" },
	{ "msgrcv",			describe_first_arg, "msqid" },
	{ "semop",			describe_first_arg, "semid" },
	{ "semtimedop",			describe_first_arg, "semid" },
	{ "semtimedop_time64",		describe_first_arg, "semid" },
	{ "wait4",			describe_first_arg, "pid" },
	{ "waitpid",			describe_first_arg, "pid" },
	{ "waitid",			describe_waitid, NULL },
	{ "socketcall",			describe_socketcall, NULL },
	{ "ipc",			describe_ipc, NULL },
};

static const struct syscall_format *syscall_format_of(const char *name)
{
	size_t i;

	for (i = 0; i < SYSCALL_ARRAY_SIZE(syscall_formats); i++)
		if (!strcmp(syscall_formats[i].name, name))
			return &syscall_formats[i];
	return NULL;
}

/**
 * syscall_describe - a system call a task is blocked in, in words
 * @arch: the trace's architecture, name or alias
 * @nr: the system call number, any value
 * @args: its six arguments from raw_syscalls:sys_enter, any values; may
 *        be NULL, then only the name is written
 * @buf: where to write, may be NULL when @len is 0
 * @len: size of @buf
 *
 * Writes e.g. "clock_nanosleep(CLOCK_MONOTONIC, relative)",
 * "futex(FUTEX_LOCK_PI_PRIVATE)", "read(fd 3)" or "poll"; the bare name
 * for calls whose arguments say nothing about the sleep, and "syscall 999"
 * when @arch has no such call or is unknown.
 *
 * Return: the length of the whole text, as snprintf.
 */
int syscall_describe(const char *arch, long nr, const unsigned long args[6],
		     char *buf, size_t len)
{
	struct desc d = desc_init(buf, len);
	const struct syscall_format *f;
	struct call c = { syscall_name(arch, nr), args, NULL };

	if (!c.name) {
		desc_put(&d, "syscall %ld", nr);
		return desc_end(&d);
	}
	f = syscall_format_of(c.name);
	if (f && args) {
		c.label = f->label;
		f->describe(&d, &c);
	} else {
		desc_put(&d, "%s", c.name);
	}
	return desc_end(&d);
}
