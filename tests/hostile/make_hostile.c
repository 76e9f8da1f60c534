// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hostile trace.dat files, made at test time from a real trace: each is
 * small on disk and built the way an attacker would, to the format (issue
 * "Hostile traces"). hostile_test.sh runs rvreplay on each.
 *
 *   make_hostile KIND TEMPLATE OUT [N [M]]
 *
 *   copy [zstd|zlib|none]  the template's data as a v7 file
 *   big-chunk N         CPU 0's data is one chunk inflating to N MiB
 *   many-cpus N         N CPUs, one sched_switch each
 *   shared-chunk N M    M CPU entries point at one chunk of N MiB
 *   cmdlines-bomb N     saved cmdlines of N MiB
 *   kallsyms-bomb N     kallsyms of N MiB
 *   date-bomb N         a DATE option (libtracecmd reads it) and one more
 *                       CPU of N MiB of empty pages (N a multiple of 64)
 *   print-bomb N        sched_switch's print format has N operands (")" 1)/1
 *   formats-bomb N      N more event formats (copies of sched_switch's)
 *   printk-bomb N       printk formats of N MiB
 *   gaps N M            N real-time tasks, then M pages after lost events
 *   many-pids N         N tasks switching, each once
 *   sleeps N M          M real-time tasks sleep N times in all, each time in
 *                       read() of another fd, woken by a lower task: N
 *                       violation groups of M tasks
 *   hostile-comm        real-time tasks named with terminal escapes sleep
 *                       wrongly, one woken by another
 *   hostile-system      an unparsable format in a system named with a
 *                       newline and escapes
 *
 * Not hostile, but scenarios a report must explain exactly:
 *   renamed             a real-time task faults as "early", then is renamed
 *                       "renamed" (prctl(PR_SET_NAME))
 *   inferred-switch-in  a real-time thread in futex wait is woken by a lower
 *                       task and its switch-in is not recorded: its next own
 *                       record stands for it (the 7.3 SCHEDULE_IN)
 *   boosted             a lock holder (prio 120) sleeps in futex wait and is
 *                       PI-boosted between its wakeup and its run; then it
 *                       sleeps once while boosted, once after (prio 120)
 *   latency-spread      a real-time task's 2,596 wakeup-to-run latencies
 *                       from 3 us to 12 ms, one in the 8-16 ms bucket
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "page_writer.h"
#include "record_writer.h"
#include "trace_template.h"

#define MIB		(1ULL << 20)
#define START_TS	1000000000ULL
#define RT_PRIO		49		/* kernel prio of SCHED_FIFO 50 */
#define EVIL_COMM	"\033]2;pwned\a\033[2J"

static struct template t;
static const unsigned char empty_page[1 << 16];

static void die(const char *what)
{
	fprintf(stderr, "make_hostile: %s\n", what);
	exit(2);
}

static void cpu_data(int index, struct tracedat_bytes *out)
{
	const struct tracedat_buffer *b = tracedat_buffer_find(t.td, "");
	char err[512];
	size_t len;
	void *data;

	if (!b || index >= b->nr_cpus)
		die("the template has no such CPU");
	if (tracedat_read_cpu(t.td, b, index, &data, &len, err, sizeof(err)))
		die(err);
	tracedat_bytes_put(out, data, len);
	free(data);
}

static int write_out(const char *path, const char *comp, uint32_t chunk, int nr_cpus,
		     const struct template_cpu *data, int nr_data, bool date)
{
	struct template_out o = { .compression = comp, .chunk_size = chunk, .nr_cpus = nr_cpus,
				  .nr_data = nr_data, .data = data, .date = date };

	return template_write(&t, &o, path, NULL);
}

/* The pages of @w, one CPU's data, written to @path; @w and @bytes freed. */
static int write_pages(const char *path, const char *comp, struct page_writer *w,
		       struct tracedat_bytes *bytes)
{
	int ret;

	page_writer_finish(w);
	ret = write_out(path, comp, 0, 1, &(struct template_cpu){ .data = bytes->p,
								.len = bytes->len }, 1, false);
	page_writer_free(w);
	tracedat_bytes_free(bytes);
	return ret;
}

/*
 * The template's CPUs, CPU 0's data padded with empty pages to @pad bytes;
 * with @bomb, one more CPU of @bomb MiB of empty pages (64 MiB chunks).
 */
static int copy(const char *path, const char *comp, uint64_t pad, uint32_t chunk, bool date,
		uint32_t bomb)
{
	const struct tracedat_buffer *b = tracedat_buffer_find(t.td, "");
	struct tracedat_bytes bytes[65] = { 0 };
	struct template_cpu cpus[65];
	int n = b ? b->nr_cpus : 0, nr_cpus = t.td->nr_cpus;
	unsigned char *zeros = NULL;

	if (!n || n > 64)
		die("the template's top buffer has no CPUs, or too many");
	for (int i = 0; i < n; i++) {
		bytes[i].limit = pad + (1ULL << 30);
		cpu_data(i, &bytes[i]);
		if (!i && pad > bytes[0].len) {
			zeros = calloc(1, pad - bytes[0].len);
			if (!zeros)
				die("out of memory");
			tracedat_bytes_put(&bytes[0], zeros, pad - bytes[0].len);
			free(zeros);
			zeros = NULL;
		}
		cpus[i] = (struct template_cpu){ .cpu = b->cpus[i].cpu, .data = bytes[i].p,
						 .len = bytes[i].len };
	}
	if (bomb) {
		zeros = calloc(1, 64 * MIB);
		if (!zeros)
			die("out of memory");
		cpus[n++] = (struct template_cpu){ .cpu = nr_cpus++, .data = zeros, .len = 64 * MIB,
						   .repeat = bomb / 64 };
		chunk = 64 * MIB;
	}
	if (write_out(path, comp, chunk, nr_cpus, cpus, n, date))
		return -1;
	free(zeros);
	for (int i = 0; i < n; i++)
		tracedat_bytes_free(&bytes[i]);
	return 0;
}

/*
 * @m CPUs whose entries all point at CPU 0's data, one chunk of @mib MiB:
 * written as @m CPUs of one page each, then the BUFFER option's entries
 * (cpu, offset, size after the name, clock, page size and CPU count)
 * patched to CPU 0's.
 */
static int shared_chunk(const char *path, uint64_t mib, int m)
{
	struct tracedat_bytes *bytes = calloc(m, sizeof(*bytes));
	struct template_cpu *cpus = calloc(m, sizeof(*cpus));
	struct template_out o = { .compression = "zstd", .chunk_size = mib * MIB, .nr_cpus = m,
				  .nr_data = m, .data = cpus };
	struct tracedat_layout layout;
	uint64_t at, entry[2];
	FILE *f;

	if (!bytes || !cpus)
		die("out of memory");
	for (int i = 0; i < m; i++) {
		bytes[i].limit = 2 * mib * MIB;
		tracedat_bytes_put(&bytes[i], empty_page, t.td->page_size);
		if (!i)
			for (uint64_t k = 1; k < mib * MIB / t.td->page_size; k++)
				tracedat_bytes_put(&bytes[i], empty_page, t.td->page_size);
		cpus[i] = (struct template_cpu){ .cpu = i, .data = bytes[i].p, .len = bytes[i].len };
	}
	if (template_write(&t, &o, path, &layout))
		return -1;
	/* the options section is the last; its BUFFER option follows the six offsets */
	at = layout.sections[layout.nr_sections - 1].options[TRACEDAT_NR_SECTIONS] + 6 + 8;
	at += 1 + strlen(t.clock) + 1 + 4 + 4;
	f = fopen(path, "r+");
	if (!f || fseek(f, at + 4, SEEK_SET) || fread(entry, 8, 2, f) != 2)
		die("cannot read the BUFFER option back");
	for (int i = 1; i < m; i++)
		if (fseek(f, at + 20ULL * i + 4, SEEK_SET) || fwrite(entry, 8, 2, f) != 2)
			die("cannot patch the BUFFER option");
	fclose(f);
	tracedat_layout_free(&layout);
	for (int i = 0; i < m; i++)
		tracedat_bytes_free(&bytes[i]);
	free(bytes);
	free(cpus);
	return 0;
}

/* @n CPUs, each with a chunk of ten pages: one sched_switch, then empty pages. */
static int many_cpus(const char *path, int n)
{
	struct template_cpu *cpus = calloc(n, sizeof(*cpus));
	struct tracedat_bytes *bytes = calloc(n, sizeof(*bytes));
	struct page_writer w;
	int ret;

	if (!cpus || !bytes || t.td->page_size > sizeof(empty_page))
		die("out of memory, or pages too big");
	for (int i = 0; i < n; i++) {
		if (page_writer_init(&w, &bytes[i], t.td->page_size))
			die("out of memory");
		record_switch_out(&t, &w, START_TS + i, 1000 + i, "task", 120, 1);
		page_writer_finish(&w);
		page_writer_free(&w);
		for (int k = 1; k < 10; k++)
			tracedat_bytes_put(&bytes[i], empty_page, t.td->page_size);
		cpus[i] = (struct template_cpu){ .cpu = i, .data = bytes[i].p, .len = bytes[i].len };
	}
	ret = write_out(path, "zstd", 0, n, cpus, n, false);
	for (int i = 0; i < n; i++)
		tracedat_bytes_free(&bytes[i]);
	free(bytes);
	free(cpus);
	return ret;
}

/* A section of @mib MiB made of @line over and over (a size prefix of @size bytes). */
static void bomb_section(enum tracedat_section sec, int size, const char *line, uint64_t mib)
{
	struct tracedat_bytes *b = &t.sec[sec];
	uint64_t len = mib * MIB, done;
	size_t n = strlen(line);

	tracedat_bytes_free(b);
	b->limit = len + MIB;
	tracedat_bytes_put_num(b, len / n * n, size);
	for (done = 0; done + n <= len; done += n)
		tracedat_bytes_put(b, line, n);
	if (b->failed)
		die("out of memory");
}

/* sched_switch's print format with @n operands, each one a string holding ")". */
static void print_bomb(int n)
{
	struct tep_event *ev = tep_find_event_by_name(t.ef.tep, "sched", "sched_switch");
	size_t len = 64 + 16ULL * n;
	char *text = malloc(len + 4096), *p;

	if (!ev || !text)
		die("no sched_switch, or out of memory");
	p = text + sprintf(text, "name: sched_switch\nID: %d\nformat:\n"
			   "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
			   "\nprint fmt: \"%%d\"", ev->id);
	for (int i = 0; i < n; i++)
		p += sprintf(p, ", (\")\" 1)/1");
	strcpy(p, "\n");
	if (template_set_format(&t, "sched", "sched_switch", text))
		die("cannot replace sched_switch's format");
	free(text);
}

/* @n copies of sched_switch's format, each its own event in a system of its own. */
static void formats_bomb(int n)
{
	const char *orig = NULL;
	char *text, *body;

	for (int i = 0; i < t.nr_formats && !orig; i++)
		if (!strncmp(t.formats[i].text, "name: sched_switch\n", 19))
			orig = t.formats[i].text;
	body = orig ? strstr(orig, "format:") : NULL;
	text = malloc(strlen(orig ? orig : "") + 64);
	if (!body || !text)
		die("no sched_switch format, or out of memory");
	for (int i = 0; i < n; i++) {
		sprintf(text, "name: copy%d\nID: %d\n%s", i, 2000 + i % 63000, body);
		if (template_add_format(&t, i % 2 ? "bomb_a" : "bomb_b", text))
			die("out of memory");
	}
	free(text);
}

/* @tasks real-time tasks sleep once each; then @gaps pages, each after lost events. */
static int gaps(const char *path, int tasks, int gaps)
{
	struct tracedat_bytes bytes = { 0 };
	struct page_writer w;
	uint64_t ts = START_TS;

	if (page_writer_init(&w, &bytes, t.td->page_size))
		die("out of memory");
	ts = record_prologue(&t, &w, ts);
	for (int i = 0; i < tasks; i++)
		record_switch_out(&t, &w, ts++, 1000 + i, "rt", RT_PRIO, 1);
	for (int i = 0; i < gaps; i++) {
		page_writer_lost(&w);
		record_switch_out(&t, &w, ts++, 1000 + i % (tasks ? tasks : 1), "rt", RT_PRIO, 1);
	}
	return write_pages(path, "zstd", &w, &bytes);
}

/* @n tasks, each switching out once. */
static int many_pids(const char *path, int n)
{
	struct tracedat_bytes bytes = { .limit = 4ULL << 30 };
	struct page_writer w;

	if (page_writer_init(&w, &bytes, t.td->page_size))
		die("out of memory");
	record_prologue(&t, &w, START_TS - 100);
	for (int i = 0; i < n; i++)
		record_switch_out(&t, &w, START_TS + i, 1000 + i, "task", i % 2 ? RT_PRIO : 120, 1);
	return write_pages(path, "zstd", &w, &bytes);
}

/*
 * Real-time task 1001, named with terminal escapes, writes a marker, sleeps
 * in read() (system call 0 on x86_64), is woken by a lower task named evil
 * too and takes a page fault: both monitors report it, every line of the
 * report names it.
 */
static int hostile_comm(const char *path)
{
	struct tracedat_bytes bytes = { 0 };
	struct page_writer w;
	struct payload p;

	if (page_writer_init(&w, &bytes, t.td->page_size))
		die("out of memory");
	record_prologue(&t, &w, START_TS - 100);
	record_event(&t, &w, START_TS, 1001, "raw_syscalls", "sys_enter");
	if (!template_payload(&t, "ftrace", "print", 1001, &p)) {
		payload_str(&p, "buf", "marker " EVIL_COMM "\n");
		page_writer_event(&w, START_TS + 5, p.data, p.len);
	}
	record_switch_out(&t, &w, START_TS + 10, 1001, EVIL_COMM, RT_PRIO, 1);
	record_wake(&t, &w, START_TS + 20, "sched_waking", 1002, 1001, EVIL_COMM, RT_PRIO);
	record_switch_out(&t, &w, START_TS + 30, 1002, "low" EVIL_COMM, 120, 0);
	record_event(&t, &w, START_TS + 40, 1001, "exceptions", "page_fault_user");
	record_switch_out(&t, &w, START_TS + 50, 1001, EVIL_COMM, RT_PRIO, 1);
	return write_pages(path, "none", &w, &bytes);
}

/* Sleep @i of @n, of task 1001 + @i % @tasks: read(@i / @tasks), woken by a lower task. */
static void one_sleep(struct page_writer *w, uint64_t ts, int i, int tasks)
{
	int pid = 1001 + i % tasks;

	/* its first: preempted and a system call before, every atom known by the sleep */
	if (i < tasks) {
		record_switch_out(&t, w, ts, pid, "reader", RT_PRIO, 0);
		record_syscall_enter(&t, w, ts, pid, 39, 0, 0);	/* getpid() */
		record_syscall_exit(&t, w, ts, pid, 39);
	}
	record_syscall_enter(&t, w, ts, pid, 0, i / tasks, 0);	/* read(fd) on x86_64 */
	record_switch_out(&t, w, ts + 1, pid, "reader", RT_PRIO, 1);
	record_wake(&t, w, ts + 2, "sched_waking", 2, pid, "reader", RT_PRIO);
	record_syscall_exit(&t, w, ts + 3, pid, 0);
}

/* @n sleeps of @tasks real-time tasks, each a violation group of its own. */
static int sleeps(const char *path, int n, int tasks)
{
	struct tracedat_bytes bytes = { .limit = 4ULL << 30 };
	struct page_writer w;

	if (tasks < 1)
		tasks = 1;
	if (page_writer_init(&w, &bytes, t.td->page_size))
		die("out of memory");
	record_prologue(&t, &w, START_TS - 100);
	for (int i = 0; i < n; i++)
		one_sleep(&w, START_TS + 4ULL * i, i, tasks);
	return write_pages(path, "zstd", &w, &bytes);
}

/* A page fault of @pid while not RT starts pagefault; one while RT violates; then a rename. */
static int renamed(const char *path)
{
	struct tracedat_bytes bytes = { 0 };
	struct page_writer w;

	if (page_writer_init(&w, &bytes, t.td->page_size))
		die("out of memory");
	record_prologue(&t, &w, START_TS - 100);
	record_switch_out(&t, &w, START_TS, 1001, "early", 120, 0);
	record_event(&t, &w, START_TS + 10, 1001, "exceptions", "page_fault_user");
	record_switch_out(&t, &w, START_TS + 20, 1001, "early", RT_PRIO, 0);
	record_event(&t, &w, START_TS + 30, 1001, "exceptions", "page_fault_user");
	record_switch_out(&t, &w, START_TS + 40, 1001, "renamed", RT_PRIO, 0);
	return write_pages(path, "none", &w, &bytes);
}

/* Thread 1001 (RT, futex wait) woken by 1002 (prio 120); no switch-in, then its sys_exit. */
static int inferred_switch_in(const char *path)
{
	struct tracedat_bytes bytes = { 0 };
	struct page_writer w;

	if (page_writer_init(&w, &bytes, t.td->page_size))
		die("out of memory");
	record_prologue(&t, &w, START_TS - 100);
	/* a system call before: the instance knows every atom by the sleep */
	record_syscall_enter(&t, &w, START_TS - 50, 1001, 39, 0, 0);	/* getpid() */
	record_syscall_exit(&t, &w, START_TS - 40, 1001, 39);
	record_syscall_enter(&t, &w, START_TS, 1001, 202, 0x1000, 0);	/* futex(FUTEX_WAIT) */
	record_switch_out(&t, &w, START_TS + 10, 1001, "waiter", RT_PRIO, 1);
	record_switch_out(&t, &w, START_TS + 15, 1002, "waker", 120, 0);
	record_syscall_enter(&t, &w, START_TS + 20, 1002, 202, 0x1000, 1); /* futex(FUTEX_WAKE) */
	record_wake(&t, &w, START_TS + 30, "sched_waking", 1002, 1001, "waiter", RT_PRIO);
	record_syscall_exit(&t, &w, START_TS + 1000, 1001, 202);
	return write_pages(path, "none", &w, &bytes);
}

/*
 * One futex wait of @pid (@comm), switched out at @out_prio, woken by 1001
 * @slept ns later, run at @run_prio @latency ns after its wakeup. Return:
 * its end.
 */
static uint64_t futex_sleep(struct page_writer *w, uint64_t ts, int pid, const char *comm,
			    int out_prio, int run_prio, uint64_t slept, uint64_t latency)
{
	uint64_t wake = ts + 1000 + slept;

	record_syscall_enter(&t, w, ts, pid, 202, 0x1000, 0);		/* futex(FUTEX_WAIT) */
	record_switch_out(&t, w, ts + 1000, pid, comm, out_prio, 1);
	record_wake(&t, w, wake - 1000, "sched_waking", 1001, pid, comm, out_prio);
	record_wake(&t, w, wake, "sched_wakeup", 1001, pid, comm, out_prio);
	if (run_prio != out_prio)	/* the waiter blocks on its PI lock: boosted */
		record_pi_setprio(&t, w, wake + latency / 2, 1001, pid, comm, out_prio, run_prio);
	record_switch_in(&t, w, wake + latency, pid, comm, run_prio);
	record_syscall_exit(&t, w, wake + latency + 1000, pid, 202);
	return wake + latency + 1000;
}

static void holder_sleep(struct page_writer *w, uint64_t ts, int out_prio, int run_prio,
			 uint64_t slept, uint64_t latency)
{
	futex_sleep(w, ts, 1002, "holder", out_prio, run_prio, slept, latency);
}

/*
 * The holder 1002: a sleep begun at prio 120 and boosted to RT_PRIO after
 * its wakeup, one begun boosted, then unboosted one at prio 120; the
 * waiter 1001 wakes it.
 */
static int boosted(const char *path)
{
	struct tracedat_bytes bytes = { 0 };
	struct page_writer w;

	if (page_writer_init(&w, &bytes, t.td->page_size))
		die("out of memory");
	record_prologue(&t, &w, START_TS - 100);
	record_switch_out(&t, &w, START_TS, 1002, "holder", 120, 0);
	holder_sleep(&w, START_TS + 100000, 120, RT_PRIO, 5000, 30000);
	holder_sleep(&w, START_TS + 200000, RT_PRIO, RT_PRIO, 40000, 9000);
	record_pi_setprio(&t, &w, START_TS + 270000, 1002, 1002, "holder", RT_PRIO, 120);
	holder_sleep(&w, START_TS + 300000, 120, 120, 7000, 3000);
	return write_pages(path, "none", &w, &bytes);
}

/*
 * Real-time task 1003 sleeps 2,600 times, its wakeup-to-run latencies
 * spread from 3 us to 12 ms, most short, one in the 8-16 ms bucket.
 */
static int latency_spread(const char *path)
{
	static const struct { uint64_t ns; int count; } spread[] = {
		{ 3000, 2000 }, { 20000, 500 }, { 300000, 80 }, { 2500000, 15 }, { 12000000, 1 },
	};
	struct tracedat_bytes bytes = { .limit = 1ULL << 30 };
	struct page_writer w;
	uint64_t ts = START_TS;

	if (page_writer_init(&w, &bytes, t.td->page_size))
		die("out of memory");
	record_prologue(&t, &w, START_TS - 100);
	record_switch_out(&t, &w, ts, 1003, "spread", RT_PRIO, 0);
	for (size_t i = 0; i < sizeof(spread) / sizeof(spread[0]); i++)
		for (int k = 0; k < spread[i].count; k++)
			ts = futex_sleep(&w, ts + 1000, 1003, "spread", RT_PRIO, RT_PRIO, 100000,
					 spread[i].ns);
	return write_pages(path, "zstd", &w, &bytes);
}

static int hostile_system(const char *path)
{
	if (template_add_format(&t, "evil\nrvreplay: forged " EVIL_COMM,
				"name: x\nID: 9999\nformat:\n\tfield:int a;\toffset:0;\tsize:x;\n"
				"\nprint fmt: \"%d\", REC->a))((\n"))
		die("out of memory");
	return copy(path, "none", 0, 0, false, 0);
}

static long arg(char **argv, int argc, int i)
{
	if (i >= argc)
		die("missing number (see the head of make_hostile.c)");
	return strtol(argv[i], NULL, 0);
}

int main(int argc, char **argv)
{
	const char *kind = argc > 1 ? argv[1] : "", *out = argc > 3 ? argv[3] : "";
	int ret;

	if (argc < 4)
		die("usage: make_hostile KIND TEMPLATE OUT [N [M]]");
	if (template_load(argv[2], &t))
		return 2;
	if (!strcmp(kind, "copy"))
		ret = copy(out, argc > 4 ? argv[4] : "zstd", 0, 0, false, 0);
	else if (!strcmp(kind, "big-chunk"))
		ret = copy(out, "zstd", arg(argv, argc, 4) * MIB, arg(argv, argc, 4) * MIB, false, 0);
	else if (!strcmp(kind, "shared-chunk"))
		ret = shared_chunk(out, arg(argv, argc, 4), arg(argv, argc, 5));
	else if (!strcmp(kind, "many-cpus"))
		ret = many_cpus(out, arg(argv, argc, 4));
	else if (!strcmp(kind, "cmdlines-bomb")) {
		bomb_section(TRACEDAT_SEC_CMDLINES, 8, "12345 aaaaaaaaaaaaaaa\n", arg(argv, argc, 4));
		ret = copy(out, "zstd", 0, 0, false, 0);
	} else if (!strcmp(kind, "kallsyms-bomb")) {
		bomb_section(TRACEDAT_SEC_KALLSYMS, 4, "ffffffff81000000 T aaaaaaaaaaaaaaa\n",
			     arg(argv, argc, 4));
		ret = copy(out, "zstd", 0, 0, false, 0);
	} else if (!strcmp(kind, "printk-bomb")) {
		bomb_section(TRACEDAT_SEC_PRINTK, 4, "0xffffffff81000000 : \"format %d\\n\"\n",
			     arg(argv, argc, 4));
		ret = copy(out, "zstd", 0, 0, false, 0);
	} else if (!strcmp(kind, "formats-bomb")) {
		formats_bomb(arg(argv, argc, 4));
		ret = copy(out, "zstd", 0, 0, false, 0);
	} else if (!strcmp(kind, "date-bomb"))
		ret = copy(out, "zstd", 0, 0, true, arg(argv, argc, 4));
	else if (!strcmp(kind, "print-bomb")) {
		print_bomb(arg(argv, argc, 4));
		ret = copy(out, "zstd", 0, 0, false, 0);
	} else if (!strcmp(kind, "gaps"))
		ret = gaps(out, arg(argv, argc, 4), arg(argv, argc, 5));
	else if (!strcmp(kind, "many-pids"))
		ret = many_pids(out, arg(argv, argc, 4));
	else if (!strcmp(kind, "sleeps"))
		ret = sleeps(out, arg(argv, argc, 4), arg(argv, argc, 5));
	else if (!strcmp(kind, "hostile-comm"))
		ret = hostile_comm(out);
	else if (!strcmp(kind, "renamed"))
		ret = renamed(out);
	else if (!strcmp(kind, "inferred-switch-in"))
		ret = inferred_switch_in(out);
	else if (!strcmp(kind, "boosted"))
		ret = boosted(out);
	else if (!strcmp(kind, "latency-spread"))
		ret = latency_spread(out);
	else if (!strcmp(kind, "hostile-system"))
		ret = hostile_system(out);
	else
		die("unknown kind (see the head of make_hostile.c)");
	template_free(&t);
	return ret ? 2 : 0;
}
