/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Recording what the monitors need, where trace-cmd record cannot: a
 * dedicated tracefs instance, per-CPU ring buffers streamed to disk while
 * the workload runs, and a trace.dat assembled at the end.
 */
#ifndef RECORD_H
#define RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RECORD_ERR_LEN		512
#define RECORD_MAX_EVENTS	64

struct record_event {
	const char	*system;
	const char	*name;
	const char	*monitors;	/* which monitors need it, for messages */
	bool		required;
};

struct record_options {
	struct record_event	events[RECORD_MAX_EVENTS];
	int			nr_events;
	const char		*output;	/* for messages */
	const char		*what;		/* "recording" (NULL) or "watching", for messages */
	const char		*workdir_near;	/* the work folder is made next to it */
	/* puts the complete trace in place: rename or copy; 0 or -1 with err */
	int			(*place)(void *data, const char *trace, char *err, size_t len);
	void			*place_data;
	unsigned long		buffer_kb;	/* per CPU */
	unsigned long		duration_s;	/* 0: until the command ends or SIGINT */
	char *const		*argv;		/* the command, or NULL */
	bool			kallsyms;	/* store /proc/kallsyms */
	bool			term_stops;	/* SIGTERM stops as SIGINT does (a service's stop);
						   else it aborts without output */
	bool			quiet;
	void			(*progress)(uint64_t bytes);	/* streamed so far; or NULL */
	/* what dead recorders left, found and cleaned up on the way; or NULL */
	void			(*notice)(const char *msg);
};

struct record_cpu_stats {
	long long	overrun;
	long long	dropped;
	unsigned long long bytes;	/* streamed to disk */
};

struct record_result {
	int			cpus;
	struct record_cpu_stats	*stats;
	int			child_status;	/* wait(2) status, -1 without a command */
	bool			interrupted;	/* stopped by SIGINT */
	unsigned long		tasks;		/* metadata lines written */
};

int record_run(const struct record_options *o, struct record_result *res, char *err);
void record_result_free(struct record_result *res);

#endif
