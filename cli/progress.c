// SPDX-License-Identifier: GPL-2.0-only
/*
 * The progress line on stderr: "rvreplay: WHAT: 45% (540.2 MiB of 1.2 GiB),
 * 120.0 MiB/s, 6 s left", redrawn in place with a carriage return at most
 * four times a second and erased at the end, as perf and git do.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "escape.h"
#include "progress.h"

#define DEFAULT_DELAY	1.0	/* seconds of work before the line appears */
#define REDRAW		0.25	/* seconds between two drawings, at least */
#define CLOCK_EVERY	0.02	/* seconds between two clock readings, about */
#define MAX_STRIDE	65536	/* updates between two clock readings, at most */
#define NOT_WORTH	0.5	/* seconds left below which a line is not started */
#define NEVER		UINT32_MAX

struct progress {
	bool			disabled;	/* -q, --json */
	bool			active;		/* begun, and stderr is a terminal */
	bool			shown;		/* the line is on the screen */
	const char		*what;
	enum progress_unit	unit;
	uint64_t		total;		/* 0: unknown */
	uint64_t		done;
	uint32_t		countdown;	/* updates until the clock is read */
	uint32_t		stride;		/* where the countdown started */
	double			start;
	double			last_tick;
	double			last_draw;
	double			delay;
	double			deadline;	/* seconds after the start, 0: none */
};

static struct progress p = { .countdown = NEVER, .stride = NEVER };

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* RVREPLAY_PROGRESS_DELAY, like GIT_PROGRESS_DELAY: tests set it to 0. */
static double delay_from_env(void)
{
	const char *s = getenv("RVREPLAY_PROGRESS_DELAY");
	char *end;
	double d;

	if (!s || !*s)
		return DEFAULT_DELAY;
	d = strtod(s, &end);
	return *end || d < 0 || d > 3600 ? DEFAULT_DELAY : d;
}

/* A terminal that understands \r and ESC [ K, where we are in the foreground. */
static bool terminal(void)
{
	const char *term = getenv("TERM");

	if (!isatty(STDERR_FILENO) || (term && !strcmp(term, "dumb")))
		return false;
	return tcgetpgrp(STDERR_FILENO) == getpgrp();
}

static int width(void)
{
	struct winsize ws;

	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) || ws.ws_col < 20)
		return 80;
	return ws.ws_col;
}

