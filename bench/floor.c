// SPDX-License-Identifier: GPL-2.0-only
/*
 * The bare-iteration floor of `make bench`: open a trace.dat file with
 * libtracecmd and visit every record with tracecmd_iterate_events(),
 * reading only its event type and pid. What rvreplay does per record on
 * top of that is the replay; the targets are ratios to this.
 *
 * usage: floor TRACE.dat   (prints the records visited)
 */
#include <stdio.h>

#include <trace-cmd/trace-cmd.h>

struct visit {
	struct tep_handle	*tep;
	unsigned long long	records;
	unsigned long long	sum;	/* so that nothing is optimised away */
};

static int visit(struct tracecmd_input *handle, struct tep_record *rec, int cpu, void *data)
{
	struct visit *v = data;

	v->records++;
	v->sum += tep_data_type(v->tep, rec) + tep_data_pid(v->tep, rec);
	return 0;
}

int main(int argc, char **argv)
{
	struct visit v = { 0 };
	struct tracecmd_input *handle;

	if (argc != 2) {
		fprintf(stderr, "usage: floor TRACE.dat\n");
		return 2;
	}
	tracecmd_set_loglevel(TEP_LOG_NONE);
	handle = tracecmd_open(argv[1], 0);
	if (!handle) {
		fprintf(stderr, "floor: %s: libtracecmd cannot read it\n", argv[1]);
		return 2;
	}
	v.tep = tracecmd_get_tep(handle);
	tracecmd_iterate_events(handle, NULL, 0, visit, &v);
	printf("%llu records (%llu)\n", v.records, v.sum);
	tracecmd_close(handle);
	return 0;
}
