// SPDX-License-Identifier: GPL-2.0-only
#include <ctype.h>
#include <string.h>

#include "ltl_drive.h"

static void no_init(struct rv_target *t, bool task_creation)
{
}

static void on_step(void *data, const struct rv_target *t, const unsigned long *states,
		    const unsigned long *atoms, const unsigned long *next)
{
	((struct drive *)data)->steps++;
}

static void on_violation(void *data, const struct rv_target *t, const unsigned long *before,
			 const unsigned long *atoms, enum rv_violation_kind kind)
{
	struct drive *d = data;

	d->violations++;
	d->last_kind = kind;
	d->last_before = before[0];
}

/**
 * drive_init() - a fresh instance: every atom unknown, not started
 * @d: the harness
 * @a: the automaton
 */
void drive_init(struct drive *d, const struct rv_automaton *a)
{
	memset(d, 0, sizeof(*d));
	d->monitor.name = a->name;
	d->monitor.automaton = a;
	d->monitor.init = no_init;
	d->report.step = on_step;
	d->report.violation = on_violation;
	d->task.rt = RV_UNKNOWN;
	d->task.kthread = RV_UNKNOWN;
	d->t.mon = &d->mon;
	d->t.monitor = &d->monitor;
	d->t.task = &d->task;
	d->t.report = &d->report;
	d->t.report_data = d;
	rv_instance_init(&d->t, false);
}

/**
 * drive_letter() - make every atom take the bits of @letter, as one update
 * @d: the harness
 * @letter: bit i is atom i
 *
 * All atoms but the last are set, the last updated: a start attempt when
 * the instance is stopped, a step otherwise.
 *
 * Return: true when this letter was a violation.
 */
bool drive_letter(struct drive *d, unsigned long letter)
{
	unsigned int n = d->monitor.automaton->nr_atoms;
	int before = d->violations;

	for (unsigned int i = 0; i + 1 < n; i++)
		ltl_set(&d->t, i, letter >> i & 1);
	ltl_update(&d->t, n - 1, letter >> (n - 1) & 1);
	return d->violations != before;
}

/**
 * drive_parse_letter() - "A !B C" to bits, atoms named as ltl_atom_str() names them
 * @a: the automaton
 * @letter: space-separated names; a name not mentioned is false
 *
 * Return: the bits; an unknown name is bit 63, which no test automaton has.
 */
unsigned long drive_parse_letter(const struct rv_automaton *a, const char *letter)
{
	unsigned long bits = 0;
	char word[64];

	while (*letter) {
		size_t len = strcspn(letter, " ");
		bool neg = *letter == '!';
		unsigned int i;

		if (len && len < sizeof(word)) {
			for (size_t k = 0; k < len; k++)
				word[k] = tolower((unsigned char)letter[k]);
			word[len] = '\0';
			for (i = 0; i < a->nr_atoms; i++)
				if (!strcmp(rv_atom_name(a, i), word + neg))
					break;
			if (i == a->nr_atoms)
				bits |= 1UL << 63;
			else if (!neg)
				bits |= 1UL << i;
		}
		letter += len;
		letter += strspn(letter, " ");
	}
	return bits;
}

/**
 * drive_first_violation() - at which letter the first violation fires
 * @a: the automaton
 * @letters: the letters, as drive_parse_letter() reads them
 * @n: how many
 *
 * Return: the index of the letter, or -1 when none is a violation.
 */
int drive_first_violation(const struct rv_automaton *a, const char *const *letters, int n)
{
	struct drive d;

	drive_init(&d, a);
	for (int i = 0; i < n; i++)
		if (drive_letter(&d, drive_parse_letter(a, letters[i])))
			return i;
	return -1;
}