static void amount(char *buf, size_t len, enum progress_unit unit, double n)
{
	static const char *const bytes[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	static const char *const events[] = { "", "k", "M", "G", "T" };
	double base = unit == PROGRESS_BYTES ? 1024 : 1000;
	int i = 0;

	while (n >= base && i < 4) {
		n /= base;
		i++;
	}
	if (unit == PROGRESS_BYTES)
		snprintf(buf, len, i ? "%.1f %s" : "%.0f %s", n, bytes[i]);
	else
		snprintf(buf, len, i ? "%.1f%s" : "%.0f%s", n, events[i]);
}

static void time_left(char *buf, size_t len, double s)
{
	unsigned long t = s + 0.5;

	if (t < 60)
		snprintf(buf, len, ", %lu s left", t);
	else if (t < 3600)
		snprintf(buf, len, ", %lu min %lu s left", t / 60, t % 60);
	else
		snprintf(buf, len, ", %lu h %lu min left", t / 3600, t / 60 % 60);
}

static void draw(double t)
{
	const char *unit = p.unit == PROGRESS_EVENTS ? " events" : "";
	double elapsed = t - p.start, rate = elapsed > 0 ? p.done / elapsed : 0;
	char done[32], total[32], speed[32], left[48] = "", body[192], line[512];
	char what[ESCAPE_LEN(64)];
	int w = width();

	if (!terminal())
		return;
	amount(done, sizeof(done), p.unit, p.done);
	amount(speed, sizeof(speed), p.unit, rate);
	if (p.total && p.done <= p.total) {
		amount(total, sizeof(total), p.unit, p.total);
		snprintf(body, sizeof(body), "%d%% (%s of %s%s), %s%s/s",
			 (int)(100.0 * p.done / p.total), done, total, unit, speed, unit);
		if (rate > 0)
			time_left(left, sizeof(left), (p.total - p.done) / rate);
	} else {
		snprintf(body, sizeof(body), "%s%s, %s%s/s", done, unit, speed, unit);
	}
	if (p.deadline > 0)
		time_left(left, sizeof(left), elapsed < p.deadline ? p.deadline - elapsed : 0);
	snprintf(line, sizeof(line), "rvreplay: %s: %s%s", escape(p.what, what, sizeof(what)), body,
		 left);
	if ((int)strlen(line) > w - 1)
		line[w - 1] = '\0';
	fprintf(stderr, "\r%s\033[K", line);
	fflush(stderr);
	p.shown = true;
	p.last_draw = t;
}

/* Whether the work will be over too soon for a line to be worth drawing. */
static bool almost_done(double t)
{
	double elapsed = t - p.start;

	if (!p.total || !p.done || p.done > p.total || elapsed <= 0)
		return false;
	return (p.total - p.done) / (p.done / elapsed) < NOT_WORTH;
}

/* The slow path of progress_update(): the clock, and maybe the line. */
static void tick(void)
{
	double t, dt, stride;

	if (!p.active) {
		p.countdown = p.stride = NEVER;
		return;
	}
	t = now();
	dt = t - p.last_tick;
	/* aim at one clock reading every CLOCK_EVERY seconds */
	stride = dt > 0 ? p.stride * CLOCK_EVERY / dt : 2.0 * p.stride;
	p.stride = stride < 1 ? 1 : stride > MAX_STRIDE ? MAX_STRIDE : (uint32_t)stride;
	p.countdown = p.stride;
	p.last_tick = t;
	if (t - p.start < p.delay || (p.shown && t - p.last_draw < REDRAW))
		return;
	if (!p.shown && almost_done(t))
		return;
	draw(t);
}

/**
 * progress_disable() - no progress line in this process (-q, --json)
 */
void progress_disable(void)
{
	progress_end();
	p.disabled = true;
}

/**
 * progress_begin() - start measuring a piece of work
 * @what: what is worked on, e.g. the trace's path; must stay valid until
 *	progress_end()
 * @unit: what progress_update() counts
 * @total: the amount when done, 0 when unknown (no percentage then)
 *
 * Nothing is drawn before the work has lasted RVREPLAY_PROGRESS_DELAY
 * seconds (default 1), nor when stderr is not a terminal in the
 * foreground, nor after progress_disable().
 */
void progress_begin(const char *what, enum progress_unit unit, uint64_t total)
{
	progress_end();
	p.what = what;
	p.unit = unit;
	p.total = total;
	p.done = 0;
	p.deadline = 0;
	p.delay = delay_from_env();
	p.start = p.last_tick = now();
	p.active = !p.disabled && terminal();
	p.countdown = p.stride = p.active ? 1 : NEVER;
}

/**
 * progress_deadline() - the work ends after this time (rvreplay record -d)
 * @seconds: from progress_begin(); the time left is counted from it
 *	rather than from the rate
 */
void progress_deadline(double seconds)
{
	p.deadline = seconds > 0 ? seconds : 0;
}

/**
 * progress_update() - how much is done now
 * @done: in the unit of progress_begin(), from 0 up to the total
 *
 * Cheap: a store and a decrement, the clock read only every few thousand
 * calls (adapted to the call rate, about 50 times a second).
 */
void progress_update(uint64_t done)
{
	p.done = done;
	if (--p.countdown)
		return;
	tick();
}

/**
 * progress_clear() - erase the line before printing something else on stderr
 *
 * The line comes back at the next update. Does nothing when not shown.
 */
void progress_clear(void)
{
	if (!p.shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	p.shown = false;
}

/**
 * progress_end() - the work is over: erase the line
 */
void progress_end(void)
{
	progress_clear();
	p.active = false;
	p.countdown = p.stride = NEVER;
}
