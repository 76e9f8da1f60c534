// SPDX-License-Identifier: GPL-2.0
/*
 * hello-world.c - the static workload that proves a guest runs programs
 * cross-built on the host.
 */
#include <stdio.h>
#include <sys/utsname.h>

int main(void)
{
	struct utsname u;

	if (uname(&u))
		return 1;
	printf("hello world from %s\n", u.machine);
	return 0;
}
