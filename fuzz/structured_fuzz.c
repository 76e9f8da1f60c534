// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness with a structure-aware generator: the input is not a
 * trace.dat but a program that makes one, so that mutations stay within
 * the format and reach what only a well-formed file reaches. A real trace
 * (traces/clock-nanosleep.dat) gives the metadata; the program chooses the
 * compression, the chunk size, the CPUs, the records of each (switches,
 * wakings, system calls, faults, markers with any text, records of any
 * event id with any bytes, lost events), replaces sections (saved
 * cmdlines, kallsyms, a format) and finally patches bytes of the written
 * file. The file goes through the one trace.dat builder
 * (recorder/tracedat_build.c, via tests/hostile/) and then through the
 * whole command, replay and check, as replay_fuzz runs them.
 *
 * Program (every missing byte reads as 0):
 *   flags chunk_pages (op args...)*
 *   flags: bit 0 zstd, bit 1 a DATE option, bits 2-3 CPUs - 1
 *   op % 12: 0 switch, 1 waking, 2 sys_enter, 3 sys_exit, 4 page fault,
 *	5 marker, 6 lost events, 7 raw record, 8 patch a byte, 9 saved
 *	cmdlines text, 10 kallsyms text, 11 sched_switch's format text
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "page_writer.h"
#include "trace_template.h"

#define TEMPLATE	"traces/clock-nanosleep.dat"
#define MAX_CPUS	4
#define MAX_PATCHES	64

static const char *const comms[] = {
	"rt", "init", "\033]2;x\a", "kworker/0:1", "rcu_preempt", "migration/0", "a\nb",
	"\xff\xfe", "",
};

struct program {
	const uint8_t	*p;
	size_t		left;
};

struct build {
	struct page_writer	w[MAX_CPUS];
	struct tracedat_bytes	cpu[MAX_CPUS];
	int			nr_cpus;
	uint64_t		ts;
	struct { uint32_t at; uint8_t v; } patch[MAX_PATCHES];
	int			nr_patches;
	struct tracedat_bytes	cmdlines, kallsyms;
	char			*format;
};

static struct template t;
static char path[64];

static unsigned int byte(struct program *g)
{
	if (!g->left)
		return 0;
	g->left--;
	return *g->p++;
}

static unsigned int u16(struct program *g)
{
	return byte(g) | byte(g) << 8;
}

static uint64_t u64(struct program *g)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v |= (uint64_t)byte(g) << (8 * i);
	return v;
}

/* Up to 255 bytes of text from the program, NUL-terminated. */
static void text(struct program *g, char *out)
{
	unsigned int n = byte(g);

	for (unsigned int i = 0; i < n; i++)
		out[i] = byte(g);
	out[n] = '\0';
}

static void emit(struct build *b, struct program *g, const struct payload *p)
{
	unsigned int cpu = byte(g) % b->nr_cpus, shift = byte(g) % 40;

	b->ts += 1ULL << shift;
	page_writer_event(&b->w[cpu], b->ts, p->data, p->len);
}

static int start(struct payload *p, const char *system, const char *name, int pid)
{
	return template_payload(&t, system, name, pid, p);
}

static void op_switch(struct build *b, struct program *g)
{
	struct payload p;
	int pid = u16(g);

	if (start(&p, "sched", "sched_switch", pid))
		return;
	payload_str(&p, "prev_comm", comms[byte(g) % 9]);
	payload_num(&p, "prev_pid", pid);
	payload_num(&p, "prev_prio", byte(g));
	payload_num(&p, "prev_state", byte(g));
	payload_str(&p, "next_comm", comms[byte(g) % 9]);
	payload_num(&p, "next_pid", u16(g));
	payload_num(&p, "next_prio", byte(g));
	emit(b, g, &p);
}

static void op_waking(struct build *b, struct program *g)
{
	struct payload p;

	if (start(&p, "sched", "sched_waking", u16(g)))
		return;
	payload_str(&p, "comm", comms[byte(g) % 9]);
	payload_num(&p, "pid", u16(g));
	payload_num(&p, "prio", byte(g));
	payload_num(&p, "common_flags", byte(g));
	emit(b, g, &p);
}

static void op_syscall(struct build *b, struct program *g, bool enter)
{
	struct payload p;

	if (start(&p, "raw_syscalls", enter ? "sys_enter" : "sys_exit", u16(g)))
		return;
	payload_num(&p, "id", u16(g) % 512);
	if (enter)
		for (uint32_t i = 0; i < 6 && p.len >= 16 + 8 * (i + 1); i++)
			memcpy(p.data + 16 + 8 * i, &(uint64_t){ u64(g) }, 8);
	else
		payload_num(&p, "ret", u64(g));
	emit(b, g, &p);
}

static void op_fault(struct build *b, struct program *g)
{
	struct payload p;

	if (start(&p, "exceptions", "page_fault_user", u16(g)))
		return;
	payload_num(&p, "address", u64(g));
	payload_num(&p, "ip", u64(g));
	payload_num(&p, "error_code", byte(g));
	emit(b, g, &p);
}

static void op_marker(struct build *b, struct program *g)
{
	char buf[256];
	struct payload p;

	if (start(&p, "ftrace", "print", u16(g)))
		return;
	text(g, buf);
	payload_str(&p, "buf", buf);
	emit(b, g, &p);
}

/* A record of any id, any bytes: formats that do not fit it, ids of none. */
static void op_raw(struct build *b, struct program *g)
{
	struct payload p = { .len = 8 + byte(g) % 200 };
	uint16_t id = u16(g);

	for (uint32_t i = 0; i < p.len; i++)
		p.data[i] = byte(g);
	memcpy(p.data, &id, 2);
	emit(b, g, &p);
}

static void op_text(struct tracedat_bytes *sec, int size_bytes, struct program *g)
{
	char buf[256];

	text(g, buf);
	tracedat_bytes_free(sec);
	tracedat_bytes_put_num(sec, strlen(buf), size_bytes);
	tracedat_bytes_put(sec, buf, strlen(buf));
}

static void run_program(struct build *b, struct program *g)
{
	while (g->left) {
		unsigned int op = byte(g) % 12;
		char buf[256];

		switch (op) {
		case 0: op_switch(b, g); break;
		case 1: op_waking(b, g); break;
		case 2: op_syscall(b, g, true); break;
		case 3: op_syscall(b, g, false); break;
		case 4: op_fault(b, g); break;
		case 5: op_marker(b, g); break;
		case 6: page_writer_lost(&b->w[byte(g) % b->nr_cpus]); break;
		case 7: op_raw(b, g); break;
		case 8:
			if (b->nr_patches < MAX_PATCHES) {
				b->patch[b->nr_patches].at = u16(g) | byte(g) << 16;
				b->patch[b->nr_patches++].v = byte(g);
			}
			break;
		case 9: op_text(&b->cmdlines, 8, g); break;
		case 10: op_text(&b->kallsyms, 4, g); break;
		case 11:
			text(g, buf);
			free(b->format);
			b->format = strdup(buf);
			break;
		}
	}
}

/* The file: the template's metadata with the program's edits, its records, its patches. */
static int write_file(struct build *b, bool zstd, bool date, uint32_t chunk)
{
	struct template_cpu cpus[MAX_CPUS];
	struct tracedat_bytes keep_cmdlines = t.sec[TRACEDAT_SEC_CMDLINES];
	struct tracedat_bytes keep_kallsyms = t.sec[TRACEDAT_SEC_KALLSYMS];
	struct template_out o = { .compression = zstd ? "zstd" : "none", .chunk_size = chunk,
				  .nr_cpus = b->nr_cpus, .nr_data = b->nr_cpus, .data = cpus,
				  .date = date };
	FILE *f;
	int ret;

	for (int i = 0; i < b->nr_cpus; i++)
		cpus[i] = (struct template_cpu){ .cpu = i, .data = b->cpu[i].p, .len = b->cpu[i].len };
	if (b->cmdlines.len)
		t.sec[TRACEDAT_SEC_CMDLINES] = b->cmdlines;
	if (b->kallsyms.len)
		t.sec[TRACEDAT_SEC_KALLSYMS] = b->kallsyms;
	ret = template_write(&t, &o, path, NULL);
	t.sec[TRACEDAT_SEC_CMDLINES] = keep_cmdlines;
	t.sec[TRACEDAT_SEC_KALLSYMS] = keep_kallsyms;
	f = ret ? NULL : fopen(path, "r+");
	for (int i = 0; f && i < b->nr_patches; i++) {
		long size;

		fseek(f, 0, SEEK_END);
		size = ftell(f);
		if (size > 0 && !fseek(f, b->patch[i].at % size, SEEK_SET))
			fputc(b->patch[i].v, f);
	}
	if (f)
		fclose(f);
	return ret;
}

static void replay(size_t size)
{
	static const char *const variants[][6] = {
		{ "--context", "4" },
		{ "--json", "--lost-events=ignore" },
		{ "--damaged=report", "--context", "20" },
		{ "-s", "--profile", "7.3" },
	};
	const char *const *v = variants[size % 4];
	char *argv[10];
	int argc = 0;

	argv[argc++] = "rvreplay";
	for (int i = 0; i < 6 && v[i]; i++)
		argv[argc++] = (char *)v[i];
	argv[argc++] = path;
	argv[argc] = NULL;
	cmd_replay(argc, argv);
	argv[0] = "check";
	argv[1] = path;
	argv[2] = NULL;
	cmd_check(2, argv);
	fflush(stdout);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	snprintf(path, sizeof(path), "/tmp/rvreplay-structured-%d.dat", (int)getpid());
	if (template_load(TEMPLATE, &t)) {
		fprintf(stderr, "structured_fuzz: run it from the top of the tree (%s)\n", TEMPLATE);
		exit(1);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct program g = { data, size };
	struct build b = { .ts = 1000000000 };
	unsigned int flags = byte(&g), pages = byte(&g) % 16 + 1;
	char *keep = NULL;

	b.nr_cpus = (flags >> 2 & 3) + 1;
	for (int i = 0; i < b.nr_cpus; i++)
		if (page_writer_init(&b.w[i], &b.cpu[i], t.td->page_size))
			abort();
	run_program(&b, &g);
	for (int i = 0; i < b.nr_cpus; i++)
		page_writer_finish(&b.w[i]);
	for (int i = 0; b.format && i < t.nr_formats && !keep; i++)
		if (!strncmp(t.formats[i].text, "name: sched_switch\n", 19)) {
			keep = t.formats[i].text;
			t.formats[i].text = b.format;
		}
	if (!write_file(&b, flags & 1, flags & 2, pages * t.td->page_size))
		replay(size);
	for (int i = 0; keep && i < t.nr_formats; i++)
		if (t.formats[i].text == b.format)
			t.formats[i].text = keep;
	for (int i = 0; i < b.nr_cpus; i++) {
		page_writer_free(&b.w[i]);
		tracedat_bytes_free(&b.cpu[i]);
	}
	tracedat_bytes_free(&b.cmdlines);
	tracedat_bytes_free(&b.kallsyms);
	free(b.format);
	unlink(path);
	return 0;
}
